import { useEffect, type ReactNode } from 'react';

/**
 * Runs `onCommit` once, after the first commit of the tree it wraps (its effect runs after every child's, so the
 * screen's own onLoad has started). Renders its children as they are: no element of its own, so the hydrated markup
 * and React's generated ids are those of the tree without it.
 */
export function AfterHydration({ onCommit, children }: { onCommit: () => void; children: ReactNode }) {
  // Once, on mount: a later render of the app is no hydration.
  useEffect(onCommit, []);
  return children;
}
