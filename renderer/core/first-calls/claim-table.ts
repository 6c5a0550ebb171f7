/**
 * The first screen's calls, by call key, whoever made them: the server (its answer in the hand-off), the
 * page's early fetch, or the app at boot. The screen's API client takes a call from here instead of sending
 * it again; each entry is taken once, so a remount or a retry goes to the network.
 */
import type { ApiClient, ApiResult } from '../api/api-result';
import { callKey } from './call-key';

export interface ClaimTable {
  put(key: string, result: Promise<ApiResult>): void;
  has(key: string): boolean;
  keys(): string[];
  take(key: string): Promise<ApiResult> | undefined;
  /** After the screen's onLoad: an unclaimed call is stale, nothing may take it later. */
  clear(): void;
}

export function createClaimTable(): ClaimTable {
  const waiting = new Map<string, Promise<ApiResult>>();
  return {
    put: (key, result) => void (waiting.has(key) || waiting.set(key, result)),
    has: (key) => waiting.has(key),
    keys: () => [...waiting.keys()],
    take(key) {
      const result = waiting.get(key);
      waiting.delete(key);
      return result;
    },
    clear: () => waiting.clear(),
  };
}

/** The API client a screen runs with: a call found in the table is answered from it, once; anything else goes on to `api`. */
export function claiming(api: ApiClient, table: ClaimTable): ApiClient {
  return {
    ...api,
    call: (endpoint, params = {}, opts) =>
      table.take(callKey(endpoint, params, opts?.silent)) ?? api.call(endpoint, params, opts),
  };
}
