import type { Widget } from '../runtime/contract';
import { RenderNodes } from '../runtime/RenderNodes';
import { layoutClasses } from './layout';

export const Stack: Widget<'stack'> = ({ node }) => (
  <div id={node.id} className={`sdui-stack ${layoutClasses(node)}`}>
    <RenderNodes nodes={node.children} />
  </div>
);
