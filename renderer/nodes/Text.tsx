import type { Widget } from '../runtime/contract';
import { useRuntime } from '../runtime/runtime-context';
import { displayValue, resolveArgs } from './text-of';

const tagOf = { title: 'h2', subtitle: 'h3' } as const;

export const Text: Widget<'text'> = ({ node }) => {
  const runtime = useRuntime();
  const content = node.key
    ? runtime.t(node.key, resolveArgs(runtime, node.args))
    : displayValue(runtime.resolve(node.value));
  const variant = node.variant ?? 'body';
  const level = Number.isInteger(node.level) && node.level! >= 1 && node.level! <= 6 ? node.level! : undefined;
  const heading = variant === 'title' || variant === 'subtitle';
  const Tag: 'p' | `h${1 | 2 | 3 | 4 | 5 | 6}` = heading
    ? level
      ? (`h${level}` as `h${1 | 2 | 3 | 4 | 5 | 6}`)
      : tagOf[variant]
    : 'p';
  return (
    <Tag id={node.id} className={`sdui-text sdui-text--${variant}`} role={variant === 'error' ? 'alert' : undefined}>
      {content}
    </Tag>
  );
};
