/**
 * A document's changes as a table a reviewer reads top to bottom: what (text key, field or JSON
 * pointer), before, after. Removed values are struck through on the "removed" colour, new ones on
 * the "added" colour; the words "added"/"removed" say it too, for people who do not see colour.
 */
import type { DescribedChanges } from './describe-changes';
import './diff.css';

interface Props {
  changes: DescribedChanges;
  /** The table's accessible name, e.g. "Changes in text-set id-ID". */
  label: string;
}

export default function ChangeTable({ changes, label }: Props) {
  if (!changes.rows.length) return <p className="diff-empty">No differences.</p>;
  return (
    <table className="table diff-table" aria-label={label}>
      <thead>
        <tr>
          <th scope="col">{changes.labelName}</th>
          <th scope="col">Before</th>
          <th scope="col" aria-hidden="true"></th>
          <th scope="col">After</th>
        </tr>
      </thead>
      <tbody>
        {changes.rows.map((r, i) => (
          <tr key={i} className={`diff-row diff-row--${r.change}`}>
            <th scope="row" className="diff-what">
              <code title={r.pointer || '/'}>{r.label}</code>
              {r.change !== 'changed' && <span className={`badge diff-badge diff-badge--${r.change}`}>{r.change}</span>}
            </th>
            <td className="diff-before">
              {r.before === undefined ? <span className="diff-none">(none)</span> : <del>{r.before}</del>}
            </td>
            <td className="diff-arrow" aria-hidden="true">
              →
            </td>
            <td className="diff-after">
              {r.after === undefined ? <span className="diff-none">(none)</span> : <ins>{r.after}</ins>}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
