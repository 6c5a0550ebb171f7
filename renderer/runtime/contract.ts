/**
 * What widgets import: the runtime's contract (core/runtime/contract.ts, with no React) and the widget types, which
 * need React. Widgets import only from here and from runtime hooks/components.
 */
import type { ComponentType } from 'react';
import type { NodeOf, NodeType } from '../core/runtime/contract';

export type * from '../core/runtime/contract';

/** A widget draws one node type. Modal open state lives in `state.$modals[id]`. */
export type Widget<T extends NodeType> = ComponentType<{ node: NodeOf<T> }>;
/** Typed so that a node type without a widget fails to compile. */
export type WidgetRegistry = { [T in NodeType]: Widget<T> };
