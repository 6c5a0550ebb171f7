import { useEffect, useLayoutEffect, type ReactNode } from 'react';

/**
 * After the first commit of the tree it wraps: `onLayout` in the commit itself, before the browser hands the page
 * another event, then `onCommit` once (its effect runs after every child's, so the screen's own onLoad has started).
 * Renders its children as they are: no element of its own, so the hydrated markup and React's generated ids are
 * those of the tree without it. Client-only (never rendered on the server).
 */
export function AfterHydration({
  onLayout,
  onCommit,
  children,
}: {
  onLayout?: () => void;
  onCommit: () => void;
  children: ReactNode;
}) {
  // Once, on mount: a later render of the app is no hydration.
  useLayoutEffect(() => onLayout?.(), []);
  useEffect(onCommit, []);
  return children;
}
