/**
 * One release on the Releases page: its documents, share, status, audience and schedule (in the zone of each
 * market it reaches), its arms' figures with the guard's verdict, and for publishers the actions of an open one.
 */
import type { Release } from '../admin-types';
import { formatHash } from '../nav/hash-route';
import ArmsTable from './ArmsTable';
import type { MarketZone } from './market-zone';
import { formatInZone } from './market-zone';
import ReleaseActions from './ReleaseActions';
import { audienceText, isOpen, percentText, STATUS_LABELS, verdictOf } from './release-format';
import type { FourEyesVerdict } from '../review/four-eyes';

interface Props {
  release: Release;
  /** The markets it reaches with their zones (times are shown in each distinct zone). */
  zones: MarketZone[];
  eyes: FourEyesVerdict;
  user: string;
  publisher: boolean;
  onDone(message: string): void;
}

/** One instant in every zone of the markets reached: `… (Asia/Jakarta, UTC+07:00) · … (Asia/Kolkata, UTC+05:30)`. */
function TimeIn({ iso, zones }: { iso: string; zones: MarketZone[] }) {
  const distinct = [...new Map(zones.map((z) => [z.zone, z])).values()];
  return (
    <>
      {distinct.map((z, i) => (
        <span key={z.zone}>
          {i > 0 && ' · '}
          <time dateTime={iso}>{formatInZone(iso, z.zone)}</time>
          {distinct.length > 1 &&
            ` for ${zones
              .filter((x) => x.zone === z.zone)
              .map((x) => x.market)
              .join(', ')}`}
        </span>
      ))}
    </>
  );
}

export default function ReleaseCard({ release: r, zones, eyes, user, publisher, onDone }: Props) {
  const headingId = `release-${r.id}-title`;
  const verdict = verdictOf(r);
  const open = isOpen(r);
  return (
    <article className={`card release release--${r.status}`} aria-labelledby={headingId}>
      <header className="release__head">
        <h4 id={headingId} className="release__title">
          Release {r.id}: {r.documents.map((d) => `${d.kind} ${d.id}`).join(', ')}
        </h4>
        <span className={`badge release-status release-status--${r.status}`}>{STATUS_LABELS[r.status]}</span>
        <span className="release__percent">
          {open ? `${percentText(r.percent)} of the audience` : `was at ${percentText(r.percent)}`}
        </span>
      </header>
      <dl className="release__facts">
        <dt>Audience</dt>
        <dd>{audienceText(r.audience)}</dd>
        <dt>Start</dt>
        <dd>{r.startAt ? <TimeIn iso={r.startAt} zones={zones} /> : 'when published'}</dd>
        <dt>End</dt>
        <dd>{r.endAt ? <TimeIn iso={r.endAt} zones={zones} /> : 'never by itself'}</dd>
        <dt>Published by</dt>
        <dd>
          {r.createdBy ?? 'unknown'}
          {r.note ? ` · “${r.note}”` : ''}
        </dd>
        {r.updatedBy && r.updatedAt && r.updatedAt !== r.createdAt && (
          <>
            <dt>Last change</dt>
            <dd>
              by {r.updatedBy}, <TimeIn iso={r.updatedAt} zones={zones} />
            </dd>
          </>
        )}
      </dl>
      {r.experiment && (
        <p className="release__experiment">
          An experiment on {r.experiment.goals.join(', ')}:{' '}
          <a href={formatHash({ page: 'experiment', id: r.id })}>results of release {r.id}</a>
          {open && publisher ? ' (ship the candidate or stop it there)' : ''}.
        </p>
      )}
      <ArmsTable release={r} />
      <p className={`release-verdict release-verdict--${verdict.tone}`}>
        <span className="badge">{verdict.label}</span> {verdict.message}
      </p>
      {open && publisher && <ReleaseActions release={r} eyes={eyes} user={user} onDone={onDone} />}
    </article>
  );
}
