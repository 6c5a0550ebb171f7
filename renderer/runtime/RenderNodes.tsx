import { Suspense, type ComponentType, type ReactNode } from 'react';
import type { Node } from '../../schemas/generated/types';
import { NodeBoundary } from './NodeBoundary';
import { useRuntime, useServices } from './runtime-context';

type AnyWidget = ComponentType<{ node: Node }>;

/** `React.lazy` components: only these can suspend, so only these get a Suspense. */
const LAZY = Symbol.for('react.lazy');
const isLazy = (w: AnyWidget) => (w as unknown as { $$typeof?: symbol }).$$typeof === LAZY;

/** Nodes of an unknown type already reported (a re-render must not log them again). */
const reported = new WeakSet<object>();

/**
 * Draws one node: `when` decides, the registry picks the widget, a boundary contains failures.
 * Kept to three components per node (this, the boundary, the widget) and no effects: a 200-item
 * list has over a thousand nodes, and every extra fiber or effect is paid a thousand times on
 * the first screen.
 */
export function RenderNode({ node }: { node: Node }) {
  const runtime = useRuntime();
  const services = useServices();
  const table = services.registry as Record<string, AnyWidget | undefined>;
  const type = node && typeof node === 'object' ? node.type : undefined;
  const Widget = typeof type === 'string' && Object.hasOwn(table, type) ? table[type] : undefined;
  if (!Widget) {
    // Logged while rendering, once per node object: an effect per node would cost every node.
    const key = node && typeof node === 'object' ? node : undefined;
    if (!key || !reported.has(key)) {
      if (key) reported.add(key);
      services.logError(`unknown node type "${String(type)}"`, node);
    }
    return null;
  }
  // A failing `when` logs a warning and yields undefined: the node stays hidden (evaluate never throws).
  if (node.when !== undefined && !runtime.evaluate(node.when)) return null;
  const label = `node ${String(type)}${node.id ? ` #${node.id}` : ''}`;
  return (
    <NodeBoundary label={label} onError={services.logError}>
      {isLazy(Widget) ? (
        <Suspense fallback={null}>
          <Widget node={node} />
        </Suspense>
      ) : (
        <Widget node={node} />
      )}
    </NodeBoundary>
  );
}

/**
 * The elements of a list of nodes (a screen body or a container's children). A plain function,
 * not a component: containers call it inline, which saves a fiber per container.
 */
export function nodeElements(nodes?: readonly Node[] | null): ReactNode {
  if (!Array.isArray(nodes)) return null;
  return nodes.map((node, i) => <RenderNode key={(node as { id?: string })?.id ?? i} node={node} />);
}
