import { useState } from 'react';
import type { Widget } from '../runtime/contract';
import { useRuntime } from '../runtime/runtime-context';
import { resolveArgs } from './text-of';

export const Button: Widget<'button'> = ({ node }) => {
  const runtime = useRuntime();
  // A second tap while the first run is in flight would submit twice (payments, complaints).
  const [busy, setBusy] = useState(false);
  const disabled = node.disabled ? Boolean(runtime.evaluate(node.disabled)) : false;
  const onClick = async () => {
    if (busy || !node.onClick) return;
    setBusy(true);
    try {
      await runtime.run(node.onClick);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      id={node.id}
      type="button"
      className={`sdui-button sdui-button--${node.variant ?? 'primary'}${node.block ? ' sdui-button--block' : ''}`}
      disabled={disabled}
      aria-busy={busy || undefined}
      onClick={onClick}
    >
      {runtime.t(node.label, resolveArgs(runtime, node.args))}
    </button>
  );
};
