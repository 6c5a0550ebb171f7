import { createHelpers, evaluate, resolveTemplate, type Helper } from '../expressions';
import { copyText } from '../copy/copy-text';
import type { ActionOutcome, Runtime, Scope } from './contract';
import type { RuntimeServices } from './services';
import { readStored } from './device';
import type { State } from './state-store';

const helperCache = new WeakMap<RuntimeServices, Record<string, Helper>>();

export function translate(
  services: Pick<RuntimeServices, 'texts' | 'market' | 'logError'>,
  key: string,
  args?: Record<string, unknown>,
): string {
  const text = copyText(services.texts, key, args, services.market);
  if (text === undefined) {
    services.logError(`missing text key "${key}"`);
    return key;
  }
  return text;
}

function helpersOf(services: RuntimeServices) {
  let h = helperCache.get(services);
  if (!h) {
    h = createHelpers({
      t: (k, a) => translate(services, k, a),
      stored: (key) => readStored(services.device.storage, key),
      cookie: (name) => services.device.readCookie(name),
      market: () => services.market,
      userAgent: () => services.device.userAgent(),
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
export type RunActions = (
  actions: Parameters<Runtime['run']>[0],
  services: RuntimeServices,
  extra?: Partial<Scope>,
) => Promise<ActionOutcome>;

/**
 * The Runtime a widget or action sees: services + the current state snapshot + extra scope (item, index, result, ...).
 * A class, not an object of closures: a 200-item list makes one runtime per item, and methods on the prototype are
 * shared by all of them instead of thirteen closures each (about 80 KB of the first screen's heap).
 */
class ScreenRuntime implements Runtime {
  declare readonly scope: Scope;
  declare readonly api: Runtime['api'];
  declare readonly bridge: Runtime['bridge'];
  declare readonly forms: Runtime['forms'];
  // Short names: property names survive minification, and the first chunk's own code has a budget.
  declare readonly s: RuntimeServices;
  declare readonly ra: RunActions;
  declare readonly x: Partial<Scope>;
  /** Used by a node at all, and (a list item's runtime only, `trackedRuntime`) read the screen state. */
  declare u: boolean;
  declare r: boolean | undefined;

  constructor(services: RuntimeServices, runActions: RunActions, extra: Partial<Scope>, state: State) {
    this.s = services;
    this.ra = runActions;
    this.x = extra;
    this.scope = { ...extra, state, query: services.query, params: services.params, market: services.market };
    this.api = services.api;
    this.bridge = services.bridge;
    this.forms = services.forms;
    this.u = false;
    this.r = undefined;
  }

  get sameOriginEmbeds() {
    return this.s.sameOriginEmbeds;
  }

  evaluate(expr: string, more?: Partial<Scope>) {
    this.u = true;
    if (this.r === false) this.r = namesState(expr);
    const r = evaluate(expr, scopeWith(this, more), helpersOf(this.s));
    warn(this.s, r.warnings);
    return r.value;
  }

  resolve<T>(value: unknown, more?: Partial<Scope>) {
    this.u = true;
    if (this.r === false) this.r = namesState(value);
    const warnings: string[] = [];
    const out = resolveTemplate(value, scopeWith(this, more), helpersOf(this.s), warnings);
    warn(this.s, warnings);
    return out as T;
  }

  limit(value: unknown, fallback: number) {
    if (value === undefined || value === null) return fallback;
    const v = typeof value === 'string' ? this.resolve(value) : value;
    const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
    if (typeof n === 'number' && Number.isFinite(n)) return n;
    this.s.logError(
      `limit ${JSON.stringify(value).slice(0, 80)} is not a number (got ${JSON.stringify(v)?.slice(0, 40)}); using ${fallback}`,
    );
    return fallback;
  }

  t(key: string, args?: Record<string, unknown>) {
    return translate(this.s, key, args);
  }

  get(path: string) {
    this.u = this.r = true;
    try {
      return this.s.store.get(path);
    } catch (e) {
      this.s.logError((e as Error).message);
      return undefined;
    }
  }

  setState(path: string, value: unknown) {
    try {
      this.s.store.set(path, value);
    } catch (e) {
      this.s.logError((e as Error).message);
    }
  }

  run(actions: Parameters<Runtime['run']>[0], more?: Partial<Scope>) {
    return this.ra(actions, this.s, { ...this.x, ...more });
  }

  href(route: string, query?: Record<string, unknown>) {
    return buildHref(this.s, route, query);
  }

  toast(message: string, ms?: number) {
    this.s.toast(message, ms);
  }

  logError(m: string, d?: unknown) {
    this.s.logError(m, d);
  }
}

/** Whether a template or expression (strings anywhere inside) names the screen state: `state`, not `item.state`. */
function namesState(value: unknown): boolean {
  if (typeof value === 'string') return /(?<![\w$.])state\b/.test(value);
  if (value && typeof value === 'object') return Object.values(value).some(namesState);
  return false;
}

const scopeWith = (rt: ScreenRuntime, more?: Partial<Scope>): Scope => (more ? { ...rt.scope, ...more } : rt.scope);
const warn = (services: RuntimeServices, warnings: string[]) =>
  warnings.forEach((w) => services.logError(`expression ${w}`));

export function createRuntime(
  services: RuntimeServices,
  runActions: RunActions,
  extra: Partial<Scope> = {},
  state = services.store.getSnapshot(),
): Runtime {
  return new ScreenRuntime(services, runActions, extra, state);
}

/** The runtime of a nested scope (a list item): the parent's services and state, its scope plus `extra`. */
export function scopedRuntime(parent: Runtime, extra: Partial<Scope>): Runtime {
  const p = parent as ScreenRuntime;
  return new ScreenRuntime(p.s, p.ra, { ...p.x, ...extra }, p.scope.state as State);
}

/**
 * A list item's runtime that notes whether its nodes read the screen state (an expression naming `state`, a bound
 * field or a modal's flag through `get`): one whose nodes all drew without reading it draws the same after any state
 * change, so the list keeps it and React leaves the item alone (nodes/List.tsx; a tap on a 200-item screen redrew
 * every item). Noted from the expressions' text, so an item costs no more heap than before.
 */
export function trackedRuntime(parent: Runtime, extra: Partial<Scope>): Runtime {
  const rt = scopedRuntime(parent, extra) as ScreenRuntime;
  rt.r = false;
  return rt;
}

/** Whether a tracked runtime draws the same for any screen state: its nodes used it, and never read the state. */
export const stateFree = (rt: Runtime) => (rt as ScreenRuntime).u === true && (rt as ScreenRuntime).r === false;

/** Same services and the same scope apart from `state`: a scope made from either draws the same for a state-free item. */
export function sameButState(a: Runtime, b: Runtime): boolean {
  const x = (a as ScreenRuntime).x,
    y = (b as ScreenRuntime).x;
  if ((a as ScreenRuntime).s !== (b as ScreenRuntime).s || Object.keys(x).length !== Object.keys(y).length)
    return false;
  for (const k in x) if (x[k] !== y[k]) return false;
  return true;
}
