/** Finding text keys by key or by copy in any locale, for the text key picker. */

export interface KeyHit {
  key: string;
  /** Copy by locale (missing locales absent). */
  copy: Record<string, string>;
}

/** Every key of any locale, each with its copy in every locale. */
export function allKeys(texts: Record<string, Record<string, string>>): KeyHit[] {
  const keys = new Set(Object.values(texts).flatMap((set) => Object.keys(set)));
  return [...keys].sort().map((key) => ({
    key,
    copy: Object.fromEntries(
      Object.entries(texts)
        .filter(([, set]) => key in set)
        .map(([locale, set]) => [locale, set[key]]),
    ),
  }));
}

/** Keys whose name or copy (any locale) contains every word of the query, keys matching by name first. */
export function searchKeys(texts: Record<string, Record<string, string>>, query: string, max = 20): KeyHit[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return [];
  const all = allKeys(texts);
  const byName = all.filter((h) => words.every((w) => h.key.toLowerCase().includes(w)));
  const byCopy = all.filter(
    (h) =>
      !byName.includes(h) &&
      words.every(
        (w) => Object.values(h.copy).some((c) => c.toLowerCase().includes(w)) || h.key.toLowerCase().includes(w),
      ),
  );
  return [...byName, ...byCopy].slice(0, max);
}
