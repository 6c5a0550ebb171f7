/**
 * The draft preview's states: the document the frame draws for a chosen state of the screen, and where
 * each of its nodes sits. Pure, loaded only by the preview module (never by a borrower's page). A state changes the
 * document the way the screen would get there, so the real widgets draw it: a `when` branch shows because its
 * condition (and its ancestors') is dropped; a modal is open in the initial state (`state.$modals.<id>`, what the
 * Modal widget reads); a list's items resolve to nothing, so it draws its `empty` nodes; a call fails because its
 * step names a marked endpoint the preview's API client fails as the network would (start-preview.ts).
 */
import { FAILED_CALL_PREFIX, type PreviewOverride } from './preview/preview-messages';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

/** RFC 6901 pointer → its reference tokens. */
export function tokens(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new Error(`not a JSON pointer: ${pointer}`);
  return pointer
    .slice(1)
    .split('/')
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

const escapeToken = (t: string) => t.replace(/~/g, '~0').replace(/\//g, '~1');

/** The values on the path to `pointer`, root first (ends early where the path does not exist). */
function path(doc: unknown, pointer: string): unknown[] {
  const out: unknown[] = [doc];
  let at: unknown = doc;
  for (const t of tokens(pointer)) {
    if (Array.isArray(at)) at = /^(0|[1-9]\d*)$/.test(t) ? at[Number(t)] : undefined;
    else if (isObj(at)) at = Object.hasOwn(at, t) ? at[t] : undefined;
    else at = undefined;
    if (at === undefined) return out;
    out.push(at);
  }
  return out;
}

/** The value at `pointer`, or undefined. */
export function at(doc: unknown, pointer: string): unknown {
  try {
    const p = path(doc, pointer);
    return p.length === tokens(pointer).length + 1 ? p[p.length - 1] : undefined;
  } catch {
    return undefined;
  }
}

/** Drops the `when` of the element at `pointer` and of every element above it: that element is drawn. */
function reveal(doc: unknown, pointer: string) {
  for (const v of path(doc, pointer)) if (isObj(v) && 'when' in v) delete v.when;
}

/**
 * A copy of `doc` in the chosen states (the draft itself is never changed). Overrides whose pointer does not name
 * an element of the expected shape are skipped: the menu is built from the same draft, so that means it moved on.
 */
export function applyOverrides<T>(doc: T, overrides: readonly PreviewOverride[]): T {
  if (!overrides.length) return doc;
  const copy = structuredClone(doc) as T;
  for (const o of overrides) {
    const el = at(copy, o.pointer);
    if (!isObj(el)) continue;
    switch (o.state) {
      case 'shown':
        reveal(copy, o.pointer);
        break;
      case 'modal-open': {
        const root = copy as unknown;
        if (typeof el.id !== 'string' || !isObj(root)) break;
        reveal(root, o.pointer);
        const state = isObj(root.state) ? root.state : (root.state = {});
        const modals = isObj(state.$modals) ? state.$modals : (state.$modals = {});
        modals[el.id] = true;
        break;
      }
      case 'list-empty':
        if (!('items' in el)) break;
        reveal(copy, o.pointer);
        // A plain string is no template: it resolves to itself, which is no list, so the list is empty.
        el.items = '';
        break;
      case 'call-failed':
        if (typeof el.endpoint === 'string' && !el.endpoint.startsWith(FAILED_CALL_PREFIX))
          el.endpoint = FAILED_CALL_PREFIX + el.endpoint;
        break;
    }
  }
  return copy;
}

/** Every object of `doc` by identity → its pointer (the nodes the frame draws are these very objects). */
export function pointersOf(doc: unknown): WeakMap<object, string> {
  const map = new WeakMap<object, string>();
  const walk = (v: unknown, p: string) => {
    if (!v || typeof v !== 'object' || map.has(v)) return;
    map.set(v, p);
    if (Array.isArray(v)) v.forEach((c, i) => walk(c, `${p}/${i}`));
    else for (const [k, c] of Object.entries(v)) walk(c, `${p}/${escapeToken(k)}`);
  };
  walk(doc, '');
  return map;
}
