import type { AxiosAdapter, AxiosRequestConfig } from 'axios';
import type { ApiMapDocument, Endpoint } from '../../schemas/generated/types';
import type { ApiClient, ApiResult } from '../runtime/contract';
import { appToastMs } from '../toast/toast-store';
import { createHttpClients } from './http-clients';
import { pendingCalls } from './pending-calls';

export interface ApiClientOptions {
  apiMap: ApiMapDocument;
  /** Page URL query (common params and header sources). */
  query: Record<string, string>;
  toast(message: string, durationMs?: number): void;
  t(key: string): string;
  logError(message: string, detail?: unknown): void;
  /** Tests replace the network here. */
  adapter?: AxiosAdapter;
}

const scalar = (v: unknown) => (v == null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

function toForm(params: Record<string, unknown>): URLSearchParams {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) body.append(k, scalar(v));
  return body;
}

/** Logical endpoint → HTTP call through the API map; never throws. */
export function createApiClient(opts: ApiClientOptions): ApiClient {
  const { apiMap, query } = opts;
  const http = createHttpClients(apiMap, query, opts.adapter);
  const common: Record<string, string> = {};
  for (const p of apiMap.commonParams ?? []) if (query[p.query] != null && query[p.query] !== '') common[p.name] = query[p.query];

  const endpointOf = (name: string): Endpoint | undefined => (Object.hasOwn(apiMap.endpoints, name) ? apiMap.endpoints[name] : undefined);
  const networkText = () => opts.t(apiMap.networkErrorText ?? 'common.error');

  const fail = (ep: Endpoint | undefined, silent: boolean | undefined, code: unknown, message: string): ApiResult => {
    if (!silent && ep?.onFailure !== 'silent' && message) opts.toast(message, appToastMs());
    return { ok: false, code, message, data: undefined };
  };

  async function send(name: string, config: (ep: Endpoint) => AxiosRequestConfig, silent?: boolean, multipart = false): Promise<ApiResult> {
    const ep = endpointOf(name);
    if (!ep) {
      // A document bug, not a borrower's problem: log it, show nothing.
      opts.logError(`unknown endpoint "${name}": add it to the API map`);
      return { ok: false, code: undefined, message: `unknown endpoint ${name}`, data: undefined };
    }
    const client = ep.encoding === 'form' && !multipart ? http.form : http.json;
    let body: unknown;
    pendingCalls.begin();
    try {
      const res = await client.request({ method: ep.method, url: ep.path, timeout: ep.timeoutMs ?? apiMap.timeoutMs, ...config(ep) });
      body = typeof res.data === 'string' ? safeJson(res.data) : res.data;
    } catch (e) {
      opts.logError(`call ${name} failed: ${(e as Error)?.message ?? e}`);
      return fail(ep, silent, undefined, networkText());
    } finally {
      pendingCalls.end();
    }
    const field = ep.codeField ?? 'code';
    if (!body || typeof body !== 'object' || !(field in body)) {
      opts.logError(`call ${name}: response is not a {${field}, message, data} envelope`);
      return fail(ep, silent, undefined, networkText());
    }
    const env = body as Record<string, unknown>;
    const code = env[field];
    const message = typeof env.message === 'string' ? env.message : typeof env.msg === 'string' ? env.msg : '';
    if (code === ep.successCode || String(code) === String(ep.successCode)) return { ok: true, code, message, data: env.data };
    const mapped = ep.errorTexts && Object.hasOwn(ep.errorTexts, String(code)) ? opts.t(ep.errorTexts[String(code)] as string) : '';
    const text = mapped || message || (ep.fallbackErrorText ? opts.t(ep.fallbackErrorText) : networkText());
    return fail(ep, silent, code, text);
  }

  return {
    call(name, params = {}, o) {
      return send(
        name,
        (ep) => {
          const merged = { ...(ep.fixedParams ?? {}), ...params };
          if (ep.method === 'GET' || ep.encoding === 'query') return { params: { ...merged, ...common } };
          if (ep.encoding === 'form') return { params: common, data: toForm(merged) };
          if (ep.encoding === 'multipart') {
            const fd = new FormData();
            for (const [k, v] of Object.entries(merged)) fd.append(k, v instanceof Blob ? v : scalar(v));
            return { params: common, data: fd };
          }
          return { params: common, data: merged, headers: { 'Content-Type': 'application/json' } };
        },
        o?.silent,
      );
    },
    upload(name, field, file, params = {}) {
      return send(
        name,
        (ep) => {
          const fd = new FormData();
          for (const [k, v] of Object.entries({ ...(ep.fixedParams ?? {}), ...params })) fd.append(k, scalar(v));
          fd.append(field, file, (file as File).name ?? `${field}.bin`);
          return { params: common, data: fd };
        },
        undefined,
        true,
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

function safeJson(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    return undefined;
  }
}
