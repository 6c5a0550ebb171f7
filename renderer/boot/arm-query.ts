import type { CommonParam } from '../../schemas/generated/types';

/**
 * The common params the config server reads a borrower's arm of a release from (the server's
 * `whoNames`). Every config fetch carries them: without them the server answers the
 * base arm, and a candidate borrower's page would turn into the base after hydration or at the next screen.
 */
const WHO = ['deviceId', 'market', 'platform', 'version'];

let who: [string, string][] = [];

/** From the page query, under the API map's query names (before a bundle is known: the names themselves). */
export function setWho(query: Record<string, string>, common?: readonly CommonParam[]): void {
  who = [];
  for (const name of WHO) {
    const q = common?.find((p) => p.name === name)?.query ?? name;
    if (query[q]) who.push([q, query[q]]);
  }
}

/** `url` with the borrower's common params (set, not appended: the bundle's own `market` is the same value). */
export function withWho(url: string): string {
  const u = new URL(url, location.href);
  for (const [k, v] of who) u.searchParams.set(k, v);
  return u.pathname + u.search;
}
