import type { Widget } from '../runtime/contract';
import { useRuntime } from '../runtime/runtime-context';
import { displayValue } from './text-of';

export const Tag: Widget<'tag'> = ({ node }) => {
  const runtime = useRuntime();
  const text = node.key ? runtime.t(node.key) : displayValue(runtime.resolve(node.value));
  // An empty chip (data not loaded, no sub-type) is noise.
  if (!text) return null;
  return (
    <span id={node.id} className={`sdui-tag sdui-tag--${node.tone ?? 'neutral'}`}>
      {text}
    </span>
  );
};
