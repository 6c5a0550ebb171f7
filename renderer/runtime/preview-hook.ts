import type { ReactNode } from 'react';
import type { Node } from '../../schemas/generated/types';
import type { RuntimeServices } from '../core/runtime/services';

/**
 * The console canvas's one hook into drawing. Only the draft preview frame sets it, from its lazily
 * loaded module (`preview/start-preview.ts`); a borrower's page never does, so `NodeBoundary` draws as before and
 * pays one property read per node. `draw` gets what the boundary would return and returns what is drawn instead.
 */
export interface PreviewHook {
  draw?(node: Node, shown: ReactNode, services: RuntimeServices): ReactNode;
}
export const previewHook: PreviewHook = {};
