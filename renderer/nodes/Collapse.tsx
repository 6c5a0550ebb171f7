import { useId, useState } from 'react';
import type { Widget } from '../runtime/contract';
import { nodeElements } from '../runtime/RenderNodes';
import { useRuntime } from '../runtime/runtime-context';
import { resolveArgs } from './text-of';

export const Collapse: Widget<'collapse'> = ({ node }) => {
  const runtime = useRuntime();
  const panelId = `c${useId().replace(/:/g, '')}`;
  const [own, setOwn] = useState(Boolean(node.open));
  const bound = node.bind ? runtime.get(node.bind) : undefined;
  const open = node.bind && bound !== undefined ? Boolean(bound) : own;
  const toggle = () => {
    if (node.bind) runtime.setState(node.bind, !open);
    setOwn(!open);
  };
  return (
    <div id={node.id} className={`sdui-collapse${open ? ' sdui-collapse--open' : ''}`}>
      <button
        type="button"
        className="sdui-collapse__header"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
      >
        <span>{runtime.t(node.title, resolveArgs(runtime, node.args))}</span>
        <span aria-hidden="true" className="sdui-collapse__chevron">
          ▾
        </span>
      </button>
      <div id={panelId} className="sdui-collapse__panel" hidden={!open}>
        {open ? nodeElements(node.children) : null}
      </div>
    </div>
  );
};

/** The registry loads it lazily (registry.ts), as the module's default. */
export default Collapse;
