import axios, { type AxiosAdapter, type AxiosInstance } from 'axios';
import type { ApiMapDocument } from '../../schemas/generated/types';

export interface HttpClients {
  /** Query string / JSON body calls. */
  json: AxiosInstance;
  /** application/x-www-form-urlencoded bodies (the backend's second client). */
  form: AxiosInstance;
}

/** Marker headers: the fixed ones of the map, XMLHttpRequest always, plus those copied from the page query. */
export function markerHeaders(apiMap: ApiMapDocument, query: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest', ...(apiMap.headers ?? {}) };
  for (const h of apiMap.headersFromQuery ?? []) {
    const v = query[h.query];
    if (v != null && v !== '') headers[h.header] = v;
  }
  return headers;
}

/** The two axios clients the backend expects: same base URL, timeout and marker headers; the second form-encodes. */
export function createHttpClients(apiMap: ApiMapDocument, query: Record<string, string>, adapter?: AxiosAdapter): HttpClients {
  const base = {
    baseURL: apiMap.baseUrl.replace(/\/$/, ''),
    timeout: apiMap.timeoutMs,
    headers: markerHeaders(apiMap, query),
    // Envelopes come with any status; the code field decides, never the HTTP status alone.
    validateStatus: () => true,
    ...(adapter ? { adapter } : {}),
  };
  return {
    json: axios.create(base),
    form: axios.create({ ...base, headers: { ...base.headers, 'Content-Type': 'application/x-www-form-urlencoded' } }),
  };
}
