import type { Widget } from '../runtime/contract';
import { nodeElements } from '../runtime/RenderNodes';
import { useRuntime } from '../runtime/runtime-context';
import { ItemScope } from './ItemScope';
import { layoutClasses } from './layout';
import { asList, pick } from './text-of';

export const List: Widget<'list'> = ({ node }) => {
  const runtime = useRuntime();
  const items = asList(runtime.resolve(node.items));
  if (!items.length) {
    return node.empty ? (
      <div id={node.id} className="sdui-list sdui-list--empty">
        {nodeElements(node.empty)}
      </div>
    ) : null;
  }
  return (
    <ul id={node.id} className={`sdui-list ${layoutClasses({ gap: node.gap })}`} aria-label={node.label ? runtime.t(node.label) : undefined}>
      {items.map((item, index) => {
        const key = node.itemKey ? pick(item, node.itemKey) : undefined;
        return (
          <li key={typeof key === 'string' || typeof key === 'number' ? key : index} className="sdui-list__item">
            <ItemScope item={item} index={index}>
              {nodeElements(node.itemTemplate)}
            </ItemScope>
          </li>
        );
      })}
    </ul>
  );
};
