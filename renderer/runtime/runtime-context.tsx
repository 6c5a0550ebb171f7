import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { Runtime, Scope } from './contract';
import { createRuntime } from './create-runtime';
import { runActions } from '../actions/run-actions';
import type { RuntimeServices } from './services';
import type { State } from './state-store';

const ServicesContext = createContext<RuntimeServices | null>(null);
export const ScopeContext = createContext<Partial<Scope>>({});
const StateContext = createContext<State | null>(null);

/**
 * Provides one screen's services (state store, API, bridge, texts, ...) to every node below.
 * The screen subscribes to its store once here and hands the snapshot down by context: one
 * subscription per screen instead of one per node (a 200-item list has over a thousand nodes).
 */
export function RuntimeProvider({ services, children }: { services: RuntimeServices; children?: ReactNode }) {
  const state = useSyncExternalStore(services.store.subscribe, services.store.getSnapshot, services.store.getSnapshot);
  return (
    <ServicesContext.Provider value={services}>
      <StateContext.Provider value={state}>{children}</StateContext.Provider>
    </ServicesContext.Provider>
  );
}

/** Adds names to the expression scope of the subtree, e.g. `{ item, index }` inside a list. */
export function ScopeProvider({ extra, children }: { extra: Partial<Scope>; children?: ReactNode }) {
  const parent = useContext(ScopeContext);
  const merged = useMemo(() => ({ ...parent, ...extra }), [parent, extra]);
  return <ScopeContext.Provider value={merged}>{children}</ScopeContext.Provider>;
}

export function useServices(): RuntimeServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useRuntime() outside <RuntimeProvider>');
  return services;
}

/** Runtimes shared by every node of one scope (a screen, a list item) for one state snapshot. */
const runtimes = new WeakMap<RuntimeServices, WeakMap<Partial<Scope>, { state: State; runtime: Runtime }>>();

function sharedRuntime(services: RuntimeServices, extra: Partial<Scope>, state: State): Runtime {
  let byScope = runtimes.get(services);
  if (!byScope) runtimes.set(services, (byScope = new WeakMap()));
  const hit = byScope.get(extra);
  if (hit && hit.state === state) return hit.runtime;
  const runtime = createRuntime(services, runActions, extra, state);
  byScope.set(extra, { state, runtime });
  return runtime;
}

/** The runtime of the current node: re-renders when screen state changes. */
export function useRuntime(): Runtime {
  const services = useServices();
  const extra = useContext(ScopeContext);
  const state = useContext(StateContext) ?? services.store.getSnapshot();
  return sharedRuntime(services, extra, state);
}
