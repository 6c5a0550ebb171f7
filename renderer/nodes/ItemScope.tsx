import { useMemo, type ReactNode } from 'react';
import { ScopeProvider } from '../runtime/runtime-context';

/** `item` and `index` for the nodes of one list entry (memoised so the subtree's runtime stays stable). */
export function ItemScope({ item, index, children }: { item: unknown; index: number; children?: ReactNode }) {
  const extra = useMemo(() => ({ item, index }), [item, index]);
  return <ScopeProvider extra={extra}>{children}</ScopeProvider>;
}
