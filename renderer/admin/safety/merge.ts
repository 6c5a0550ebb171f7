/**
 * "Take mine on top of theirs" after a 412: the changes I made to the version I loaded (base → mine)
 * are applied to the version a colleague saved meanwhile (theirs). Where we both changed the same
 * value differently, mine wins and the pointer is reported, so the editor looks at exactly those.
 */
import { pointerTokens, sameJson, structuralDiff, type Change } from '../diff/structural-diff';

export interface MergeResult {
  merged: unknown;
  /** Pointers both sides changed to different values (mine was kept). */
  conflicts: string[];
}

type Container = Record<string, unknown> | unknown[];
const isContainer = (v: unknown): v is Container => !!v && typeof v === 'object';

function apply(root: unknown, c: Change): unknown {
  const tokens = pointerTokens(c.pointer);
  if (!tokens.length) return c.change === 'removed' ? null : structuredClone(c.after);
  let node = root as Container;
  for (const t of tokens.slice(0, -1)) {
    const next = (node as Record<string, unknown>)[t];
    if (!isContainer(next)) {
      (node as Record<string, unknown>)[t] = {};
    }
    node = (node as Record<string, unknown>)[t] as Container;
  }
  const last = tokens[tokens.length - 1];
  if (c.change === 'removed') {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else if (Array.isArray(node) && Number(last) >= node.length) {
    // Past the end of their (shorter) list: my new item goes at its end. Written at my index it would leave holes,
    // which JSON writes as null: a node or list entry nobody typed.
    node.push(structuredClone(c.after));
  } else (node as Record<string, unknown>)[last] = structuredClone(c.after);
  return root;
}

const related = (a: string, b: string) => a === b || a.startsWith(`${b}/`) || b.startsWith(`${a}/`);

/** What the editor says once mine is on top of theirs: the fields both of us changed, where mine was kept. */
export const mergedStatus = (conflicts: readonly string[]) =>
  conflicts.length
    ? `Your changes are now on top of theirs. You both changed ${conflicts.join(', ')}: yours was kept there; check, then save.`
    : 'Your changes are now on top of theirs: check, then save.';

export function mergeMineOnTheirs(base: unknown, mine: unknown, theirs: unknown): MergeResult {
  const mineChanges = structuralDiff(base, mine);
  const theirChanges = structuralDiff(base, theirs);
  const conflicts = mineChanges
    .filter((m) => theirChanges.some((t) => related(m.pointer, t.pointer)))
    .filter((m) => !sameJson(valueAt(theirs, m.pointer), valueAt(mine, m.pointer)))
    .map((m) => m.pointer);
  // Array removals from the end first, so earlier indices stay valid.
  const ordered = [
    ...mineChanges.filter((c) => c.change !== 'removed'),
    ...mineChanges.filter((c) => c.change === 'removed').reverse(),
  ];
  let merged: unknown = isContainer(theirs) ? structuredClone(theirs) : theirs;
  for (const c of ordered) merged = isContainer(merged) || !pointerTokens(c.pointer).length ? apply(merged, c) : merged;
  return { merged, conflicts };
}

export function valueAt(doc: unknown, pointer: string): unknown {
  return pointerTokens(pointer).reduce<unknown>(
    (v, t) => (isContainer(v) ? (v as Record<string, unknown>)[t] : undefined),
    doc,
  );
}
