/** The append-only audit log: who did what to which document, when, why, and the JSON diff. */
import { useEffect, useState } from 'react';
import { adminApi } from './admin-api';
import type { AuditRow } from './admin-types';
import { describeError } from './describe-error';
import PatchList from './PatchList';

export default function AuditLog() {
  const [rows, setRows] = useState<AuditRow[]>([]);
  const [filter, setFilter] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [more, setMore] = useState(true);

  async function load(before?: number) {
    try {
      const page = await adminApi.audit({ before });
      setRows((r) => (before ? [...r, ...page] : page));
      setMore(page.length > 0);
    } catch (e) {
      setError(describeError(e));
    }
  }
  useEffect(() => void load(), []);

  const f = filter.trim().toLowerCase();
  const shown = rows.filter((r) => !f || [r.actor, r.action, r.kind, r.id, r.note].some((v) => v?.toLowerCase().includes(f)));
  const oldest = rows.length ? Math.min(...rows.map((r) => r.seq)) : undefined;

  return (
    <section aria-label="Audit log">
      <h2>Audit log</h2>
      {error && <p role="alert" className="error">{error}</p>}
      <label>
        Filter audit <input type="search" value={filter} onChange={(e) => setFilter(e.target.value)} />
      </label>
      <table>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Who</th>
            <th scope="col">What</th>
            <th scope="col">Document</th>
            <th scope="col">Note</th>
            <th scope="col">Diff</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((r) => (
            <tr key={r.seq}>
              <td>{new Date(r.at).toLocaleString()}</td>
              <td>{r.actor}</td>
              <td>{r.action}</td>
              <td>
                {r.kind ? `${r.kind}/${r.id}` : ''}
                {r.version ? ` v${r.version}` : ''}
              </td>
              <td>{r.note}</td>
              <td>
                {r.diff && r.diff.length > 0 && (
                  <details>
                    <summary>{r.diff.length} change(s)</summary>
                    <PatchList ops={r.diff} label={`Audit entry ${r.seq} diff`} />
                  </details>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {more && oldest !== undefined && oldest > 1 && (
        <button type="button" onClick={() => void load(oldest)}>
          Older entries
        </button>
      )}
    </section>
  );
}
