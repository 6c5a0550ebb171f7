import { Suspense, useEffect, type ComponentType } from 'react';
import type { Node } from '../../schemas/generated/types';
import { registry as defaultRegistry } from '../nodes/registry';
import { NodeBoundary } from './NodeBoundary';
import { useRuntime, useServices } from './runtime-context';

type AnyWidget = ComponentType<{ node: Node }>;

/** `React.lazy` components: only these can suspend, so only these get a Suspense. */
const LAZY = Symbol.for('react.lazy');
const isLazy = (w: AnyWidget) => (w as unknown as { $$typeof?: symbol }).$$typeof === LAZY;

/**
 * Draws one node: `when` decides, the registry picks the widget, a boundary contains failures.
 * Kept to three components per node (this, the boundary, the widget): a 200-item list has over
 * a thousand nodes, and every extra wrapper is paid a thousand times on the first screen.
 */
export function RenderNode({ node }: { node: Node }) {
  const runtime = useRuntime();
  const services = useServices();
  const table = (services.registry ?? defaultRegistry) as Record<string, AnyWidget | undefined>;
  const type = node && typeof node === 'object' ? node.type : undefined;
  const Widget = typeof type === 'string' && Object.hasOwn(table, type) ? table[type] : undefined;
  useEffect(() => {
    if (!Widget) services.logError(`unknown node type "${String(type)}"`, node);
  }, [Widget, type, node, services]);
  if (!Widget) return null;
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

/** Draws a list of nodes (a screen body or a container's children). */
export function RenderNodes({ nodes }: { nodes?: readonly Node[] | null }) {
  if (!Array.isArray(nodes)) return null;
  return (
    <>
      {nodes.map((node, i) => (
        <RenderNode key={(node as { id?: string })?.id ?? i} node={node} />
      ))}
    </>
  );
}
