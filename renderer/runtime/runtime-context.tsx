import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { Runtime, Scope } from './contract';
import { createRuntime, scopedRuntime } from './create-runtime';
import { runActions } from '../actions/run-actions';
import type { RuntimeServices } from './services';

export const ServicesContext = createContext<RuntimeServices | null>(null);
/** The runtime of the current scope (the screen, a list item) for the current state snapshot. */
export const RuntimeContext = createContext<Runtime | null>(null);

/**
 * Provides one screen's services (state store, API, bridge, texts, ...) and its runtime to every node below.
 * The screen subscribes to its store once here and hands a runtime for the snapshot down by context: one
 * subscription per screen instead of one per node (a 200-item list has over a thousand nodes), and one context
 * read per widget (each read is a fiber's dependency entry, kept while the screen shows).
 */
export function RuntimeProvider({ services, children }: { services: RuntimeServices; children?: ReactNode }) {
  const state = useSyncExternalStore(services.store.subscribe, services.store.getSnapshot, services.store.getSnapshot);
  const runtime = useMemo(() => createRuntime(services, runActions, {}, state), [services, state]);
  return (
    <ServicesContext.Provider value={services}>
      <RuntimeContext.Provider value={runtime}>{children}</RuntimeContext.Provider>
    </ServicesContext.Provider>
  );
}

/** Adds names to the expression scope of the subtree, e.g. `{ item, index }` inside a list. */
export function ScopeProvider({ extra, children }: { extra: Partial<Scope>; children?: ReactNode }) {
  const parent = useRuntime();
  const runtime = useMemo(() => scopedRuntime(parent, extra), [parent, extra]);
  return <RuntimeContext.Provider value={runtime}>{children}</RuntimeContext.Provider>;
}

export function useServices(): RuntimeServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useRuntime() outside <RuntimeProvider>');
  return services;
}

/** The runtime of the current node: re-renders when screen state changes. */
export function useRuntime(): Runtime {
  const runtime = useContext(RuntimeContext);
  if (!runtime) throw new Error('useRuntime() outside <RuntimeProvider>');
  return runtime;
}
