import type { AxiosAdapter, AxiosRequestConfig } from 'axios';
import type { ApiMapDocument, Endpoint } from '../../schemas/generated/types';
import type { ApiClient, ApiResult, CallOptions } from '../runtime/contract';
import { appToastMs } from '../toast/toast-store';
import { callParts, endpointOf as endpointIn, readEnvelope, safeJson, scalar } from '../core/api/call-rules';
import { borrowerIdentity, commonParams } from '../core/api/common-params';
import { lazyHttpClients } from './http-clients';
import { pendingCalls } from './pending-calls';
import { note } from '../telemetry/telemetry-inbox';
import { answerKey, keptAnswers } from './kept-answers';
import { browserOffline, offlineStatus } from './offline-status';
import { DEFAULT_OFFLINE, offlineOf } from '../core/market/market-reads';
import { keptPageGate, type KeptVerdict } from '../worker/kept-page-gate';

/** The text a call refused for want of a connection shows: the same words as the offline notice. */
export const OFFLINE_TEXT = 'offline.notice';
/** The code of a call refused offline (never sent): screens' onError lists see it as `error.code`. */
export const OFFLINE_CODE = 'offline';
/** The code of a call refused because the kept page it was tapped on changed (the page loads the server's figures). */
export const KEPT_CHANGED_CODE = 'kept-page-changed';

export interface ApiClientOptions {
  apiMap: ApiMapDocument;
  /** Page URL query (common params and header sources). */
  query: Record<string, string>;
  toast(message: string, durationMs?: number): void;
  t(key: string): string;
  logError(message: string, detail?: unknown): void;
  /** The market document in force: answers' amounts in minor units are read with its format (API map `read`). */
  market?: unknown;
  /** Tests replace the network here. */
  adapter?: AxiosAdapter;
}

/** An answer as it came off the wire: the page's early fetch hands one over. */
export interface RawAnswer {
  status: number;
  text: string;
}

export interface AppApiClient extends ApiClient {
  /** Reads an answer sent by someone else (the page's early fetch) as this call's own: envelope, toasts, timeout. */
  answer(
    endpoint: string,
    raw: Promise<RawAnswer>,
    opts?: CallOptions & { params?: Record<string, unknown> },
  ): Promise<ApiResult>;
  /** Keeps an answer someone else fetched (the server's, drawn into the page) as this call's, when it is a read. */
  keep(endpoint: string, params: Record<string, unknown>, result: ApiResult): void;
}

/** The early fetch was sent without the API map's timeout (the page did not have it yet): the claim keeps it. */
function within<T>(answer: Promise<T>, ms: number | undefined): Promise<T> {
  if (!(ms && ms > 0)) return answer;
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timeout of ${ms}ms exceeded`)), ms);
    answer.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

/** Logical endpoint → HTTP call through the API map; never throws. */
export function createApiClient(opts: ApiClientOptions): AppApiClient {
  const { apiMap, query } = opts;
  const http = lazyHttpClients(apiMap, query, opts.adapter);
  const common = commonParams(apiMap, query);

  const endpointOf = (name: string): Endpoint | undefined => endpointIn(apiMap, name);
  const kept = keptAnswers(
    borrowerIdentity(apiMap, query),
    opts.market ? offlineOf(opts.market as Record<string, unknown>).keepAnswersMs : DEFAULT_OFFLINE.keepAnswersMs,
  );
  /** A read (it changes nothing, API map `firstCall.by: server`) may be answered from the phone when offline. */
  const isRead = (ep: Endpoint) => ep.firstCall?.by === 'server';

  /** Whether a failure of this call may toast: not when asked to be silent, nor when no longer wanted. */
  const loud = (o?: CallOptions) => !o?.silent && o?.wanted?.() !== false;
  /** A read's kept answer (marked on the page with its fetch time), if the phone has one. */
  const keptRead = (ep: Endpoint, key: string | undefined): ApiResult | undefined => {
    const found = key !== undefined && isRead(ep) ? kept.read(key) : null;
    if (found) offlineStatus.showedKept(found.at);
    return found?.result;
  };
  /**
   * No connection: a read is answered with its kept answer (marked with its fetch time) when there is one; anything
   * else (a complaint, a payment, a confirmation, a registration) is refused with the offline notice and never sent
   * or queued: what the borrower typed stays, and the same tap sends once the phone is back online.
   */
  const offline = (ep: Endpoint, key: string | undefined, o?: CallOptions): ApiResult => {
    offlineStatus.noConnection();
    const found = keptRead(ep, key);
    if (found) return found;
    const text = opts.t(OFFLINE_TEXT);
    // A read without a kept answer: the page's offline notice says it already. A refused send says so where tapped.
    if (loud(o) && ep.onFailure !== 'silent' && !isRead(ep)) opts.toast(text, appToastMs());
    return { ok: false, code: OFFLINE_CODE, message: text, data: undefined };
  };
  const networkText = () => opts.t(apiMap.networkErrorText ?? 'common.error');

  // Every failure of a call passes here: the beacons count them by endpoint (release guard).
  const fail = (name: string, ep: Endpoint, o: CallOptions | undefined, code: unknown, message: string): ApiResult => {
    note({ api: name });
    if (loud(o) && ep.onFailure !== 'silent' && message) opts.toast(message, appToastMs());
    return { ok: false, code, message, data: undefined };
  };

  /** An axios request by the endpoint's encoding; resolves to the answer's body. */
  const viaAxios =
    (config: (ep: Endpoint) => AxiosRequestConfig, multipart = false) =>
    async (ep: Endpoint) => {
      const timeout = ep.timeoutMs ?? apiMap.timeoutMs;
      // Loading axios (the first call only) is bounded by the endpoint's timeout too: a stuck download fails the call.
      const clients = await within(http(), timeout);
      const client = ep.encoding === 'form' && !multipart ? clients.form : clients.json;
      return (await client.request({ method: ep.method, url: ep.path, timeout, ...config(ep) })).data as unknown;
    };

  async function send(
    name: string,
    transport: (ep: Endpoint) => Promise<unknown>,
    o?: CallOptions,
    /** The call's address among kept answers (`answerKey`); none for uploads. */
    key?: string,
  ): Promise<ApiResult> {
    const ep = endpointOf(name);
    if (!ep) {
      // A document bug, not a borrower's problem: log it, show nothing.
      opts.logError(`unknown endpoint "${name}": add it to the API map`);
      return { ok: false, code: undefined, message: `unknown endpoint ${name}`, data: undefined };
    }
    if (browserOffline()) return offline(ep, key, o);
    // A page painted from the phone shows kept figures until the server confirms them: nothing that sends uses them.
    const gate = isRead(ep) ? null : keptPageGate();
    if (gate) {
      pendingCalls.begin();
      // Bounded like the call itself: a stalled connection refuses the tap (nothing sent) instead of spinning for good.
      const verdict = await within(gate(), ep.timeoutMs ?? apiMap.timeoutMs)
        .catch((): KeptVerdict => 'unavailable')
        .finally(() => pendingCalls.end());
      if (verdict === 'changed') return { ok: false, code: KEPT_CHANGED_CODE, message: '', data: undefined };
      if (verdict === 'unavailable')
        return browserOffline() ? offline(ep, key, o) : fail(name, ep, o, undefined, networkText());
    }
    let body: unknown;
    pendingCalls.begin();
    try {
      const data = await transport(ep);
      body = typeof data === 'string' ? safeJson(data) : data;
      // No JSON at all is no answer of the backend's: a captive portal's login page, a proxy's error page.
      if (body === undefined) throw new Error('the answer is not JSON');
    } catch (e) {
      opts.logError(`call ${name} failed: ${(e as Error)?.message ?? e}`);
      // The connection dropped while the call was out: as offline (nothing claimed done).
      if (browserOffline()) return offline(ep, key, o);
      // The browser says online but nothing usable came (a dead link, a call timed out, a portal's page): a read the
      // phone kept shows, marked with its fetch time, rather than an error over an empty screen. Counted all the same.
      const found = keptRead(ep, key);
      if (found) {
        note({ api: name });
        return found;
      }
      return fail(name, ep, o, undefined, networkText());
    } finally {
      pendingCalls.end();
    }
    const read = readEnvelope(apiMap, ep, body, opts.t, { market: opts.market, name, warn: (m) => opts.logError(m) });
    if (read.kind === 'ok') {
      if (key !== undefined && isRead(ep)) kept.keep(key, read.result);
      return read.result;
    }
    if (read.kind === 'malformed') {
      opts.logError(`call ${name}: response is not a {${read.field}, message, data} envelope`);
      return fail(name, ep, o, undefined, networkText());
    }
    return fail(name, ep, o, read.code, read.text);
  }

  return {
    call(name, params = {}, o) {
      return send(
        name,
        viaAxios((ep) => callParts(ep, params, common)),
        o,
        answerKey(name, params),
      );
    },
    answer(name, raw, o) {
      return send(
        name,
        async (ep) => (await within(raw, ep.timeoutMs ?? apiMap.timeoutMs)).text,
        o,
        o?.params && answerKey(name, o.params),
      );
    },
    keep(name, params, result) {
      const ep = endpointOf(name);
      if (ep && isRead(ep) && result.ok) kept.keep(answerKey(name, params), result);
    },
    upload(name, field, file, params = {}) {
      return send(
        name,
        viaAxios((ep) => {
          const fd = new FormData();
          for (const [k, v] of Object.entries({ ...(ep.fixedParams ?? {}), ...params })) fd.append(k, scalar(v));
          fd.append(field, file, (file as File).name ?? `${field}.bin`);
          return { params: common, data: fd };
        }, true),
      );
    },
    url(name, params = {}) {
      const ep = endpointOf(name);
      if (!ep) {
        opts.logError(`unknown endpoint "${name}": add it to the API map`);
        return '';
      }
      const q = new URLSearchParams();
      for (const [k, v] of Object.entries({ ...(ep.fixedParams ?? {}), ...params, ...common })) q.set(k, scalar(v));
      const qs = q.toString();
      return `${apiMap.baseUrl.replace(/\/$/, '')}${ep.path}${qs ? `?${qs}` : ''}`;
    },
  };
}
