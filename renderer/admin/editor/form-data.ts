/**
 * What the property form hands back: @rjsf clones its data on every change and leaves `undefined` where a field was
 * cleared. The next element drops those (a cleared field removes its property) and keeps the previous element's
 * objects wherever nothing changed, so the editor's history and the outline see exactly the edit, and a form that
 * changed nothing changes nothing.
 */

const isPlain = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** A copy without `undefined` properties (at any depth). */
export function withoutUndefined(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(withoutUndefined);
  if (!isPlain(v)) return v;
  return Object.fromEntries(
    Object.entries(v)
      .filter(([, x]) => x !== undefined)
      .map(([k, x]) => [k, withoutUndefined(x)]),
  );
}

/** `next`, with every part equal to the same part of `prev` replaced by `prev`'s (so `prev` itself when all equal). */
export function sharePrevious<T>(prev: unknown, next: T): T {
  if (prev === next) return next;
  if (Array.isArray(prev) && Array.isArray(next)) {
    const out = next.map((x, i) => sharePrevious(prev[i], x));
    return (out.length === prev.length && out.every((x, i) => x === prev[i]) ? prev : out) as T;
  }
  if (isPlain(prev) && isPlain(next)) {
    const keys = Object.keys(next);
    const out = Object.fromEntries(keys.map((k) => [k, sharePrevious(prev[k], next[k])]));
    const same = keys.length === Object.keys(prev).length && keys.every((k) => k in prev && out[k] === prev[k]);
    return (same ? prev : out) as T;
  }
  return next;
}
