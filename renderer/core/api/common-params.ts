/**
 * The API map's common params as the page query gives them. A file of its own: the app reads them while drawing (the
 * borrower a kept page belongs to), where the rest of the call rules and the answer reader are not loaded yet.
 */
import type { ApiMapDocument } from '../../../schemas/generated/types';

/** The common params of the map, read from the page query (empty values left out). */
export function commonParams(apiMap: ApiMapDocument, query: Record<string, string>): Record<string, string> {
  const common: Record<string, string> = {};
  for (const p of apiMap.commonParams ?? [])
    if (query[p.query] != null && query[p.query] !== '') common[p.name] = query[p.query];
  return common;
}
