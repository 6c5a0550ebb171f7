/** One document of the change set on the review page: what it is, who drafted it, and its readable diff. */
import type { DocRecord, DocSummary } from '../admin-types';
import ChangeTable from '../diff/ChangeTable';
import { describeChanges } from '../diff/describe-changes';

interface Props {
  summary: DocSummary;
  record: DocRecord | undefined;
  checked: boolean;
  /** Absent for people who cannot publish: they review, they do not choose. */
  onToggle?: () => void;
}

export default function ReviewDocCard({ summary: d, record, checked, onToggle }: Props) {
  const title = `${d.kind} ${d.id}`;
  const changes = record ? describeChanges(d.kind, record.published?.content ?? null, record.draft?.content ?? null) : null;
  const drafters = d.editors.length ? d.editors : d.draftUpdatedBy ? [d.draftUpdatedBy] : [];
  const headingId = `review-${d.kind}-${d.id}`;
  return (
    <article className="card review-doc" aria-labelledby={headingId}>
      <header className="review-doc__head">
        <h3 id={headingId} className="review-doc__title">
          {onToggle ? (
            <label>
              <input type="checkbox" checked={checked} onChange={onToggle} /> {title}
            </label>
          ) : (
            title
          )}
        </h3>
        {onToggle && !checked && <span className="badge">left out of this publish</span>}
        {!record?.published && <span className="badge badge--draft">new document</span>}
        {changes?.locale && <span className="badge">locale {changes.locale}</span>}
        {d.markets.length > 0 && <span className="review-doc__meta">market {d.markets.join(', ')}</span>}
      </header>
      <p className="review-doc__meta">
        <code>{d.file}</code> · drafted by <strong>{drafters.join(', ') || 'unknown'}</strong>
        {d.draftUpdatedAt && <> · last saved {new Date(d.draftUpdatedAt).toLocaleString()}</>}
        {record?.published && <> · live is v{record.published.version}</>}
      </p>
      {changes ? <ChangeTable changes={changes} label={`Changes in ${title}`} /> : <p className="review-doc__meta">Loading the changes…</p>}
    </article>
  );
}
