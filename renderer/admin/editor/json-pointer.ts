/**
 * RFC 6901 JSON pointers over a parsed document, read and written immutably: a write copies only the objects on
 * the path and returns a new root, so untouched subtrees keep their identity (React skips them, undo keeps them).
 */

export const escapeToken = (t: string) => t.replace(/~/g, '~0').replace(/\//g, '~1');
const unescapeToken = (t: string) => t.replace(/~1/g, '/').replace(/~0/g, '~');

export function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new Error(`not a JSON pointer: '${pointer}'`);
  return pointer.slice(1).split('/').map(unescapeToken);
}

export const formatPointer = (tokens: readonly (string | number)[]) =>
  tokens.map((t) => `/${escapeToken(String(t))}`).join('');

type Container = Record<string, unknown> | unknown[];
const isContainer = (v: unknown): v is Container => !!v && typeof v === 'object';

export function getAt(doc: unknown, pointer: string): unknown {
  let node = doc;
  for (const t of parsePointer(pointer)) {
    if (!isContainer(node)) return undefined;
    node = Array.isArray(node) ? node[Number(t)] : node[t];
  }
  return node;
}

/** A copy of `doc` with `value` at `pointer` (`undefined` deletes an object property). Missing parents throw. */
export function setAt(doc: unknown, pointer: string, value: unknown): unknown {
  const tokens = parsePointer(pointer);
  const write = (node: unknown, i: number): unknown => {
    if (i === tokens.length) return value;
    if (!isContainer(node)) throw new Error(`nothing at ${formatPointer(tokens.slice(0, i))} to write into`);
    const t = tokens[i];
    if (Array.isArray(node)) {
      const copy = node.slice();
      copy[Number(t)] = write(node[Number(t)], i + 1);
      return copy;
    }
    const copy: Record<string, unknown> = { ...node };
    const next = write(node[t], i + 1);
    if (next === undefined) delete copy[t];
    else copy[t] = next;
    return copy;
  };
  return write(doc, 0);
}

/** The array at `pointer` with `fn` applied to a copy of it. */
export function updateArrayAt(doc: unknown, pointer: string, fn: (items: unknown[]) => void): unknown {
  const found = getAt(doc, pointer);
  const copy = Array.isArray(found) ? found.slice() : [];
  fn(copy);
  return setAt(doc, pointer, copy);
}

/** The pointer of the array or object holding `pointer`, and its last token. */
export function splitPointer(pointer: string): { parent: string; key: string } {
  const tokens = parsePointer(pointer);
  return { parent: formatPointer(tokens.slice(0, -1)), key: tokens[tokens.length - 1] ?? '' };
}

/** `pointer` is `ancestor` itself or lies under it. */
export const isWithin = (pointer: string, ancestor: string) =>
  pointer === ancestor || pointer.startsWith(ancestor + '/');

/**
 * Where `pointer` is after the array item at `removed` was taken out: later siblings of `removed` (and what lies
 * under them) move one index down. Undefined when `pointer` was inside the removed item.
 */
export function afterRemoval(pointer: string, removed: string): string | undefined {
  if (isWithin(pointer, removed)) return undefined;
  const { parent, key } = splitPointer(removed);
  if (!pointer.startsWith(parent + '/')) return pointer;
  const rest = parsePointer(pointer.slice(parent.length));
  const i = Number(rest[0]);
  if (!Number.isInteger(i) || i < Number(key)) return pointer;
  return parent + formatPointer([i - 1, ...rest.slice(1)]);
}
