/**
 * In-context editing: which text keys produced a piece of text on the preview screen. The console
 * knows the draft copy the frame runs, so it matches the clicked element's text against the values
 * (a `{placeholder}` matches anything) instead of the renderer tagging every text: borrower pages
 * carry no code and no attribute for this.
 */
const cache = new Map<string, RegExp>();

function patternOf(value: string): RegExp {
  let re = cache.get(value);
  if (!re) {
    const parts = value
      .split(/\{[A-Za-z_][A-Za-z0-9_.]*\}/)
      .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+'));
    re = new RegExp(`^${parts.join('[\\s\\S]*?')}$`, 'u');
    if (cache.size > 5000) cache.clear();
    cache.set(value, re);
  }
  return re;
}

const clean = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Keys whose copy is exactly this text (placeholders filled by anything), best first: preferred keys, then the longest copy. */
export function keysForText(text: string, texts: Record<string, string>, preferred: Set<string> = new Set()): string[] {
  const t = clean(text);
  if (!t) return [];
  const hits: string[] = [];
  for (const [key, value] of Object.entries(texts)) {
    if (typeof value !== 'string' || !value.trim()) continue;
    const v = clean(value);
    if (v === t || (v.includes('{') && patternOf(v).test(t))) hits.push(key);
  }
  return hits.sort(
    (a, b) =>
      Number(preferred.has(b)) - Number(preferred.has(a)) ||
      clean(texts[b]!).length - clean(texts[a]!).length ||
      a.localeCompare(b),
  );
}

/** The texts an element shows, innermost first: its labels (aria-label, placeholder, alt, title), then its text, then its ancestors' (a few levels). */
export function textsAround(el: Element | null, levels = 4): string[] {
  const out: string[] = [];
  for (let cur = el, i = 0; cur && i <= levels; cur = cur.parentElement, i++) {
    for (const attr of ['aria-label', 'placeholder', 'alt', 'title']) {
      const a = cur.getAttribute(attr);
      if (a) out.push(a);
    }
    const own = (cur as HTMLElement).innerText ?? cur.textContent ?? '';
    if (own.trim()) out.push(own);
  }
  return out;
}
