import type { Widget } from '../runtime/contract';
import { useRuntime } from '../runtime/runtime-context';
import { asList, displayValue, pick } from './text-of';

/** The spec hides order-detail lines whose value is empty or '0'. */
const isEmptyValue = (v: string) => v.trim() === '' || v.trim() === '0';

export const DetailLines: Widget<'detail-lines'> = ({ node }) => {
  const runtime = useRuntime();
  const rows: { title: string; value: string }[] = node.rows
    ? node.rows.map((r) => ({ title: runtime.t(r.label), value: displayValue(runtime.resolve(r.value)) }))
    : asList(runtime.resolve(node.items)).map((item) => ({
        title: displayValue(pick(item, node.titleField ?? 'title')),
        value: displayValue(pick(item, node.valueField ?? 'value')),
      }));
  const shown = node.hideEmpty ? rows.filter((r) => !isEmptyValue(r.value)) : rows;
  if (!shown.length && !node.title) return null;
  return (
    <div id={node.id} className="sdui-detail-lines">
      {node.title ? <h3 className="sdui-detail-lines__title">{runtime.t(node.title)}</h3> : null}
      <dl>
        {shown.map((r, i) => (
          <div className="sdui-detail-lines__row" key={i}>
            <dt>{r.title}</dt>
            <dd>{r.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
};

/** The registry loads it lazily (registry.ts), as the module's default. */
export default DetailLines;
