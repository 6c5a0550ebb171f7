import { Component, Suspense, type ComponentType, type ContextType, type ReactNode } from 'react';
import type { Node } from '../../schemas/generated/types';
import { ServicesContext, useRuntime } from './runtime-context';
import { previewHook } from './preview-hook';

type AnyWidget = ComponentType<{ node: Node }>;

/** `React.lazy` components: only these can suspend, so only these get a Suspense. */
const LAZY = Symbol.for('react.lazy');
const isLazy = (w: AnyWidget) => (w as unknown as { $$typeof?: symbol }).$$typeof === LAZY;
/** A lazily split widget's own component once its code is here (lazy-widget.ts), else undefined. */
const loadedOf = (w: AnyWidget) => (w as unknown as { loaded?: () => AnyWidget | undefined }).loaded?.();

/** Nodes of an unknown type already reported (a re-render must not log them again). */
const reported = new WeakSet<object>();

/** Every boundary starts from this one state object (React never writes into a state: a failure makes a new one). */
const DRAWING = Object.freeze({ failed: false });

/** A node with a `when`: drawn while it holds (a failing expression logs a warning and yields undefined: hidden). */
function When({ node, children }: { node: Node; children: ReactNode }) {
  return useRuntime().evaluate(node.when!) ? children : null;
}

/**
 * One per node: picks the node's widget from the registry and contains its failures (a widget that throws
 * renders nothing and is logged; its siblings stay). It is also what draws the node, so a node costs this, the
 * widget and its element: a 200-item list has about a thousand nodes, and every extra fiber, context read or
 * props object is paid a thousand times on the first screen (and kept in the heap while it shows). It reads only
 * the screen's services (stable for the screen's life), never its state: only `when` nodes and widgets follow state.
 */
export class NodeBoundary extends Component<{ node: Node }, { failed: boolean }> {
  // Declared, not a field: fields cost the first chunk four transpiler helpers.
  declare context: ContextType<typeof ServicesContext>;
  /** The widget as first drawn here: a component, or under a Suspense if its code was still on its way then. */
  declare drawn?: { widget: AnyWidget; as: AnyWidget; suspends: boolean };

  constructor(props: { node: Node }) {
    super(props);
    this.state = DRAWING;
  }

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    const { node } = this.props;
    const label = `node ${String(node.type)}${node.id ? ` #${node.id}` : ''}`;
    this.context?.logError(`${label} failed to render: ${(error as Error)?.message ?? String(error)}`, error);
  }

  override render() {
    if (this.state.failed) return null;
    const { node } = this.props;
    // Always under a RuntimeProvider (ScreenHost, render-static, testing/render-nodes): no check of its own.
    const services = this.context!;
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
    // A split widget whose code is here is drawn as its own component, with no Suspense. On the server (where all are
    // here) and so in the drawn page too: React hydrates a drawn Suspense boundary in a later pass, after the first
    // commit, and an early tap replayed into it before then was lost. Decided once per boundary: changing
    // the element's type later would draw the widget afresh, losing what it holds.
    if (this.drawn?.widget !== Widget) {
      const here = isLazy(Widget) ? loadedOf(Widget) : Widget;
      this.drawn = { widget: Widget, as: here ?? Widget, suspends: !here };
    }
    const As = this.drawn.as;
    const drawn = this.drawn.suspends ? (
      <Suspense fallback={null}>
        <As node={node} />
      </Suspense>
    ) : (
      <As node={node} />
    );
    const shown = node.when !== undefined ? <When node={node}>{drawn}</When> : drawn;
    // Set only in the console's draft preview frame (preview-hook.ts): marks the node with its pointer.
    return previewHook.draw ? previewHook.draw(node, shown, services) : shown;
  }
}
// Assigned, not a static field (see `context` above).
NodeBoundary.contextType = ServicesContext;
