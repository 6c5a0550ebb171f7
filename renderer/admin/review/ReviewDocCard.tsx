/**
 * One document of the change set on the review page: what it is, who drafted it, its readable diff, and where a market
 * asks for four eyes, whether it has its second person (a colleague drafted it, or another publisher approved this
 * very draft) with an Approve button for a publisher who can be that second person. A changed screen or landing
 * template shows before/after pictures of the preview beside its diff (PreviewPictures.tsx).
 */
import type { DocRecord, DocSummary } from '../admin-types';
import ChangeTable from '../diff/ChangeTable';
import { describeChanges } from '../diff/describe-changes';
import type { FourEyesDocVerdict } from './four-eyes';
import PreviewPictures, { PICTURED_KINDS } from './PreviewPictures';

interface Props {
  summary: DocSummary;
  record: DocRecord | undefined;
  checked: boolean;
  /** Absent for people who cannot publish: they review, they do not choose. */
  onToggle?: () => void;
  /** The four-eyes standing of this document for the person looking (a publisher); absent: not shown. */
  eyes?: FourEyesDocVerdict;
  /** Who is looking (the four-eyes sentence speaks to them). */
  user?: string;
  /** Present when the person looking can be this document's second person. */
  onApprove?: () => void;
  busy?: boolean;
}

/** The four-eyes sentence of a document, from the publisher's side. */
function eyesText(v: FourEyesDocVerdict, drafters: string[], user: string): string {
  const head = `Four eyes, market ${v.markets.join(', ')}:`;
  switch (v.state) {
    case 'colleague':
      return `${head} drafted by ${drafters.join(', ')}, so you (${user}) may publish it.`;
    case 'approved':
      return `${head} approved by ${v.approvers.join(', ')}, so you (${user}) may publish it.`;
    default:
      return `${head} only you (${user}) drafted it: another publisher must approve it (or publish it).`;
  }
}

/** The market the pictures preview: the document's own (a landing template names one), else its first. */
function marketOf(markets: string[], doc: unknown): string {
  const own = (doc as { market?: unknown } | null)?.market;
  return typeof own === 'string' ? own : (markets[0] ?? 'ID');
}

export default function ReviewDocCard({
  summary: d,
  record,
  checked,
  onToggle,
  eyes,
  user = '',
  onApprove,
  busy,
}: Props) {
  const title = `${d.kind} ${d.id}`;
  const changes = record
    ? describeChanges(d.kind, record.published?.content ?? null, record.draft?.content ?? null)
    : null;
  const drafters = d.editors.length ? d.editors : d.draftUpdatedBy ? [d.draftUpdatedBy] : [];
  // Approvals of this draft (a rollback's approvals are for the history page).
  const approvers = (d.approvals ?? []).filter((a) => a.version === null).map((a) => a.approver);
  const headingId = `review-${d.kind}-${d.id}`;
  const pictured = PICTURED_KINDS.has(d.kind) && !!changes?.rows.length;
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
        {approvers.length > 0 && <span className="badge badge--published">approved by {approvers.join(', ')}</span>}
      </header>
      <p className="review-doc__meta">
        <code>{d.file}</code> · drafted by <strong>{drafters.join(', ') || 'unknown'}</strong>
        {d.draftUpdatedAt && <> · last saved {new Date(d.draftUpdatedAt).toLocaleString()}</>}
        {record?.published && <> · live is v{record.published.version}</>}
      </p>
      {eyes && eyes.state !== 'free' && (
        <div className={`review-doc__eyes review-doc__eyes--${eyes.state}`}>
          <p className="review-doc__meta">
            {eyesText(eyes, drafters, user)}
            {onApprove && ` Approve it to let ${drafters.join(', ')} publish it too.`}
          </p>
          {onApprove && (
            <button type="button" className="btn" disabled={busy} onClick={onApprove} aria-label={`Approve ${title}`}>
              Approve
            </button>
          )}
        </div>
      )}
      <div className={pictured ? 'review-doc__change review-doc__change--pictured' : 'review-doc__change'}>
        {pictured && record && (
          <PreviewPictures
            kind={d.kind}
            id={d.id}
            before={record.published?.content ?? null}
            after={record.draft?.content ?? null}
            market={marketOf(d.markets, record.draft?.content ?? record.published?.content)}
          />
        )}
        {changes ? (
          <ChangeTable changes={changes} label={`Changes in ${title}`} />
        ) : (
          <p className="review-doc__meta">Loading the changes…</p>
        )}
      </div>
    </article>
  );
}
