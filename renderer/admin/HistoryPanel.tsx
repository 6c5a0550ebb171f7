/**
 * Published versions of one document, the diff of any version against the live one, and rollback
 * (publisher only): a rollback publishes a new version restoring the chosen one, with a reason.
 */
import { useCallback, useEffect, useState } from 'react';
import { adminApi, request } from './admin-api';
import { canPublish, type AuditRow, type Role, type VersionInfo } from './admin-types';
import { describeError } from './describe-error';
import PatchList from './PatchList';

interface Props {
  kind: string;
  id: string;
  role: Role;
  /** Bumped by the parent after saves and publishes, so the list refreshes. */
  refresh: number;
  onRolledBack(): void;
}

type Row = VersionInfo & { published?: boolean };

export default function HistoryPanel({ kind, id, role, refresh, onRolledBack }: Props) {
  const [versions, setVersions] = useState<Row[]>([]);
  const [etag, setEtag] = useState('');
  const [selected, setSelected] = useState<number | null>(null);
  const [diff, setDiff] = useState<NonNullable<AuditRow['diff']> | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');

  const load = useCallback(async () => {
    try {
      const { data } = await request<{ versions: Row[]; etag: string }>(`/documents/${encodeURIComponent(kind)}/${encodeURIComponent(id)}/history`);
      setVersions([...data.versions].sort((a, b) => b.version - a.version));
      setEtag(data.etag);
    } catch (e) {
      setError(describeError(e));
    }
  }, [kind, id]);
  useEffect(() => {
    setSelected(null);
    setDiff(null);
    void load();
  }, [load, refresh]);

  async function show(v: number) {
    setSelected(v);
    setError(null);
    try {
      const q = `from=published&to=${v}`;
      const { data } = await request<{ patch: NonNullable<AuditRow['diff']> }>(`/documents/${encodeURIComponent(kind)}/${encodeURIComponent(id)}/diff?${q}`);
      setDiff(data.patch);
    } catch (e) {
      setError(describeError(e));
    }
  }

  async function rollback() {
    if (selected === null) return;
    setError(null);
    try {
      await adminApi.rollback(kind, id, selected, reason.trim(), etag);
      setStatus(`Version ${selected} restored as a new published version.`);
      setReason('');
      await load();
      onRolledBack();
    } catch (e) {
      setError(describeError(e));
    }
  }

  const live = versions.find((v) => v.published);
  return (
    <section aria-label="History">
      <h3>History</h3>
      {error && <p role="alert" className="error">{error}</p>}
      <p role="status">{status}</p>
      <table>
        <thead>
          <tr>
            <th scope="col">Version</th>
            <th scope="col">When</th>
            <th scope="col">Who</th>
            <th scope="col">Note</th>
            <th scope="col"></th>
          </tr>
        </thead>
        <tbody>
          {versions.map((v) => (
            <tr key={v.version} aria-selected={selected === v.version}>
              <td>
                v{v.version}
                {v.published ? ' (live)' : ''}
                {v.restoredFrom ? ` (restores v${v.restoredFrom})` : ''}
              </td>
              <td>{new Date(v.createdAt).toLocaleString()}</td>
              <td>{v.createdBy}</td>
              <td>{v.note}</td>
              <td>
                {!v.published && (
                  <button type="button" onClick={() => void show(v.version)}>
                    Compare v{v.version}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {selected !== null && diff && (
        <div>
          <h4>
            Changes from live v{live?.version} to v{selected}
          </h4>
          <PatchList ops={diff} label={`Diff to version ${selected}`} />
          {canPublish(role) && (
            <div className="toolbar">
              <label>
                Reason <input value={reason} onChange={(e) => setReason(e.target.value)} />
              </label>
              <button type="button" disabled={!reason.trim()} onClick={rollback}>
                Roll back to v{selected}
              </button>
            </div>
          )}
        </div>
      )}
    </section>
  );
}
