import { Suspense, useEffect, type ComponentType } from 'react';
import type { Node } from '../../schemas/generated/types';
import { registry as defaultRegistry } from '../nodes/registry';
import { NodeBoundary } from './NodeBoundary';
import { useRuntime, useServices } from './runtime-context';

/** Draws one node: `when` decides, the registry picks the widget, a boundary contains failures. */
export function RenderNode({ node }: { node: Node }) {
  const services = useServices();
  const label = `node ${node && typeof node === 'object' ? String(node.type) : typeof node}${node?.id ? ` #${node.id}` : ''}`;
  return (
    <NodeBoundary label={label} onError={services.logError}>
      <Suspense fallback={null}>
        <NodeBody node={node} />
      </Suspense>
    </NodeBoundary>
  );
}

function NodeBody({ node }: { node: Node }) {
  const runtime = useRuntime();
  const services = useServices();
  const table = (services.registry ?? defaultRegistry) as Record<string, ComponentType<{ node: Node }> | undefined>;
  const type = node && typeof node === 'object' ? node.type : undefined;
  const Widget = typeof type === 'string' && Object.hasOwn(table, type) ? table[type] : undefined;
  useEffect(() => {
    if (!Widget) services.logError(`unknown node type "${String(type)}"`, node);
  }, [Widget, type, node, services]);
  if (!Widget) return null;
  // A failing `when` logs a warning and yields undefined: the node stays hidden.
  if (node.when !== undefined && !runtime.evaluate(node.when)) return null;
  return <Widget node={node} />;
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
