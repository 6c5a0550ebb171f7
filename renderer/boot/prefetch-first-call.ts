import type { Action, ScreenDocument } from '../../schemas/generated/types';
import { createHelpers, evaluate, resolveTemplate } from '../expressions';
import type { ApiClient, ApiResult } from '../runtime/contract';
import { interpolate } from '../runtime/create-runtime';
import { readStored } from '../runtime/storage';

/** A data call started at boot, waiting for the screen's `onLoad` runner to claim it. */
export interface PrefetchedCall {
  endpoint: string;
  key: string;
  result: Promise<ApiResult>;
}

export interface PrefetchEnv {
  api: ApiClient;
  query: Record<string, string>;
  market: Record<string, unknown>;
  texts: Record<string, unknown>;
}

type ApiAction = Extract<Action, { action: 'api' }>;

export const callKey = (endpoint: string, params: unknown, silent: boolean | undefined) => JSON.stringify([endpoint, params ?? {}, !!silent]);

/**
 * The first `api` action `onLoad` would run, as the runner would resolve it from the screen's
 * initial state (through `if` / `sequence`). Only the first: a later call may depend on the first
 * one's result or must not happen when it fails. Calls reading route params are left to the
 * runner: the router has not matched yet, and a POST sent with the wrong params would be wasted.
 */
export function firstApiCall(doc: ScreenDocument, env: Omit<PrefetchEnv, 'api'>): { action: ApiAction; params: Record<string, unknown> } | null {
  const t = (key: string, args?: Record<string, unknown>) => {
    const copy = Object.hasOwn(env.texts, key) ? env.texts[key] : undefined;
    return typeof copy === 'string' ? interpolate(copy, args) : key;
  };
  const helpers = createHelpers({ t, stored: readStored, market: () => env.market });
  const scope = { state: doc.state ?? {}, query: env.query, params: {}, market: env.market };
  const find = (actions: readonly Action[] | undefined): ApiAction | null | 'stop' => {
    for (const a of actions ?? []) {
      if (a.action === 'api') return a;
      if (a.action === 'if') return find(evaluate(a.cond, scope, helpers).value ? a.then : (a.else ?? []));
      if (a.action === 'sequence') return find(a.actions);
      // Anything else (setState, storage, navigate, ...) may change what the call would send.
      return 'stop';
    }
    return null;
  };
  const action = find(doc.onLoad);
  if (!action || action === 'stop') return null;
  if (/\bparams\./.test(JSON.stringify(action.params ?? {}))) return null;
  const params = resolveTemplate(action.params ?? {}, scope, helpers, []) as Record<string, unknown>;
  return { action, params };
}

/** Starts the inlined screen's first data call now, before React mounts (the first screen without a round trip). */
export function prefetchFirstCall(doc: ScreenDocument, env: PrefetchEnv): PrefetchedCall[] {
  const first = firstApiCall(doc, env);
  if (!first) return [];
  const { action, params } = first;
  return [{ endpoint: action.endpoint, key: callKey(action.endpoint, params, action.silent), result: env.api.call(action.endpoint, params, { silent: action.silent }) }];
}

/**
 * The screen's API client: a call with the same endpoint, resolved params and `silent` as a
 * prefetched one gets that in-flight promise, once; everything else goes to the network.
 * Claiming removes the call from the shared list, so a remount of the screen calls again.
 */
export function withPrefetched(api: ApiClient, waiting: PrefetchedCall[]): ApiClient {
  return {
    ...api,
    call(endpoint, params = {}, opts) {
      const key = callKey(endpoint, params, opts?.silent);
      const i = waiting.findIndex((p) => p.key === key);
      if (i < 0) return api.call(endpoint, params, opts);
      return waiting.splice(i, 1)[0].result;
    },
  };
}
