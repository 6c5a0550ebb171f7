/**
 * The API map's rules for one call, without any HTTP library: where the params go (query string, form or
 * JSON body) and how the answer's envelope is read. The app's axios client (api-client.ts) and the config
 * server's own calls (http-call.ts, sent by the config server) both use these, so the two cannot drift apart.
 */
import type { ApiMapDocument, Endpoint } from '../../../schemas/generated/types';
import type { ApiResult } from './api-result';
import { readAnswer, type ReadOptions } from './read-answer';

export const scalar = (v: unknown) => (v == null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

export function toForm(params: Record<string, unknown>): URLSearchParams {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) body.append(k, scalar(v));
  return body;
}

export { endpointOf } from './endpoint-of';

/** Query params, body and extra headers of a (non-upload) call, by the endpoint's method and encoding. */
export interface CallParts {
  params: Record<string, unknown>;
  /** URLSearchParams for form, FormData for multipart, a plain object for JSON. */
  data?: unknown;
  headers?: Record<string, string>;
}

export function callParts(ep: Endpoint, params: Record<string, unknown>, common: Record<string, string>): CallParts {
  const merged = { ...(ep.fixedParams ?? {}), ...params };
  if (ep.method === 'GET' || ep.encoding === 'query') return { params: { ...merged, ...common } };
  if (ep.encoding === 'form') return { params: common, data: toForm(merged) };
  if (ep.encoding === 'multipart') {
    const fd = new FormData();
    for (const [k, v] of Object.entries(merged)) fd.append(k, v instanceof Blob ? v : scalar(v));
    return { params: common, data: fd };
  }
  return { params: common, data: merged, headers: { 'Content-Type': 'application/json' } };
}

/** What an answer's body says, read against its endpoint. */
export type EnvelopeReading =
  | { kind: 'ok'; result: ApiResult }
  /** A business error: `text` is what the borrower is shown (mapped error text, the message, or the fallback). */
  | { kind: 'error'; code: unknown; text: string }
  /** Not a `{code, message, data}` envelope at all (a proxy's HTML page, garbage). */
  | { kind: 'malformed'; field: string };

/** `read` (market, warnings) reads a success's data by the API map's rules (read-answer.ts). */
export function readEnvelope(
  apiMap: ApiMapDocument,
  ep: Endpoint,
  body: unknown,
  t: (key: string) => string,
  read: ReadOptions = {},
): EnvelopeReading {
  const field = ep.codeField ?? 'code';
  if (!body || typeof body !== 'object' || !(field in body)) return { kind: 'malformed', field };
  const env = body as Record<string, unknown>;
  const code = env[field];
  const message = typeof env.message === 'string' ? env.message : typeof env.msg === 'string' ? env.msg : '';
  if (isSuccess(code, ep.successCode))
    return { kind: 'ok', result: { ok: true, code, message, data: readAnswer(apiMap, ep, env.data, read) } };
  const mapped =
    ep.errorTexts && Object.hasOwn(ep.errorTexts, String(code)) ? t(ep.errorTexts[String(code)] as string) : '';
  return {
    kind: 'error',
    code,
    text:
      mapped ||
      message ||
      (ep.fallbackErrorText ? t(ep.fallbackErrorText) : t(apiMap.networkErrorText ?? 'common.error')),
  };
}

/**
 * 0, "0", '00' and "00" all mean the same success to a backend that mixes numbers and strings for codes. A code with no
 * digit (false, [], a blank) is a failure, though Number() reads each as 0.
 */
const isSuccess = (code: unknown, success: unknown) =>
  String(code) === String(success) || (/\d/.test(code as string) && Number(code) === Number(success));

export function safeJson(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    return undefined;
  }
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
