/**
 * A typed cell and the saved copy under it can part: a colleague saves the same key while it is being typed. Each
 * typed cell remembers the saved value it was typed over (its base); when a reload brings another value, the cell
 * clashes, and saving waits until the editor takes theirs or knowingly keeps their own. Without this, the reload
 * after a 412 puts the typed text on top and the next save overwrites the colleague's copy unseen.
 */
type ByKey<T> = Record<string, Record<string, T>>;
/** Per text set, per typed key: the saved value the typing started from (`undefined`: the key was missing). */
export type Bases = ByKey<string | undefined>;

export interface Clash {
  docId: string;
  key: string;
  /** The saved value now (`undefined`: their version has no such key). */
  theirs: string | undefined;
}

/** Remembers the value a key's typing started from, once: later keystrokes keep the first base. */
export function withBase(bases: Bases, docId: string, key: string, saved: string | undefined): Bases {
  if (bases[docId] && key in bases[docId]) return bases;
  return { ...bases, [docId]: { ...bases[docId], [key]: saved } };
}

/** The map without one text set's key (a typed cell saved or dropped, or its base). */
export function withoutKey<T>(m: ByKey<T>, docId: string, key: string): ByKey<T> {
  const { [key]: _gone, ...rest } = m[docId] ?? {};
  return { ...m, [docId]: rest };
}

/** Typed cells whose saved value changed since their typing began, to something other than what was typed. */
export function clashesOf<D extends { id: string }>(
  saved: D[],
  textsOf: (d: D) => Record<string, string>,
  edits: ByKey<string>,
  bases: Bases,
): Clash[] {
  return saved.flatMap((d) =>
    Object.entries(edits[d.id] ?? {})
      .filter(([key, mine]) => {
        const base = bases[d.id];
        return !!base && key in base && textsOf(d)[key] !== base[key] && textsOf(d)[key] !== mine;
      })
      .map(([key]) => ({ docId: d.id, key, theirs: textsOf(d)[key] })),
  );
}

/** Keeping mine: it stays typed, now over their text (the base), so saving replaces theirs knowingly. */
export const keptMine = (bases: Bases, c: Clash): Bases =>
  withBase(withoutKey(bases, c.docId, c.key), c.docId, c.key, c.theirs);

/** The alert after a 412 that reloaded the table under the typed cells. */
export const RELOADED =
  'Someone else saved this copy meanwhile: it is reloaded and your typed cells are kept. Where they changed a cell you typed in, it says so: keep yours or take theirs, then save.';
