import { createHelpers, evaluate, resolveTemplate, type Helper } from '../expressions';
import type { ActionOutcome, Runtime, Scope } from './contract';
import type { RuntimeServices } from './services';
import { readCookie } from './cookies';
import { readStored } from './storage';
import type { State } from './state-store';

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

/**
 * The Runtime a widget or action sees: services + the current state snapshot + extra scope (item, index, result, ...).
 * A class, not an object of closures: a 200-item list makes one runtime per item, and methods on the prototype are
 * shared by all of them instead of thirteen closures each (about 80 KB of the first screen's heap; issue 38).
 */
class ScreenRuntime implements Runtime {
  declare readonly scope: Scope;
  declare readonly api: Runtime['api'];
  declare readonly bridge: Runtime['bridge'];
  declare readonly forms: Runtime['forms'];
  declare private readonly services: RuntimeServices;
  declare private readonly runActions: RunActions;
  declare private readonly extra: Partial<Scope>;

  constructor(services: RuntimeServices, runActions: RunActions, extra: Partial<Scope>, state: State) {
    this.services = services;
    this.runActions = runActions;
    this.extra = extra;
    this.scope = { ...extra, state, query: services.query, params: services.params, market: services.market };
    this.api = services.api;
    this.bridge = services.bridge;
    this.forms = services.forms;
  }

  /** This runtime with more names in scope (same services and state snapshot). */
  within(more: Partial<Scope>): Runtime {
    return new ScreenRuntime(this.services, this.runActions, { ...this.extra, ...more }, this.scope.state as State);
  }

  private scopeWith(more?: Partial<Scope>): Scope {
    return more ? { ...this.scope, ...more } : this.scope;
  }

  private logWarnings(warnings: string[]) {
    for (const w of warnings) this.services.logError(`expression ${w}`);
  }

  evaluate(expr: string, more?: Partial<Scope>) {
    const r = evaluate(expr, this.scopeWith(more), helpersOf(this.services));
    this.logWarnings(r.warnings);
    return r.value;
  }

  resolve<T>(value: unknown, more?: Partial<Scope>) {
    const warnings: string[] = [];
    const out = resolveTemplate(value, this.scopeWith(more), helpersOf(this.services), warnings);
    this.logWarnings(warnings);
    return out as T;
  }

  limit(value: unknown, fallback: number) {
    if (value === undefined || value === null) return fallback;
    const v = typeof value === 'string' ? this.resolve(value) : value;
    const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
    if (typeof n === 'number' && Number.isFinite(n)) return n;
    this.services.logError(`limit ${JSON.stringify(value).slice(0, 80)} is not a number (got ${JSON.stringify(v)?.slice(0, 40)}); using ${fallback}`);
    return fallback;
  }

  t(key: string, args?: Record<string, unknown>) {
    return translate(this.services, key, args);
  }

  get(path: string) {
    try {
      return this.services.store.get(path);
    } catch (e) {
      this.services.logError((e as Error).message);
      return undefined;
    }
  }

  setState(path: string, value: unknown) {
    try {
      this.services.store.set(path, value);
    } catch (e) {
      this.services.logError((e as Error).message);
    }
  }

  run(actions: Parameters<Runtime['run']>[0], more?: Partial<Scope>) {
    return this.runActions(actions, this.services, { ...this.extra, ...more });
  }

  href(route: string, query?: Record<string, unknown>) {
    return buildHref(this.services, route, query);
  }

  toast(message: string, ms?: number) {
    this.services.toast(message, ms);
  }

  logError(m: string, d?: unknown) {
    this.services.logError(m, d);
  }
}

export function createRuntime(services: RuntimeServices, runActions: RunActions, extra: Partial<Scope> = {}, state = services.store.getSnapshot()): Runtime {
  return new ScreenRuntime(services, runActions, extra, state);
}

/** The runtime of a nested scope (a list item): the parent's services and state, its scope plus `extra`. */
export function scopedRuntime(parent: Runtime, extra: Partial<Scope>): Runtime {
  if (!(parent instanceof ScreenRuntime)) throw new Error('scopedRuntime: not a screen runtime');
  return parent.within(extra);
}
