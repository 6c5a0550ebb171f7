import { useMemo, type ReactNode } from 'react';
import { ScopeContext, useRuntime } from '../runtime/runtime-context';
import { scopedRuntime } from '../core/runtime/create-runtime';

/**
 * `item` and `index` for the nodes of one list entry. One component per item: it provides the item's runtime
 * itself (no ScopeProvider in between), memoised so the subtree's runtime stays stable across re-renders.
 */
export function ItemScope({ item, index, children }: { item: unknown; index: number; children?: ReactNode }) {
  const parent = useRuntime();
  const runtime = useMemo(() => scopedRuntime(parent, { item, index }), [parent, item, index]);
  return <ScopeContext.Provider value={runtime}>{children}</ScopeContext.Provider>;
}
