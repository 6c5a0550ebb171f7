/**
 * Every published version of one document (author, time, note), a readable diff between ANY two of
 * them or the draft, and rollback (publisher only): restoring a version publishes it as a new one
 * through the same checks as a publish, so a rollback that would break the published state is
 * refused with its errors listed.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { AdminApiError, adminApi, request } from './admin-api';
import { canPublish, type Problem, type Role, type VersionInfo } from './admin-types';
import { describeError } from './describe-error';
import ChangeTable from './diff/ChangeTable';
import { describeChanges } from './diff/describe-changes';
import ProblemList from './review/ProblemList';
import { useLatest } from './use-latest';
import './history.css';

interface Props {
  kind: string;
  id: string;
  role: Role;
  /** Bumped by the parent after saves and publishes, so the list refreshes. */
  refresh: number;
  onRolledBack(): void;
}

type Row = VersionInfo & { published?: boolean };
/** A side of the comparison: a version number as text, or `draft`. */
type Side = string;

const when = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
};
const label = (s: Side) => (s === 'draft' ? 'the draft' : `v${s}`);

export default function HistoryPanel({ kind, id, role, refresh, onRolledBack }: Props) {
  const [versions, setVersions] = useState<Row[]>([]);
  const [hasDraft, setHasDraft] = useState(false);
  const [etag, setEtag] = useState('');
  const [from, setFrom] = useState<Side>('');
  const [to, setTo] = useState<Side>('');
  const [contents, setContents] = useState<Record<Side, unknown>>({});
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [problems, setProblems] = useState<Problem[]>([]);
  const [status, setStatus] = useState('');
  const asked = useRef(new Set<Side>());
  /** The comparison ops picked: a refresh (after each save) keeps it while both its sides still exist. */
  const picked = useRef<{ from: Side; to: Side } | null>(null);
  const pick = (next: { from: Side; to: Side }) => {
    picked.current = next;
    setFrom(next.from);
    setTo(next.to);
  };

  // Each save or publish reads the list again: a read from before it, answering late, must not bring back its list.
  const begin = useLatest();
  const load = useCallback(async () => {
    const latest = begin();
    try {
      const path = `/documents/${encodeURIComponent(kind)}/${encodeURIComponent(id)}`;
      const [{ data }, rec] = await Promise.all([
        request<{ versions: Row[]; etag: string }>(`${path}/history`),
        adminApi.get(kind, id),
      ]);
      if (!latest()) return;
      const list = [...(Array.isArray(data?.versions) ? data.versions : [])].sort((a, b) => b.version - a.version);
      setVersions(list);
      setEtag(rec.etag);
      setHasDraft(!!rec.draft);
      // Versions never change: keep the ones already fetched, replace only the draft.
      setContents(({ draft: _old, ...kept }) => (rec.draft ? { ...kept, draft: rec.draft.content } : kept));
      const exists = (s: Side) => (s === 'draft' ? !!rec.draft : list.some((v) => String(v.version) === s));
      if (picked.current && exists(picked.current.from) && exists(picked.current.to)) return;
      picked.current = null;
      const live = list.find((v) => v.published) ?? list[0];
      // Default comparison: what the draft changes, else what the last publish changed.
      const older = list.find((v) => live && v.version < live.version);
      setFrom(rec.draft ? String(live?.version ?? '') : String(older?.version ?? live?.version ?? ''));
      setTo(rec.draft ? 'draft' : String(live?.version ?? ''));
    } catch (e) {
      if (latest()) setError(describeError(e));
    }
  }, [kind, id, begin]);
  useEffect(() => {
    setProblems([]);
    void load();
  }, [load, refresh]);

  // Fetches the content of each side once; versions never change.
  useEffect(() => {
    for (const side of [from, to]) {
      if (!side || side === 'draft' || side in contents || asked.current.has(side)) continue;
      asked.current.add(side);
      adminApi.version(kind, id, Number(side)).then(
        (v) => setContents((c) => ({ ...c, [side]: v.content })),
        (e) => {
          asked.current.delete(side);
          setError(describeError(e));
        },
      );
    }
  }, [from, to, contents, kind, id]);

  async function rollback(version: number) {
    setError(null);
    setProblems([]);
    try {
      await adminApi.rollback(kind, id, version, reason.trim(), etag);
      setStatus(`Version ${version} restored as a new published version.`);
      setReason('');
      // The live version moved: the comparison starts again from what the rollback published.
      picked.current = null;
      await load();
      onRolledBack();
    } catch (e) {
      if (e instanceof AdminApiError && e.problems.length) setProblems(e.problems);
      setError(
        e instanceof AdminApiError && e.status === 422
          ? `Rollback to v${version} refused: the published state would have errors. Nothing was changed.`
          : describeError(e),
      );
    }
  }

  const live = versions.find((v) => v.published);
  const ready = from && to && from in contents && to in contents;
  const target = /^\d+$/.test(to) && Number(to) !== live?.version ? Number(to) : null;
  const sides: Side[] = [...(hasDraft ? ['draft'] : []), ...versions.map((v) => String(v.version))];
  const optionText = (s: Side) =>
    s === 'draft' ? 'Draft (unpublished)' : `v${s}${Number(s) === live?.version ? ' (live)' : ''}`;

  return (
    <section aria-labelledby={`history-${kind}-${id}`} className="history">
      <h3 id={`history-${kind}-${id}`}>
        History of {kind} {id}
      </h3>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      {problems.length > 0 && <ProblemList problems={problems} label="Rollback errors" />}
      <p role="status">{status}</p>
      <table className="table history-table" aria-label={`Versions of ${kind} ${id}`}>
        <thead>
          <tr>
            <th scope="col">Version</th>
            <th scope="col">When</th>
            <th scope="col">Who</th>
            <th scope="col">Note</th>
            <th scope="col">Compare</th>
          </tr>
        </thead>
        <tbody>
          {versions.map((v) => (
            <tr key={v.version} aria-current={v.published ? 'true' : undefined}>
              <td>
                v{v.version}
                {v.published && <span className="badge badge--published">live</span>}
                {v.restoredFrom ? <span className="history-muted"> restores v{v.restoredFrom}</span> : null}
              </td>
              <td className="history-when">{when(v.createdAt)}</td>
              <td>{v.createdBy}</td>
              <td className="history-note">{v.note}</td>
              <td>
                {!v.published && live && (
                  <button
                    type="button"
                    className="btn"
                    onClick={() => pick({ from: String(live.version), to: String(v.version) })}
                  >
                    Compare v{v.version}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {sides.length > 1 && (
        <div className="toolbar history-pick">
          <label htmlFor={`history-from-${kind}-${id}`}>From</label>
          <select id={`history-from-${kind}-${id}`} value={from} onChange={(e) => pick({ from: e.target.value, to })}>
            {sides.map((s) => (
              <option key={s} value={s}>
                {optionText(s)}
              </option>
            ))}
          </select>
          <label htmlFor={`history-to-${kind}-${id}`}>To</label>
          <select id={`history-to-${kind}-${id}`} value={to} onChange={(e) => pick({ from, to: e.target.value })}>
            {sides.map((s) => (
              <option key={s} value={s}>
                {optionText(s)}
              </option>
            ))}
          </select>
        </div>
      )}
      {from && from === to && (
        <p className="history-muted">
          {sides.length > 1
            ? 'Pick two different versions to compare.'
            : `${label(from)} is the only version: there is nothing to compare it with yet.`}
        </p>
      )}
      {ready && from !== to && (
        <div className="history-diff">
          <h4>
            Changes from {label(from)} to {label(to)}
          </h4>
          <ChangeTable
            changes={describeChanges(kind, contents[from], contents[to])}
            label={`Diff from ${label(from)} to ${label(to)}`}
          />
        </div>
      )}
      {target !== null && canPublish(role) && (
        <div className="toolbar history-rollback">
          <label>
            Reason <input value={reason} onChange={(e) => setReason(e.target.value)} placeholder="Why restore it" />
          </label>
          <button
            type="button"
            className="btn btn--danger"
            disabled={!reason.trim()}
            onClick={() => void rollback(target)}
          >
            Roll back to v{target}
          </button>
        </div>
      )}
    </section>
  );
}
