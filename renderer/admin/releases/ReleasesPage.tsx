/**
 * The Releases page: every release, open ones first, with what each arm does to its borrowers. Ops watch a young
 * release here, so the page re-reads when the console stream says releases changed, and polls while one is
 * open and the stream is down; what an action did is announced in a live region.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { adminApi } from '../admin-api';
import { canPublish, type DocSummary, type Release, type Role } from '../admin-types';
import { describeError } from '../describe-error';
import { useLatest } from '../use-latest';
import { marketZones } from './market-zone';
import ReleaseCard from './ReleaseCard';
import { isOpen, releaseFourEyes, releaseMarkets } from './release-format';
import './releases.css';

interface Props {
  role: Role;
  user: string;
  /** The document list (which markets each document touches). */
  docs: DocSummary[];
  /** Published market documents: their ids, zones and four-eyes flags. */
  markets: unknown[];
  /** How often the page refreshes while a release is open (ms); 0: never. */
  refreshMs?: number;
  /** After an action: completing publishes versions, so the console's document list reloads. */
  onChanged?(): void;
  /** The console stream (live/use-console-live.ts): while open, `releases` moves when they changed and nothing polls. */
  live?: { open: boolean; releases: number };
}

export default function ReleasesPage({ role, user, docs, markets, refreshMs = 5000, onChanged, live }: Props) {
  const [releases, setReleases] = useState<Release[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [checkedAt, setCheckedAt] = useState<Date | null>(null);

  // A poll that set out before a rollback must not bring the rolled-back release back on screen when it lands last.
  const begin = useLatest();
  const load = useCallback(async () => {
    const latest = begin();
    try {
      const list = await adminApi.releases();
      if (!latest()) return;
      setReleases(list);
      setCheckedAt(new Date());
      setError(null);
    } catch (e) {
      if (latest()) setError(describeError(e));
    }
  }, [begin]);
  useEffect(() => void load(), [load, live?.releases]);

  const anyOpen = !!releases?.some(isOpen);
  const streaming = !!live?.open;
  useEffect(() => {
    if (!refreshMs || !anyOpen || streaming) return;
    const t = setInterval(() => {
      // A hidden tab does not poll: nobody is watching it.
      if (typeof document === 'undefined' || document.visibilityState !== 'hidden') void load();
    }, refreshMs);
    return () => clearInterval(t);
  }, [refreshMs, anyOpen, load, streaming]);

  const allMarkets = useMemo(
    () =>
      markets
        .map((m) => (m as { id?: unknown } | null)?.id)
        .filter((id): id is string => typeof id === 'string')
        .sort(),
    [markets],
  );
  const done = (message: string) => {
    setStatus(message);
    onChanged?.();
    void load();
  };

  const card = (r: Release) => (
    <ReleaseCard
      key={r.id}
      release={r}
      zones={marketZones(markets, releaseMarkets(r, docs, allMarkets))}
      eyes={releaseFourEyes(r, docs, markets, user)}
      user={user}
      publisher={canPublish(role)}
      onDone={done}
    />
  );
  const open = (releases ?? []).filter(isOpen);
  const past = (releases ?? []).filter((r) => !isOpen(r));

  return (
    <section aria-labelledby="releases-title" className="releases">
      <h2 id="releases-title">Releases</h2>
      <p className="muted">
        A release serves its documents to a share of borrowers first (<em>Publish to N %</em> on the review page).
        Compare its arms here, widen it step by step, complete it, or roll it back. Times are in the zone of the market
        a release reaches.
      </p>
      <div className="toolbar">
        <button type="button" className="btn" onClick={() => void load()}>
          Refresh
        </button>
        {checkedAt && (
          <span className="muted">
            Figures as of {checkedAt.toLocaleTimeString('en-GB')}
            {anyOpen && refreshMs ? `, refreshed every ${Math.round(refreshMs / 1000)} s` : ''}.
          </span>
        )}
      </div>
      <p role="status" className="releases__status">
        {status}
      </p>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      {releases === null && !error && <p>Loading the releases…</p>}
      {releases?.length === 0 && (
        <p>No releases yet. Publish a change to a share of borrowers from Review &amp; publish.</p>
      )}
      {open.length > 0 && (
        <section aria-labelledby="releases-open-title" className="releases__group">
          <h3 id="releases-open-title">In flight ({open.length})</h3>
          {open.map(card)}
        </section>
      )}
      {past.length > 0 && (
        <section aria-labelledby="releases-past-title" className="releases__group">
          <h3 id="releases-past-title">Finished ({past.length})</h3>
          {past.map(card)}
        </section>
      )}
    </section>
  );
}
