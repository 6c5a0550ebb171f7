import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

// Widget props vary per node type; the registry's own type checks each entry.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyWidget = ComponentType<any>;

export type LazyWidget<C extends AnyWidget> = LazyExoticComponent<C> & {
  /** Starts (or joins) the download of the widget's code. */
  preload(): Promise<C>;
  /** The widget itself once its code is here (drawn without a Suspense, NodeBoundary.tsx), else undefined. */
  loaded(): C | undefined;
};

/**
 * A widget whose code is a chunk of its own, loaded when a screen needs it: `load` imports its module, whose default
 * export it is (as React.lazy takes it; picking a named export cost the first chunk each widget's name once more).
 * Once `preload()` has settled, rendering does not suspend at all: React is handed an already-resolved thenable, so a
 * screen whose widgets were preloaded (at boot, or before a route mounts) renders in one pass.
 * A failed download is tried once more (flaky mobile data); if that fails too the node's boundary
 * hides it and logs, and the next `preload()` starts afresh.
 */
export function lazyWidget<C extends AnyWidget>(load: () => Promise<{ default: C }>): LazyWidget<C> {
  let loaded: C | undefined;
  let pending: Promise<C> | undefined;
  const preload = (): Promise<C> =>
    (pending ??= load()
      .catch(load)
      .then(
        (m) => (loaded = m.default),
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      ));
  const settled = (widget: C) => ({ then: (resolve: (m: { default: C }) => void) => resolve({ default: widget }) });
  const Lazy = lazy(() =>
    loaded
      ? (settled(loaded) as unknown as Promise<{ default: C }>)
      : preload().then((widget) => ({ default: widget })),
  );
  return Object.assign(Lazy, { preload, loaded: () => loaded });
}
