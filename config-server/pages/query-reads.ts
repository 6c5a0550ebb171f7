/**
 * Work kept per the page query params it read. A screen's shell (and the head around it) reads no state, but a widget
 * in it may read the page query (a link carrying the common params, an expression on `query.type`): drawn once, it
 * holds for every later query that agrees on each param the drawing looked at, whatever the others are (a new
 * borrower's token that nothing in it shows). The drawing notes what it read (renderer/boot/static-shell.tsx); one that
 * walked the whole query (spread or listed it) is kept for that exact query only.
 */

type Query = Record<string, string>;

/** What one drawing read of its query: the names looked at, or 'all' when it walked the whole query. */
export type QueryReads = readonly string[] | 'all';

interface Kept<T> {
  reads: QueryReads;
  query: Query;
  value: T;
}

/** Whether `query` agrees with a kept drawing's query on everything the drawing read. */
function agrees(kept: Kept<unknown>, query: Query): boolean {
  if (kept.reads !== 'all') return kept.reads.every((k) => query[k] === kept.query[k]);
  const names = Object.keys(query);
  return names.length === Object.keys(kept.query).length && names.every((k) => query[k] === kept.query[k]);
}

/**
 * Values made by a drawing of a query, per key (everything else the drawing depends on: market, screen...) and per the
 * query params it read (`readsOf` the value). The owner of a cache (a published version or arm, draw-page.ts) drops
 * it whole. At most `max` per key, the oldest going first: a drawing that reads a borrower's own param (their token
 * on a link) makes one per borrower.
 */
export function queryKeyedCache<T>(readsOf: (value: T) => QueryReads, max = 64) {
  const byKey = new Map<string, Kept<T>[]>();
  return {
    get(key: string, query: Query, make: () => T): T {
      let kept = byKey.get(key);
      const hit = kept?.find((k) => agrees(k, query));
      if (hit) return hit.value;
      const value = make();
      if (!kept) byKey.set(key, (kept = []));
      if (kept.length >= max) kept.shift();
      kept.push({ reads: readsOf(value), query: { ...query }, value });
      return value;
    },
  };
}
