import { useContext, useMemo, type ReactNode } from 'react';
import { ScopeContext } from '../runtime/runtime-context';

/**
 * `item` and `index` for the nodes of one list entry. One component per item (it provides the
 * scope itself), memoised so the subtree's runtime stays stable across re-renders.
 */
export function ItemScope({ item, index, children }: { item: unknown; index: number; children?: ReactNode }) {
  const parent = useContext(ScopeContext);
  const merged = useMemo(() => ({ ...parent, item, index }), [parent, item, index]);
  return <ScopeContext.Provider value={merged}>{children}</ScopeContext.Provider>;
}
