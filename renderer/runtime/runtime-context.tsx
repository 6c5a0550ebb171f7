import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { Runtime, Scope } from './contract';
import { createRuntime } from './create-runtime';
import type { RuntimeServices } from './services';

const ServicesContext = createContext<RuntimeServices | null>(null);
const ScopeContext = createContext<Partial<Scope>>({});

/** Provides one screen's services (state store, API, bridge, texts, ...) to every node below. */
export function RuntimeProvider({ services, children }: { services: RuntimeServices; children?: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
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

/** The runtime of the current node: re-renders when screen state changes. */
export function useRuntime(): Runtime {
  const services = useServices();
  const extra = useContext(ScopeContext);
  const state = useSyncExternalStore(services.store.subscribe, services.store.getSnapshot, services.store.getSnapshot);
  return useMemo(() => createRuntime(services, extra, state), [services, extra, state]);
}
