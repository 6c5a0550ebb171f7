/**
 * The API map's common params as the page query gives them, and the borrower they name. A file of its own: the
 * worker's page side names the borrower a kept page belongs to without the rest of the call rules and the answer reader.
 */
import type { ApiMapDocument } from '../../../schemas/generated/types';

/** The common params of the map, read from the page query (empty values left out). */
export function commonParams(apiMap: ApiMapDocument, query: Record<string, string>): Record<string, string> {
  const common: Record<string, string> = {};
  for (const p of apiMap.commonParams ?? [])
    if (query[p.query] != null && query[p.query] !== '') common[p.name] = query[p.query];
  return common;
}

/**
 * Whose answers and kept pages these are: everything the calls carry of the page query, the headers copied from it
 * too (a backend may take the token as a header alone; the common params would then name the phone, not the borrower).
 */
export function borrowerIdentity(apiMap: ApiMapDocument, query: Record<string, string>): Record<string, string> {
  const identity = commonParams(apiMap, query);
  for (const h of apiMap.headersFromQuery ?? []) if (query[h.query]) identity[`header ${h.header}`] = query[h.query];
  return identity;
}
