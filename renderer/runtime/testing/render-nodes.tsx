/**
 * Test helper for widgets and actions: renders nodes inside a real runtime whose outside world
 * (API, bridge, toast, navigation) is recorded instead of performed.
 */
import { render, type RenderResult } from '@testing-library/react';
import { useEffect, type ReactNode } from 'react';
import type { Node } from '../../../schemas/generated/types';
import type { ApiClient, ApiResult, Bridge, CallOptions, Runtime, Scope, WidgetRegistry } from '../contract';
import { createRuntime } from '../../core/runtime/create-runtime';
import { runActions } from '../../core/actions/run-actions';
import { registry } from '../../nodes/registry';
import { createForms } from '../../core/runtime/forms';
import { nodeElements } from '../RenderNodes';
import { RuntimeProvider, ScopeProvider } from '../runtime-context';
import type { RuntimeServices } from '../../core/runtime/services';
import { createStateStore, type State } from '../../core/runtime/state-store';
import { browserDevice } from '../browser-device';

/** A fake server answer: the `{code, message, data}` envelope, or a function of the params; `'network'` simulates no response. */
export type FakeResponse = { code: unknown; message?: string; data?: unknown } | 'network';
export type FakeApi = Record<
  string,
  FakeResponse | ((params: Record<string, unknown>) => FakeResponse | Promise<FakeResponse>)
>;

export interface RenderNodesOptions {
  state?: State;
  query?: Record<string, string>;
  params?: Record<string, string>;
  texts?: Record<string, string>;
  market?: Record<string, unknown>;
  api?: FakeApi;
  /** Endpoints whose failures are silent (as `onFailure: "silent"` in the API map). */
  silentEndpoints?: string[];
  bridge?: Bridge;
  registry?: Partial<WidgetRegistry>;
  /** Query names carried on navigation (common params). */
  commonQueryNames?: string[];
  /** Extra scope for the rendered nodes (item, index, ...). */
  extra?: Partial<Scope>;
  /** Pages of the page's own origin that may be embedded (the sandbox's, while the server runs it). */
  sameOriginEmbeds?: RuntimeServices['sameOriginEmbeds'];
}

export interface Recorded {
  toasts: { message: string; durationMs?: number }[];
  navigations: { to?: string; url?: string; replace?: boolean; back?: boolean }[];
  bridgeCalls: { name: string; payload?: Record<string, unknown> }[];
  apiCalls: {
    endpoint: string;
    params: Record<string, unknown>;
    silent?: boolean;
    upload?: { field: string; file: Blob };
  }[];
  logs: { message: string; detail?: unknown }[];
}

export type RenderNodesResult = RenderResult &
  Recorded & {
    /** A runtime over the same services (its `get` reads live state). */
    runtime: Runtime;
    services: RuntimeServices;
    state(): State;
  };

function fakeApi(
  api: FakeApi,
  silentEndpoints: string[],
  rec: Recorded,
  toast: (m: string, ms?: number) => void,
): ApiClient {
  const answer = async (endpoint: string, params: Record<string, unknown>, opts?: CallOptions): Promise<ApiResult> => {
    // As the app's API layer: a failure toasts unless the call is silent or no longer wanted when it fails.
    const quiet = () => !!opts?.silent || opts?.wanted?.() === false || silentEndpoints.includes(endpoint);
    const entry = api[endpoint];
    let res: FakeResponse | undefined;
    if (typeof entry === 'function') res = await entry(params);
    else res = entry;
    if (!res || res === 'network') {
      if (!quiet()) toast('error', 2000);
      return {
        ok: false,
        code: undefined,
        message: res ? 'error' : `no fake response for ${endpoint}`,
        data: undefined,
      };
    }
    const ok = res.code === 0 || res.code === '00';
    if (!ok && !quiet()) toast(res.message || 'error', 2000);
    return { ok, code: res.code, message: res.message ?? '', data: res.data };
  };
  return {
    call(endpoint, params = {}, opts) {
      rec.apiCalls.push({ endpoint, params, silent: opts?.silent });
      return answer(endpoint, params, opts);
    },
    upload(endpoint, field, file, params = {}) {
      rec.apiCalls.push({ endpoint, params, upload: { field, file } });
      return answer(endpoint, params);
    },
    url(endpoint, params = {}) {
      const qs = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
      return `/fake/${endpoint}${qs ? `?${qs}` : ''}`;
    },
  };
}

/** Builds recorded services without rendering (action and runner tests). */
export function createTestServices(opts: RenderNodesOptions = {}) {
  const rec: Recorded = { toasts: [], navigations: [], bridgeCalls: [], apiCalls: [], logs: [] };
  const controller = new AbortController();
  const toast = (message: string, durationMs?: number) => void rec.toasts.push({ message, durationMs });
  const services: RuntimeServices = {
    store: createStateStore(opts.state ?? {}),
    texts: opts.texts ?? {},
    market: opts.market ?? {},
    query: opts.query ?? {},
    params: opts.params ?? {},
    commonQueryNames: opts.commonQueryNames ?? [
      'deviceId',
      'market',
      'version',
      'token',
      'type',
      'deviceName',
      'osVersion',
      'gid',
      'platform',
    ],
    hashRouting: false,
    api: fakeApi(opts.api ?? {}, opts.silentEndpoints ?? [], rec, toast),
    bridge: opts.bridge ?? { send: (name, payload) => void rec.bridgeCalls.push({ name, payload }) },
    forms: createForms(),
    toast,
    navigate: (to, o) => void rec.navigations.push({ to, replace: !!o?.replace }),
    back: () => void rec.navigations.push({ back: true }),
    openExternal: (url, o) => void rec.navigations.push({ url, replace: !!o?.replace }),
    logError: (message, detail) => void rec.logs.push({ message, detail }),
    device: browserDevice,
    signal: controller.signal,
    registry: opts.registry ?? registry,
    sameOriginEmbeds: opts.sameOriginEmbeds,
  };
  return { services, rec, controller };
}

function Lifetime({ controller, children }: { controller: AbortController; children?: ReactNode }) {
  // Unmounting the screen cancels its timers, as boot does.
  useEffect(() => () => controller.abort(), [controller]);
  return <>{children}</>;
}

/** Renders nodes in a recorded runtime. */
export function renderNodes(nodes: Node[], opts: RenderNodesOptions = {}): RenderNodesResult {
  const { services, rec, controller } = createTestServices(opts);
  const ui = (
    <Lifetime controller={controller}>
      <RuntimeProvider services={services}>
        {opts.extra ? <ScopedNodes nodes={nodes} extra={opts.extra} /> : nodeElements(nodes)}
      </RuntimeProvider>
    </Lifetime>
  );
  const result = render(ui);
  return Object.assign(result, rec, {
    runtime: createRuntime(services, runActions, opts.extra),
    services,
    state: () => services.store.getSnapshot(),
  });
}

function ScopedNodes({ nodes, extra }: { nodes: Node[]; extra: Partial<Scope> }) {
  return <ScopeProvider extra={extra}>{nodeElements(nodes)}</ScopeProvider>;
}
