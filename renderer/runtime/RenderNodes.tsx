import type { ReactNode } from 'react';
import type { Node } from '../../schemas/generated/types';
import { NodeBoundary } from './NodeBoundary';

/**
 * The elements of a list of nodes (a screen body or a container's children): one NodeBoundary each, which picks
 * the widget, applies `when` and contains failures. A plain function, not a component: containers call it
 * inline, which saves a fiber per container.
 */
export function nodeElements(nodes?: readonly Node[] | null): ReactNode {
  if (!Array.isArray(nodes)) return null;
  return nodes.map((node, i) => <NodeBoundary key={(node as { id?: string })?.id ?? i} node={node} />);
}
