/**
 * The one reader of a borrower's release params: the common params (`deviceId`, `market`, `platform`,
 * `version`, under the API map's names for them) and `v`, from a page's or a config request's query. Drawn pages,
 * the config API and its fast path all read a borrower here, so the same query puts them in the same arm everywhere.
 */
import type { Borrower } from './bucket.js';
import { oneOf, type SnapshotDoc as Doc } from '../published/entries.js';

/** What a request says: the borrower (common params) and `v`, the version of a body a drawn page names. */
export interface Who extends Borrower {
  v?: string;
}

/** The query names of the common params a borrower is read from (the API map's `commonParams`). */
export interface WhoNames {
  deviceId: string;
  market: string;
  platform: string;
  version: string;
}

export function whoNames(docs: readonly Doc[]): WhoNames {
  const common = oneOf(docs, 'api-map')?.commonParams;
  const list = Array.isArray(common) ? (common as { name?: unknown; query?: unknown }[]) : [];
  const q = (name: string) => {
    const p = list.find((c) => c && c.name === name && typeof c.query === 'string');
    return (p?.query as string | undefined) ?? name;
  };
  return { deviceId: q('deviceId'), market: q('market'), platform: q('platform'), version: q('version') };
}

/**
 * A query as either side has it: express's parsed `req.query` (a repeated name is an array) or the raw query string
 * the fast path sees before express (parsed here only when a param is asked for).
 */
export type QuerySource = Readonly<Record<string, unknown>> | URLSearchParams;

/** A param given exactly once and not empty; `undefined` when absent, repeated or empty, so no one picks their arm. */
export function paramOnce(query: QuerySource, name: string): string | undefined {
  if (query instanceof URLSearchParams) {
    const all = query.getAll(name);
    return all.length === 1 && all[0] ? all[0] : undefined;
  }
  const v = Object.hasOwn(query, name) ? query[name] : undefined;
  return typeof v === 'string' && v ? v : undefined;
}

/** Who a request is, from its query. */
export function borrowerParams(names: WhoNames, query: QuerySource): Who {
  const get = (name: string) => paramOnce(query, name);
  return {
    deviceId: get(names.deviceId),
    market: get(names.market),
    platform: get(names.platform),
    version: get(names.version),
    v: get('v'),
  };
}
