import type { Widget } from '../runtime/contract';
import { nodeElements } from '../runtime/RenderNodes';
import { layoutClasses } from './layout';

export const Stack: Widget<'stack'> = ({ node }) => (
  <div id={node.id} className={`sdui-stack ${layoutClasses(node)}`}>
    {nodeElements(node.children)}
  </div>
);
