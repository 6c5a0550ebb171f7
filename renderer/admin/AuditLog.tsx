/**
 * The append-only audit log: who did what to which document, when, why, and the change. Filters
 * (person, document, date range) are sent to the server, so an entry from last year is found as
 * surely as one from today; "Older entries" pages back under the same filters.
 */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { adminApi } from './admin-api';
import type { AuditRow, DocSummary } from './admin-types';
import { describeError } from './describe-error';
import { useLatest } from './use-latest';
import ChangeTable from './diff/ChangeTable';
import { compactValue, labelFor, labelNameFor, type DescribedChanges } from './diff/describe-changes';
import './audit.css';

interface Filter {
  actor: string;
  /** `kind/id`, or '' for every document. */
  doc: string;
  since: string;
  until: string;
}

const EMPTY: Filter = { actor: '', doc: '', since: '', until: '' };

/** A JSON Patch entry as rows: the audit keeps only the new values, so there is no "before" to show. */
function patchChanges(kind: string | null, diff: NonNullable<AuditRow['diff']>): DescribedChanges {
  const rows = diff.map((op) => ({
    label: labelFor(kind ?? '', op.path),
    pointer: op.path,
    change: op.op === 'add' ? ('added' as const) : op.op === 'remove' ? ('removed' as const) : ('changed' as const),
    before: op.op === 'remove' ? '(not recorded)' : undefined,
    after: 'value' in op ? compactValue(op.value) : undefined,
  }));
  return { labelName: labelNameFor(kind ?? ''), rows };
}

export default function AuditLog() {
  const [rows, setRows] = useState<AuditRow[]>([]);
  const [docs, setDocs] = useState<DocSummary[]>([]);
  const [draft, setDraft] = useState<Filter>(EMPTY);
  const [applied, setApplied] = useState<Filter>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [more, setMore] = useState(false);
  const [loading, setLoading] = useState(true);

  // A late page (an older filter's, or "Older entries" of the filter before) must not land in the table under the
  // filters now applied: ops read this log to know who did what.
  const begin = useLatest();
  const load = useCallback(
    async (f: Filter, before?: number) => {
      const latest = begin();
      setLoading(true);
      setError(null);
      try {
        const [kind, ...rest] = f.doc ? f.doc.split('/') : [];
        const page = await adminApi.audit({
          actor: f.actor.trim() || undefined,
          kind,
          id: rest.join('/') || undefined,
          since: f.since || undefined,
          until: f.until || undefined,
          before,
        });
        if (!latest()) return;
        setRows((r) => (before ? [...r, ...page] : page));
        setMore(page.length >= 100);
      } catch (e) {
        if (latest()) setError(describeError(e));
      } finally {
        if (latest()) setLoading(false);
      }
    },
    [begin],
  );
  useEffect(() => {
    void load(EMPTY);
    adminApi.list().then(setDocs, () => setDocs([]));
  }, [load]);

  const apply = (e: FormEvent) => {
    e.preventDefault();
    setApplied(draft);
    void load(draft);
  };
  const clear = () => {
    setDraft(EMPTY);
    setApplied(EMPTY);
    void load(EMPTY);
  };
  const oldest = rows.length ? Math.min(...rows.map((r) => r.seq)) : undefined;
  const people = [...new Set(rows.map((r) => r.actor))].sort();

  return (
    <section aria-labelledby="audit-title" className="audit">
      <h2 id="audit-title">Audit log</h2>
      <form className="toolbar audit-filters" onSubmit={apply} aria-label="Audit filters">
        <label>
          Person
          <input
            list="audit-people"
            value={draft.actor}
            onChange={(e) => setDraft({ ...draft, actor: e.target.value })}
            placeholder="user name"
          />
          <datalist id="audit-people">
            {people.map((p) => (
              <option key={p} value={p} />
            ))}
          </datalist>
        </label>
        {/* Labelled by id: a select inside its label would take the chosen option into its name. */}
        <div className="audit-field">
          <label htmlFor="audit-doc">Document</label>
          <select id="audit-doc" value={draft.doc} onChange={(e) => setDraft({ ...draft, doc: e.target.value })}>
            <option value="">every document</option>
            {docs.map((d) => (
              <option key={`${d.kind}/${d.id}`} value={`${d.kind}/${d.id}`}>
                {d.kind} {d.id}
              </option>
            ))}
          </select>
        </div>
        <label>
          From (UTC)
          <input type="date" value={draft.since} onChange={(e) => setDraft({ ...draft, since: e.target.value })} />
        </label>
        <label>
          To (UTC)
          <input type="date" value={draft.until} onChange={(e) => setDraft({ ...draft, until: e.target.value })} />
        </label>
        <button type="submit" className="btn btn--primary">
          Apply filters
        </button>
        <button type="button" className="btn" onClick={clear}>
          Clear
        </button>
      </form>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <p role="status" className="audit-count">
        {loading
          ? 'Loading…'
          : `${rows.length} entr${rows.length === 1 ? 'y' : 'ies'}${Object.values(applied).some((v) => v.trim()) ? ' matching the filters' : ''}${more ? ' (more below)' : ''}.`}
      </p>
      <table className="table audit-table" aria-label="Audit entries">
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Who</th>
            <th scope="col">What</th>
            <th scope="col">Document</th>
            <th scope="col">Note</th>
            <th scope="col">Change</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.seq}>
              <td>{new Date(r.at).toLocaleString()}</td>
              <td>{r.actor}</td>
              <td>{r.action}</td>
              <td>
                {r.kind ? `${r.kind} ${r.id}` : ''}
                {r.version ? ` v${r.version}` : ''}
              </td>
              <td>{r.note}</td>
              <td>
                {Array.isArray(r.diff) && r.diff.length > 0 && (
                  <details>
                    <summary>{r.diff.length} change(s)</summary>
                    <ChangeTable changes={patchChanges(r.kind, r.diff)} label={`Audit entry ${r.seq} changes`} />
                  </details>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {more && oldest !== undefined && (
        <button type="button" className="btn" onClick={() => void load(applied, oldest)}>
          Older entries
        </button>
      )}
    </section>
  );
}
