/**
 * The change set: every document with a draft, its diff against the live version, a check of the
 * would-be published state, and (publishers only) publish with a note. Every error is listed with
 * its file and JSON pointer. The ETags reviewed here go with the publish, so a draft changed
 * after review is refused (412) instead of published unseen.
 */
import { useCallback, useEffect, useState } from 'react';
import { adminApi, request } from './admin-api';
import { canPublish, type AuditRow, type DocSummary, type Problem, type Role } from './admin-types';
import { describeError } from './describe-error';
import { AdminApiError } from './admin-api';
import PatchList from './PatchList';

interface Props {
  role: Role;
  onPublished(): void;
}

const keyOf = (d: { kind: string; id: string }) => `${d.kind}/${d.id}`;

export default function PublishPanel({ role, onPublished }: Props) {
  const [drafts, setDrafts] = useState<DocSummary[]>([]);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [diffs, setDiffs] = useState<Record<string, NonNullable<AuditRow['diff']>>>({});
  const [problems, setProblems] = useState<Problem[] | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      const list = (await adminApi.list()).filter((d) => d.hasDraft);
      setDrafts(list);
      setChosen(new Set(list.map(keyOf)));
      const entries = await Promise.all(
        list.map(async (d) => {
          const { data } = await request<{ patch: NonNullable<AuditRow['diff']> }>(`/documents/${encodeURIComponent(d.kind)}/${encodeURIComponent(d.id)}/diff`);
          return [keyOf(d), data.patch] as const;
        }),
      );
      setDiffs(Object.fromEntries(entries));
    } catch (e) {
      setError(describeError(e));
    }
  }, []);
  useEffect(() => void load(), [load]);

  const selected = drafts.filter((d) => chosen.has(keyOf(d)));

  async function check() {
    setError(null);
    try {
      setProblems(await adminApi.validate({ documents: selected.map(({ kind, id }) => ({ kind, id })) }));
    } catch (e) {
      setError(describeError(e));
    }
  }

  async function publish() {
    setBusy(true);
    setError(null);
    setStatus('');
    try {
      const versions = await adminApi.publish(selected.map(({ kind, id, etag }) => ({ kind, id, etag })), note.trim());
      setStatus(`Published ${versions.length} document(s).`);
      setNote('');
      setProblems(null);
      onPublished();
      await load();
    } catch (e) {
      if (e instanceof AdminApiError && e.problems.length) setProblems(e.problems);
      setError(describeError(e));
    } finally {
      setBusy(false);
    }
  }

  const toggle = (k: string) => setChosen((s) => (s.has(k) ? new Set([...s].filter((x) => x !== k)) : new Set([...s, k])));

  return (
    <section aria-label="Publish">
      <h2>Publish</h2>
      {error && <p role="alert" className="error">{error}</p>}
      <p role="status">{status}</p>
      {drafts.length === 0 && <p>No drafts: nothing to publish.</p>}
      <ul className="change-set">
        {drafts.map((d) => (
          <li key={keyOf(d)}>
            <label>
              <input type="checkbox" checked={chosen.has(keyOf(d))} onChange={() => toggle(keyOf(d))} /> {d.kind} {d.id}{' '}
              <small>
                {d.file} · edited by {d.editors.join(', ') || d.draftUpdatedBy}
              </small>
            </label>
            {diffs[keyOf(d)] && <PatchList ops={diffs[keyOf(d)]} label={`Changes in ${d.kind} ${d.id}`} />}
          </li>
        ))}
      </ul>
      {problems && (
        <div>
          <h3>{problems.length ? `${problems.length} error(s): nothing can be published until they are fixed` : 'No errors.'}</h3>
          <ul aria-label="Publish errors">
            {problems.map((p, i) => (
              <li key={i}>
                <code>{p.file ?? ''}</code> <code>{p.instancePath ?? p.pointer ?? ''}</code>: {p.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      {drafts.length > 0 && (
        <div className="toolbar">
          <button type="button" onClick={check} disabled={!selected.length}>
            Check
          </button>
          {canPublish(role) && (
            <>
              <label>
                Note <input value={note} onChange={(e) => setNote(e.target.value)} placeholder="What changes and why" />
              </label>
              <button type="button" disabled={busy || !selected.length || !note.trim()} onClick={publish}>
                Publish {selected.length} document(s)
              </button>
            </>
          )}
        </div>
      )}
    </section>
  );
}
