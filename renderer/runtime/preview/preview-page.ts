/**
 * What the preview frame does to its own page for the canvas: the node wrappers' style, the outline of
 * the selected node, selection by click, and keeping the console's focus. Each returns how to undo it (tests).
 */

/** The element around each drawn node of the draft, naming its pointer; `display: contents` keeps the layout. */
export const WRAPPER = 'sdui-node';
const BASE_STYLE = `${WRAPPER}{display:contents}html[data-sdui-select] body *{cursor:pointer}`;
const OUTLINE = 'outline:2px solid #1d5fbf !important;outline-offset:-2px';
const HOVER = 'outline:1px dashed #1d5fbf;outline-offset:-1px';

function setStyle(doc: Document, id: string, css: string) {
  let el = doc.getElementById(id);
  if (!el) {
    el = doc.createElement('style');
    el.id = id;
    doc.head.appendChild(el);
  }
  el.textContent = css;
}

export const installWrapperStyle = (doc: Document) => setStyle(doc, 'sdui-preview-style', BASE_STYLE);

/** The wrapper of the node at `pointer`, as a CSS selector (a pointer may hold any character of a key). */
const wrapperOf = (pointer: string) =>
  `${WRAPPER}[data-sdui-pointer="${pointer.replace(/[\\"]/g, '\\$&').replace(/\n/g, '\\a ')}"]`;

/** Outlines the boxes of the node at `pointer` (null: none) and scrolls the frame to it if it is out of view. */
export function outlineNode(win: Window, pointer: string | null) {
  const doc = win.document;
  if (pointer === null) return setStyle(doc, 'sdui-preview-selected', '');
  const attr = wrapperOf(pointer);
  setStyle(doc, 'sdui-preview-selected', `${attr}>*{${OUTLINE}}`);
  // Scrolled within the frame only (scrollIntoView would scroll the console page around it too).
  const box = doc.querySelector(`${attr}>*`)?.getBoundingClientRect();
  if (box && (box.top < 0 || box.bottom > win.innerHeight)) win.scrollTo({ top: win.scrollY + box.top - 16 });
}

/**
 * Select mode (while `on()`): a click picks the innermost node under it and the page never sees it (no navigation,
 * no call). Off, the page is used as a borrower would.
 */
export function selectOnClick(doc: Document, on: () => boolean, picked: (pointer: string) => void): () => void {
  const under = (e: Event) =>
    (e.target as Element | null)?.closest?.(`${WRAPPER}[data-sdui-pointer]`)?.getAttribute('data-sdui-pointer');
  const onClick = (e: MouseEvent) => {
    if (!on()) return;
    e.preventDefault();
    e.stopPropagation();
    const pointer = under(e);
    if (pointer != null) picked(pointer);
  };
  // What a click would pick, dashed, while the pointer is over it.
  const onHover = (e: MouseEvent) => {
    const pointer = on() ? under(e) : null;
    setStyle(doc, 'sdui-preview-hover', pointer == null ? '' : `${wrapperOf(pointer)}>*{${HOVER}}`);
  };
  doc.addEventListener('click', onClick, true);
  doc.addEventListener('mouseover', onHover, true);
  return () => {
    doc.removeEventListener('click', onClick, true);
    doc.removeEventListener('mouseover', onHover, true);
  };
}

/**
 * The preview never takes the console's focus: a redrawn modal or field focuses itself only while the person is in
 * the frame (else every keystroke in a property form, redrawing an open modal, would move focus into the frame).
 */
export function keepConsoleFocus(win: Window): () => void {
  const proto = (win as Window & typeof globalThis).HTMLElement.prototype;
  const focus = proto.focus;
  proto.focus = function (this: HTMLElement, o?: FocusOptions) {
    if (win.document.hasFocus()) focus.call(this, o);
  };
  return () => void (proto.focus = focus);
}
