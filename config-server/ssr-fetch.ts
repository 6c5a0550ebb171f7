import type { SendCall } from '../renderer/boot/server-prefetch.js';

/** Server-side data calls while rendering a page: where they may go and how long they may take. */
export interface SsrSettings {
  /** Draw pages on the server at all (`SSR=off` turns it off: the app draws every page, as before issue 17). */
  render?: boolean;
  /** Backend origins the server may call (`SSR_BACKEND_ORIGINS`, comma-separated); the server's own origin always. */
  allowedOrigins: string[];
  /** Time budget of a page's server calls in ms (`SSR_PREFETCH_BUDGET_MS`, default 300; 0 turns them off). */
  budgetMs: number;
}

export const DEFAULT_BUDGET_MS = 300;

export function ssrSettingsFromEnv(env: NodeJS.ProcessEnv): SsrSettings {
  const allowedOrigins = (env.SSR_BACKEND_ORIGINS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .flatMap((s) => {
      try {
        return [new URL(s).origin];
      } catch {
        return [];
      }
    });
  const n = Number(env.SSR_PREFETCH_BUDGET_MS);
  const budgetMs = env.SSR_PREFETCH_BUDGET_MS !== undefined && Number.isFinite(n) && n >= 0 ? n : DEFAULT_BUDGET_MS;
  return { render: env.SSR !== 'off', allowedOrigins, budgetMs };
}

/** Thrown errors never carry the URL: its query holds the borrower's token, and errors end in logs. */
class RefusedCall extends Error {}

/**
 * Sends the server's data calls with fetch (no axios: one per page request, so its request pipeline
 * showed in profiles): only to an allowed origin (a same-origin `baseUrl` such as `/sandbox` means this
 * server, reached on its own listening address, never through the Host header), aborted once `deadline`
 * passes.
 */
export function ssrFetch(opts: { selfOrigin: string; allowedOrigins: string[]; deadline: number }): SendCall {
  return async (call) => {
    const absolute = /^https?:\/\//.test(call.url) ? call.url : opts.selfOrigin + call.url;
    const url = new URL(absolute);
    if (url.origin !== opts.selfOrigin && !opts.allowedOrigins.includes(url.origin)) {
      throw new RefusedCall(`backend origin ${url.origin} is not in SSR_BACKEND_ORIGINS`);
    }
    const left = opts.deadline - Date.now();
    if (left <= 0) throw new RefusedCall('no time left in the server render budget');
    try {
      // Uncompressed: the backend sits next to this server, and compressing an answer only to inflate it here
      // costs both sides CPU for no gain on a local network.
      const headers = { ...call.headers, 'Accept-Encoding': 'identity' };
      const res = await fetch(url, { method: call.method, headers, body: call.body, signal: AbortSignal.timeout(left), redirect: 'error' });
      return { status: res.status, text: await res.text() };
    } catch (e) {
      throw new RefusedCall((e as Error)?.name === 'TimeoutError' ? 'over the server render budget' : 'backend unreachable');
    }
  };
}
