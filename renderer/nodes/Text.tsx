import type { Widget } from '../runtime/contract';
import { useRuntime } from '../runtime/runtime-context';
import { displayValue, resolveArgs } from './text-of';

const tagOf = { title: 'h2', subtitle: 'h3' } as const;

export const Text: Widget<'text'> = ({ node }) => {
  const runtime = useRuntime();
  const content = node.key ? runtime.t(node.key, resolveArgs(runtime, node.args)) : displayValue(runtime.resolve(node.value));
  const variant = node.variant ?? 'body';
  const Tag = variant === 'title' || variant === 'subtitle' ? tagOf[variant] : 'p';
  return (
    <Tag id={node.id} className={`sdui-text sdui-text--${variant}`} role={variant === 'error' ? 'alert' : undefined}>
      {content}
    </Tag>
  );
};
