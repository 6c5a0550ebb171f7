import type { Widget } from '../runtime/contract';
import { useRuntime } from '../runtime/runtime-context';
import { isSafeImageSrc } from './safe-url';

export const IconGrid: Widget<'icon-grid'> = ({ node }) => {
  const runtime = useRuntime();
  return (
    <ul id={node.id} className="sdui-icon-grid" style={{ gridTemplateColumns: `repeat(${node.columns ?? 4}, 1fr)` }}>
      {node.items.map((tile, i) => {
        const icon = tile.icon ? runtime.resolve(tile.icon) : undefined;
        return (
          <li key={i}>
            <button type="button" className="sdui-icon-grid__tile" onClick={() => void runtime.run(tile.onClick)}>
              {isSafeImageSrc(icon) ? <img src={icon} alt="" width={32} height={32} /> : null}
              <span>{runtime.t(tile.label)}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
};

/** The registry loads it lazily (registry.ts), as the module's default. */
export default IconGrid;
