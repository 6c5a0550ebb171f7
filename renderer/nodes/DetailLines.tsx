import type { Widget } from '../runtime/contract';
import { useRuntime } from '../runtime/runtime-context';
import { asList, displayValue, pick } from './text-of';

/**
 * The spec hides order-detail lines whose value is empty or '0'; a backend writes that zero as "0.00" or "Rp0" too,
 * and a fee line reading "Rp0,00" is the same nothing to the borrower.
 */
const isEmptyValue = (v: string) => /^(\D*0+([.,]0+)?)?$/.test(v.trim());

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
