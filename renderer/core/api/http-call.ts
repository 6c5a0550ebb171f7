/**
 * A call as plain request data (URL, method, headers, text body) by the same API-map rules the app's axios
 * client follows (call-rules.ts): what the config server sends itself, and what it hands the page to send early.
 */
import type { ApiMapDocument, Endpoint } from '../../../schemas/generated/types';
import { callParts, markerHeaders, scalar } from './call-rules';
import { commonParams } from './common-params';

export interface HttpCall {
  /** The API map's base URL (absolute, or same-origin such as `/sandbox`) + path + query string. */
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

/** null for a body that cannot travel as text (multipart). */
export function httpCall(
  apiMap: ApiMapDocument,
  query: Record<string, string>,
  ep: Endpoint,
  params: Record<string, unknown>,
): HttpCall | null {
  const parts = callParts(ep, params, commonParams(apiMap, query));
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(parts.params)) if (v != null) qs.append(k, scalar(v));
  const search = qs.toString();
  let body: string | undefined;
  if (parts.data instanceof URLSearchParams) body = parts.data.toString();
  else if (parts.data !== undefined && !(typeof FormData !== 'undefined' && parts.data instanceof FormData))
    body = JSON.stringify(parts.data);
  else if (parts.data !== undefined) return null;
  const headers = {
    ...markerHeaders(apiMap, query),
    ...(ep.encoding === 'form' ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}),
    ...parts.headers,
  };
  return {
    url: `${apiMap.baseUrl.replace(/\/$/, '')}${ep.path}${search ? `?${search}` : ''}`,
    method: ep.method,
    headers,
    ...(body !== undefined ? { body } : {}),
  };
}
