import { Component, type ReactNode } from 'react';

interface Props {
  label: string;
  onError(message: string, detail: unknown): void;
  children?: ReactNode;
}

/** One per node: a widget that throws renders nothing and is logged; its siblings stay. */
export class NodeBoundary extends Component<Props, { failed: boolean }> {
  // Set in the constructor, not as a class field: fields cost the first chunk four transpiler helpers.
  constructor(props: Props) {
    super(props);
    this.state = { failed: false };
  }

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    this.props.onError(`${this.props.label} failed to render: ${(error as Error)?.message ?? String(error)}`, error);
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
