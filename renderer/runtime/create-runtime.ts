import { createHelpers, evaluate, resolveTemplate, type Helper } from '../expressions';
import type { ActionOutcome, Runtime, Scope } from './contract';
import type { RuntimeServices } from './services';
import { readCookie } from './cookies';
import { readStored } from './storage';

const helperCache = new WeakMap<RuntimeServices, Record<string, Helper>>();

/** `{name}` placeholders of a text set entry. */
export function interpolate(copy: string, args?: Record<string, unknown>): string {
  if (!args) return copy;
  return copy.replace(/\{(\w+)\}/g, (m, name: string) => (Object.hasOwn(args, name) && args[name] != null ? String(args[name]) : m));
}

export function translate(services: RuntimeServices, key: string, args?: Record<string, unknown>): string {
  const copy = Object.hasOwn(services.texts, key) ? services.texts[key] : undefined;
  if (typeof copy !== 'string') {
    services.logError(`missing text key "${key}"`);
    return key;
  }
  return interpolate(copy, args);
}

function helpersOf(services: RuntimeServices) {
  let h = helperCache.get(services);
  if (!h) {
    h = createHelpers({
      t: (k, a) => translate(services, k, a),
      stored: readStored,
      cookie: readCookie,
      market: () => services.market,
      userAgent: () => (typeof navigator !== 'undefined' && typeof navigator.userAgent === 'string' ? navigator.userAgent : ''),
    });
    helperCache.set(services, h);
  }
  return h;
}

/** Builds a route link carrying the common params of the page, then the route's own query. */
export function buildHref(services: RuntimeServices, route: string, query?: Record<string, unknown>): string {
  const [path, own] = route.split('?');
  const q = new URLSearchParams();
  for (const name of services.commonQueryNames) {
    const v = services.query[name];
    if (v != null && v !== '') q.set(name, v);
  }
  new URLSearchParams(own ?? '').forEach((v, k) => q.set(k, v));
  for (const [k, v] of Object.entries(query ?? {})) if (v != null) q.set(k, String(v));
  const qs = q.toString();
  return (services.hashRouting ? '#' : '') + path + (qs ? `?${qs}` : '');
}

/** Runs a list of actions (actions/run-actions.ts); passed in so that the runtime and the runner do not import each other. */
export type RunActions = (actions: Parameters<Runtime['run']>[0], services: RuntimeServices, extra?: Partial<Scope>) => Promise<ActionOutcome>;

/** The Runtime a widget or action sees: services + the current state snapshot + extra scope (item, index, result, ...). */
export function createRuntime(services: RuntimeServices, runActions: RunActions, extra: Partial<Scope> = {}, state = services.store.getSnapshot()): Runtime {
  const scope: Scope = { ...extra, state, query: services.query, params: services.params, market: services.market };
  const logWarnings = (warnings: string[]) => warnings.forEach((w) => services.logError(`expression ${w}`));
  const scopeWith = (more?: Partial<Scope>) => (more ? { ...scope, ...more } : scope);
  const runtime: Runtime = {
    scope,
    evaluate(expr, more) {
      const r = evaluate(expr, scopeWith(more), helpersOf(services));
      logWarnings(r.warnings);
      return r.value;
    },
    resolve<T>(value: unknown, more?: Partial<Scope>) {
      const warnings: string[] = [];
      const out = resolveTemplate(value, scopeWith(more), helpersOf(services), warnings);
      logWarnings(warnings);
      return out as T;
    },
    limit(value, fallback) {
      if (value === undefined || value === null) return fallback;
      const v = typeof value === 'string' ? runtime.resolve(value) : value;
      const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
      if (typeof n === 'number' && Number.isFinite(n)) return n;
      services.logError(`limit ${JSON.stringify(value).slice(0, 80)} is not a number (got ${JSON.stringify(v)?.slice(0, 40)}); using ${fallback}`);
      return fallback;
    },
    t: (key, args) => translate(services, key, args),
    get: (path) => {
      try {
        return services.store.get(path);
      } catch (e) {
        services.logError((e as Error).message);
        return undefined;
      }
    },
    setState(path, value) {
      try {
        services.store.set(path, value);
      } catch (e) {
        services.logError((e as Error).message);
      }
    },
    run: (actions, more) => runActions(actions, services, { ...extra, ...more }),
    href: (route, query) => buildHref(services, route, query),
    toast: (message, ms) => services.toast(message, ms),
    api: services.api,
    bridge: services.bridge,
    forms: services.forms,
    logError: (m, d) => services.logError(m, d),
  };
  return runtime;
}
