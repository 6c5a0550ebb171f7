/**
 * Server-side: the screen's first data call, made by the server when the API map marks its endpoint
 * `prefetch: true` (a read call), then the screen's `onLoad` run against that answer so the page is drawn
 * with its data. The result travels inlined in the page; the app's onLoad claims it instead of calling
 * again (prefetch-first-call.ts). Imported by the config server only.
 */
import axios, { type AxiosAdapter } from 'axios';
import type { ApiMapDocument, Endpoint, ScreenDocument } from '../../schemas/generated/types';
import { runActions } from '../actions/run-actions';
import { createApiClient } from '../api/api-client';
import { callParts, commonParams, endpointOf, readEnvelope, safeJson, scalar } from '../api/call-rules';
import { markerHeaders } from '../api/http-clients';
import type { ApiClient, ApiResult } from '../runtime/contract';
import { registry } from '../nodes/registry';
import { createForms } from '../runtime/forms';
import type { RuntimeServices } from '../runtime/services';
import { createStateStore } from '../runtime/state-store';
import { callKey, firstApiCall } from './prefetch-first-call';

/** A call the server made, as inlined in the page for the app to claim. */
export interface ServerCall {
  endpoint: string;
  key: string;
  result: ApiResult;
}

export interface ServerData {
  /** The screen's state once its onLoad ran up to the next call it would make (or the end). */
  state?: Record<string, unknown>;
  calls: ServerCall[];
  /** The first call, for the page to start itself while the bundle downloads (the server could not make it). */
  early?: EarlyCall;
}

/** A first call as the browser would send it (public/early-call.js starts it; start-app.tsx claims it). */
export interface EarlyCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

/** One HTTP request as the server sends it (config-server/ssr-fetch.ts does the sending). */
export interface HttpCall {
  /** The API map's base URL (absolute, or same-origin such as `/sandbox`) + path + query string. */
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

export type SendCall = (call: HttpCall) => Promise<{ status: number; text: string }>;

export interface ServerPrefetchInput {
  doc: ScreenDocument;
  apiMap: ApiMapDocument;
  market: Record<string, unknown>;
  texts: Record<string, string>;
  query: Record<string, string>;
  commonQueryNames: string[];
  /** Does the HTTP: origin allow-list and time budget are its business (config-server/ssr-fetch.ts). */
  send: SendCall;
  logError(message: string, detail?: unknown): void;
}

const never = new Promise<ApiResult>(() => {});

/**
 * The screen's first onLoad call as the app's API client would send it (URL with common params, marker
 * headers, encoded body), captured instead of sent; null when there is none or it cannot travel as text.
 */
export async function describeFirstCall(input: Omit<ServerPrefetchInput, 'send'>): Promise<EarlyCall | null> {
  const first = firstApiCall(input.doc, { query: input.query, market: input.market, texts: input.texts });
  if (!first) return null;
  let early: EarlyCall | null = null;
  const capture: AxiosAdapter = async (config) => {
    const body = config.data;
    if (body === undefined || typeof body === 'string') {
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(config.headers?.toJSON?.() ?? {})) if (typeof v === 'string' || typeof v === 'number') headers[k] = String(v);
      early = { url: axios.getUri(config), method: (config.method ?? 'get').toUpperCase(), headers, ...(typeof body === 'string' ? { body } : {}) };
    }
    throw new Error('captured');
  };
  const api = createApiClient({ apiMap: input.apiMap, query: input.query, toast: () => {}, t: (k) => k, logError: () => {}, adapter: capture });
  await api.call(first.action.endpoint, first.params, { silent: true });
  return early;
}
/**
 * The request the app's API client would send for this call (same params, body encoding and marker
 * headers, by call-rules.ts), without axios: the server makes one per page request. null for a body
 * that cannot travel as text (multipart).
 */
export function httpCall(apiMap: ApiMapDocument, query: Record<string, string>, ep: Endpoint, params: Record<string, unknown>): HttpCall | null {
  const parts = callParts(ep, params, commonParams(apiMap, query));
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(parts.params)) if (v != null) qs.append(k, scalar(v));
  const search = qs.toString();
  let body: string | undefined;
  if (parts.data instanceof URLSearchParams) body = parts.data.toString();
  else if (parts.data !== undefined && !(typeof FormData !== 'undefined' && parts.data instanceof FormData)) body = JSON.stringify(parts.data);
  else if (parts.data !== undefined) return null;
  const headers = { ...markerHeaders(apiMap, query), ...(ep.encoding === 'form' ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}), ...parts.headers };
  return { url: `${apiMap.baseUrl.replace(/\/$/, '')}${ep.path}${search ? `?${search}` : ''}`, method: ep.method, headers, ...(body !== undefined ? { body } : {}) };
}

/** Far more promise jobs than an onLoad's actions chain between two calls (each action takes a handful). */
const MICROTASK_FLUSHES = 500;

/** null: nothing safe to prefetch, or the call failed / ran out of time (the app calls as it does today). */
export async function prefetchOnServer(input: ServerPrefetchInput): Promise<ServerData | null> {
  const fetched = await fetchFirstCall(input);
  return fetched ? applyFirstCall(input, fetched) : null;
}

/** The screen's first onLoad call as the server sends it, when the API map marks its endpoint `prefetch`. */
export interface FirstServerCall {
  endpoint: string;
  key: string;
  ep: Endpoint;
  call: HttpCall;
}

export function firstServerCall(input: Omit<ServerPrefetchInput, 'send'>): FirstServerCall | null {
  const first = firstApiCall(input.doc, { query: input.query, market: input.market, texts: input.texts });
  if (!first) return null;
  const { action, params } = first;
  const ep = endpointOf(input.apiMap, action.endpoint);
  if (!ep || ep.prefetch !== true) return null;
  const call = httpCall(input.apiMap, input.query, ep, params);
  if (!call) return null;
  return { endpoint: action.endpoint, key: callKey(action.endpoint, params, action.silent), ep, call };
}

/** The backend's answer read as the app's API client reads it; null unless it is a success. */
export function readFirstAnswer(input: Omit<ServerPrefetchInput, 'send'>, first: FirstServerCall, answer: { status: number; text: string }): ServerCall | null {
  const read = readEnvelope(input.apiMap, first.ep, safeJson(answer.text), (k) => input.texts[k] ?? k, { market: input.market, name: first.endpoint, warn: input.logError });
  // Not a success: the app makes the call itself and shows what it says, as it does without a server render.
  if (read.kind !== 'ok') return null;
  return { endpoint: first.endpoint, key: first.key, result: read.result };
}

/** The screen's first onLoad call made here, when the API map marks it `prefetch`; null when not made or not a success. */
export async function fetchFirstCall(input: ServerPrefetchInput): Promise<ServerCall | null> {
  const first = firstServerCall(input);
  if (!first) return null;
  let answer: { status: number; text: string };
  try {
    answer = await input.send(first.call);
  } catch (e) {
    input.logError(`call ${first.endpoint} failed: ${(e as Error)?.message ?? e}`);
    return null;
  }
  return readFirstAnswer(input, first, answer);
}

/** The screen's onLoad run against a prefetched first answer: the state the page is drawn with. */
export async function applyFirstCall(input: Omit<ServerPrefetchInput, 'send'>, fetched: ServerCall): Promise<ServerData | null> {
  const { key, result } = fetched;
  // onLoad on the server: the prefetched answer for its first call; any later call or delay waits forever
  // (the app makes it); what the state holds once the answer has been applied is what the page shows.
  let claimed = false;
  const serverApi: ApiClient = {
    call: (endpoint, p = {}, o) => {
      if (!claimed && callKey(endpoint, p, o?.silent) === key) {
        claimed = true;
        return Promise.resolve(result);
      }
      return never;
    },
    upload: () => never,
    url: () => '',
  };
  const controller = new AbortController();
  const services: RuntimeServices = {
    store: createStateStore(input.doc.state ?? {}),
    texts: input.texts,
    market: input.market,
    query: input.query,
    params: {},
    commonQueryNames: input.commonQueryNames,
    hashRouting: false,
    api: serverApi,
    bridge: { send: () => {} },
    forms: createForms(),
    toast: () => {},
    navigate: () => {},
    back: () => {},
    openExternal: () => {},
    logError: (m, d) => input.logError(`screen ${input.doc.id} (server onLoad): ${m}`, d),
    signal: controller.signal,
    registry,
  };
  let done = false;
  void runActions(input.doc.onLoad, services).finally(() => (done = true));
  // The runner applies the answer through promise jobs only (api → setState → if → ...): flushing the
  // microtask queue is enough, and never waits behind other requests' I/O as an event-loop turn would.
  for (let i = 0; i < MICROTASK_FLUSHES && !done; i++) await Promise.resolve();
  controller.abort();
  if (!claimed) return null;
  return { state: services.store.getSnapshot(), calls: [fetched] };
}
