/**
 * The app's API client with its code (the API map's call rules, the answer reader, the kept answers, axios's loader)
 * in a chunk of its own, off the first load: a drawn page's first screen has its first call's answer already (the
 * server's, or the page's early fetch) and makes no call of its own. The code comes at the first call, or once the
 * first screen shows (`warmApiClient`, App.tsx), before a tap asks. Calls never throw: a chunk that does not come
 * fails the call as a network error does, and the next call tries again.
 */
import type { ApiResult } from '../core/api/api-result';
import type { ApiClientOptions, AppApiClient } from './api-client';
import { onDemand } from '../runtime/on-demand';

const code = onDemand(() => import('./api-client'));

/** Loads the client's code (once; again after a failure). */
export const warmApiClient = code.load;

export function lazyApiClient(opts: ApiClientOptions): AppApiClient {
  let client: AppApiClient | undefined;
  const kept: Parameters<AppApiClient['keep']>[] = [];
  const now = () => {
    const module = code.now();
    if (!client && module) {
      client = module.createApiClient(opts);
      for (const k of kept.splice(0)) client.keep(...k);
    }
    return client;
  };
  const failed = (e: unknown): ApiResult => {
    opts.logError(`api client not loaded: ${(e as Error)?.message ?? e}`);
    const message = opts.t(opts.apiMap.networkErrorText ?? 'common.error');
    return { ok: false, code: undefined, message, data: undefined };
  };
  const later = (use: (c: AppApiClient) => Promise<ApiResult>): Promise<ApiResult> =>
    warmApiClient().then(() => use(now()!), failed);
  return {
    call: (name, params, o) => later((c) => c.call(name, params, o)),
    answer: (name, raw, o) => later((c) => c.answer(name, raw, o)),
    upload: (name, field, file, params) => later((c) => c.upload(name, field, file, params)),
    // Bookkeeping (a served answer kept for offline): done once the code is here, never a reason to fetch it.
    keep(...args) {
      const c = now();
      if (c) return c.keep(...args);
      if (kept.push(args) === 1) void code.arrival.then(now);
    },
    // Sync: a widget that builds call URLs (captcha-image) loads the client's code with its own (nodes/registry.ts).
    url: (name, params) => now()?.url(name, params) ?? '',
  };
}
