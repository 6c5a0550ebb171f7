import type { Widget } from '../runtime/contract';
import { nodeElements } from '../runtime/RenderNodes';
import { layoutClasses } from './layout';

export const Row: Widget<'row'> = ({ node }) => (
  <div id={node.id} className={`sdui-row ${layoutClasses(node)}`}>
    {nodeElements(node.children)}
  </div>
);
