/**
 * The rendered half of the length check: in the preview frame at 320 px, which texts do not fit their box. A text is
 * measured on the nearest box that holds it (an inline span has no width of its own): its content is wider than the
 * box when `scrollWidth > clientWidth`. Only boxes that show text count, so a scrolling tab strip without text of its
 * own is not reported for its children.
 */
export interface Overflow {
  /** The text as shown (whitespace collapsed). */
  text: string;
  /** The box that overflows. */
  element: HTMLElement;
  /** How many CSS pixels the content is wider than the box. */
  excess: number;
}

const SKIP = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'HEAD']);

/** The nearest ancestor (or the element itself) that lays out as a box, whose widths mean something. */
function boxOf(el: Element): HTMLElement | null {
  const view = el.ownerDocument.defaultView;
  for (let cur: Element | null = el; cur; cur = cur.parentElement) {
    const display = view?.getComputedStyle(cur).display ?? 'block';
    if (display !== 'inline' && display !== 'contents') return cur as HTMLElement;
  }
  return null;
}

/** Every box in `doc` whose text is wider than the box, in document order, each box once. */
export function findOverflows(doc: Document): Overflow[] {
  const boxes = new Set<HTMLElement>();
  const walker = doc.createTreeWalker(doc.body ?? doc.documentElement, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const parent = n.parentElement;
    if (!parent || !n.textContent?.trim() || SKIP.has(parent.tagName)) continue;
    const box = boxOf(parent);
    if (box) boxes.add(box);
  }
  const out: Overflow[] = [];
  for (const box of boxes) {
    // One pixel of slack: sub-pixel rounding makes scrollWidth exceed clientWidth by 1 on fitting text.
    const excess = box.scrollWidth - box.clientWidth;
    if (box.clientWidth > 0 && excess > 1) {
      out.push({ text: (box.textContent ?? '').replace(/\s+/g, ' ').trim(), element: box, excess });
    }
  }
  return out;
}
