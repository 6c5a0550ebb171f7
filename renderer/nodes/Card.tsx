import type { KeyboardEvent } from 'react';
import type { Widget } from '../runtime/contract';
import { nodeElements } from '../runtime/RenderNodes';
import { useRuntime } from '../runtime/runtime-context';
import { displayValue, resolveArgs } from './text-of';

export const Card: Widget<'card'> = ({ node }) => {
  const runtime = useRuntime();
  const level = Number.isInteger(node.level) && node.level! >= 1 && node.level! <= 6 ? node.level! : 3;
  const Heading = `h${level}` as `h${1 | 2 | 3 | 4 | 5 | 6}`;
  const title = node.title ? (
    <Heading className="sdui-card__title">{runtime.t(node.title, resolveArgs(runtime, node.args))}</Heading>
  ) : null;
  if (!node.onClick) {
    return (
      <section id={node.id} className="sdui-card">
        {title}
        {nodeElements(node.children)}
      </section>
    );
  }
  // A pressable card holds block content (images, lines), which a <button> may not contain:
  // role=button with Enter/Space gives the same semantics.
  const press = () => void runtime.run(node.onClick);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.target !== e.currentTarget) return;
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      press();
    }
  };
  return (
    <div
      id={node.id}
      className="sdui-card sdui-card--pressable"
      role="button"
      tabIndex={0}
      aria-label={node.accessibleLabel ? displayValue(runtime.resolve(node.accessibleLabel)) || undefined : undefined}
      onClick={press}
      onKeyDown={onKeyDown}
    >
      {title}
      {nodeElements(node.children)}
    </div>
  );
};
