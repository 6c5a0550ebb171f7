import { createContext, use, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { Runtime, Scope } from './contract';
import { createRuntime, scopedRuntime } from '../core/runtime/create-runtime';
import { runActions } from '../core/actions/run-actions';
import type { RuntimeServices } from '../core/runtime/services';

export const ServicesContext = createContext<RuntimeServices | null>(null);
/** The screen's runtime for the current state snapshot: a new one on every state change. */
export const RuntimeContext = createContext<Runtime | null>(null);
/**
 * The runtime of a nested scope (a list item, a tab), where there is one. Its own context: React re-renders every
 * reader of a context whose value changed above it, so items that read only this one are left alone by a state change
 * their list keeps their runtimes through (nodes/List.tsx).
 */
export const ScopeContext = createContext<Runtime | null>(null);

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
      <RuntimeContext.Provider value={runtime}>
        {/* A screen drawn inside another's list item starts outside any scope. */}
        <ScopeContext.Provider value={null}>{children}</ScopeContext.Provider>
      </RuntimeContext.Provider>
    </ServicesContext.Provider>
  );
}

/** Adds names to the expression scope of the subtree, e.g. `{ item, index }` inside a list. */
export function ScopeProvider({ extra, children }: { extra: Partial<Scope>; children?: ReactNode }) {
  const parent = useRuntime();
  const runtime = useMemo(() => scopedRuntime(parent, extra), [parent, extra]);
  return <ScopeContext.Provider value={runtime}>{children}</ScopeContext.Provider>;
}

export function useServices(): RuntimeServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useRuntime() outside <RuntimeProvider>');
  return services;
}

/** The runtime of the current node: re-renders when screen state changes. */
export function useRuntime(): Runtime {
  // The screen's runtime only outside any scope (`use` may be called conditionally): see ScopeContext.
  const runtime = useContext(ScopeContext) ?? use(RuntimeContext);
  if (!runtime) throw new Error('useRuntime() outside <RuntimeProvider>');
  return runtime;
}
