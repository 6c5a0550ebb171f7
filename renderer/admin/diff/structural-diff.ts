/**
 * The structural difference of two JSON values as a flat list of changes, each at its JSON pointer
 * with the value before and after. Unlike a JSON Patch it keeps the old value, which a reviewer
 * needs to judge a change. Arrays are compared position by position: a screen's node list is an
 * ordered tree, and "node 3 changed" is what an editor can find in the JSON editor.
 */
export type ChangeKind = 'added' | 'removed' | 'changed';

export interface Change {
  /** RFC 6901 pointer, '' for the whole document. */
  pointer: string;
  change: ChangeKind;
  before?: unknown;
  after?: unknown;
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const escape = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');
export const unescapePointerToken = (t: string) => t.replace(/~1/g, '/').replace(/~0/g, '~');

/** The keys of a pointer, unescaped: '/texts/a~1b' → ['texts', 'a/b']. */
export const pointerTokens = (pointer: string) =>
  pointer ? pointer.slice(1).split('/').map(unescapePointerToken) : [];

export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => sameJson(v, b[i]));
  if (isObject(a) && isObject(b)) {
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => k in b && sameJson(a[k], b[k]));
  }
  return false;
}

/** Every change turning `before` into `after`; `undefined` on a side means the value does not exist. */
export function structuralDiff(before: unknown, after: unknown, pointer = ''): Change[] {
  if (sameJson(before, after)) return [];
  if (before === undefined) return [{ pointer, change: 'added', after }];
  if (after === undefined) return [{ pointer, change: 'removed', before }];
  if (isObject(before) && isObject(after)) {
    const keys = [...Object.keys(before), ...Object.keys(after).filter((k) => !(k in before))];
    return keys.flatMap((k) => structuralDiff(before[k], after[k], `${pointer}/${escape(k)}`));
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    const n = Math.max(before.length, after.length);
    return Array.from({ length: n }, (_, i) => structuralDiff(before[i], after[i], `${pointer}/${i}`)).flat();
  }
  return [{ pointer, change: 'changed', before, after }];
}
