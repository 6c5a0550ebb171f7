/**
 * Every text set side by side: one row per key, one column per locale, a search over keys and copy,
 * missing keys highlighted. Typed edits live here until saved; a save writes one draft per changed
 * text set with If-Match, and a 412 keeps every typed cell so the editor can reload and save again.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useUnsavedGuard } from './safety/use-unsaved-guard';
import type { TextSetDocument } from '../../schemas/generated/types';
import { AdminApiError, adminApi } from './admin-api';
import { canWrite, currentContent, type DocRecord, type Role } from './admin-types';
import { STALE_MESSAGE, describeError } from './describe-error';

type Edits = Record<string, Record<string, string>>;

interface Props {
  role: Role;
  /** Called after drafts were saved (the preview reloads). */
  onSaved(): void;
}

const textsOf = (doc: DocRecord) => ((currentContent(doc) as TextSetDocument | undefined)?.texts ?? {}) as Record<string, string>;

export default function TextSetEditor({ role, onSaved }: Props) {
  const [docs, setDocs] = useState<DocRecord[]>([]);
  const [edits, setEdits] = useState<Edits>({});
  const [query, setQuery] = useState('');
  const [onlyMissing, setOnlyMissing] = useState(false);
  const [newKey, setNewKey] = useState('');
  const [extraKeys, setExtraKeys] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const writable = canWrite(role);

  /** Reloads the text sets from the server; typed edits are kept on top of the fresh copy. */
  const load = useCallback(async () => {
    try {
      const list = await adminApi.list({ kind: 'text-set' });
      setDocs(await Promise.all(list.map((d) => adminApi.get(d.kind, d.id))));
      setError(null);
    } catch (e) {
      setError(describeError(e));
    }
  }, []);
  useEffect(() => void load(), [load]);

  const keys = useMemo(() => {
    const all = new Set<string>(extraKeys);
    for (const d of docs) Object.keys(textsOf(d)).forEach((k) => all.add(k));
    for (const e of Object.values(edits)) Object.keys(e).forEach((k) => all.add(k));
    return [...all].sort();
  }, [docs, edits, extraKeys]);

  const valueOf = (doc: DocRecord, key: string): string | undefined => edits[doc.id]?.[key] ?? textsOf(doc)[key];
  const isMissing = (doc: DocRecord, key: string) => {
    const v = valueOf(doc, key);
    return v === undefined || v === '';
  };

  const q = query.trim().toLowerCase();
  const rows = keys.filter(
    (k) =>
      (!onlyMissing || docs.some((d) => isMissing(d, k))) &&
      (!q || k.toLowerCase().includes(q) || docs.some((d) => (valueOf(d, k) ?? '').toLowerCase().includes(q))),
  );
  const dirty = Object.entries(edits).filter(([, e]) => Object.keys(e).length > 0);
  useUnsavedGuard(dirty.length > 0, 'copy (text table)');

  const edit = (docId: string, key: string, value: string) =>
    setEdits((prev) => ({ ...prev, [docId]: { ...prev[docId], [key]: value } }));

  async function save() {
    setBusy(true);
    setStatus('');
    setError(null);
    const remaining: Edits = { ...edits };
    try {
      for (const [docId, changes] of dirty) {
        const doc = docs.find((d) => d.id === docId)!;
        const content = currentContent(doc) as TextSetDocument;
        await adminApi.saveDraft(doc.kind, doc.id, { ...content, texts: { ...content.texts, ...changes } }, doc.etag);
        delete remaining[docId];
      }
      setEdits(remaining);
      await load();
      setStatus('Draft saved.');
      onSaved();
    } catch (e) {
      setError(e instanceof AdminApiError && e.status === 412 ? STALE_MESSAGE : describeError(e));
    } finally {
      // Only what reached the server leaves the edit buffer; everything else stays typed.
      setEdits(remaining);
      setBusy(false);
    }
  }

  return (
    <section aria-label="Text sets">
      <h2>Text sets</h2>
      <div className="toolbar">
        <label>
          Search texts <input type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
        </label>
        <label>
          <input type="checkbox" checked={onlyMissing} onChange={(e) => setOnlyMissing(e.target.checked)} /> Only missing
        </label>
        {writable && (
          <>
            <label>
              New key <input value={newKey} onChange={(e) => setNewKey(e.target.value)} placeholder="complaint.newLabel" />
            </label>
            <button type="button" disabled={!/^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9]+)*$/.test(newKey) || keys.includes(newKey)} onClick={() => (setExtraKeys((k) => [...k, newKey]), setQuery(newKey), setNewKey(''))}>
              Add key
            </button>
            <button type="button" disabled={busy || dirty.length === 0} onClick={save}>
              Save draft{dirty.length ? ` (${dirty.reduce((n, [, e]) => n + Object.keys(e).length, 0)} changed)` : ''}
            </button>
          </>
        )}
        <button type="button" onClick={load}>Reload</button>
      </div>
      {error && <p role="alert" className="error">{error}</p>}
      <p role="status">{status}</p>
      <table className="text-table">
        <thead>
          <tr>
            <th scope="col">Key</th>
            {docs.map((d) => (
              <th scope="col" key={d.id}>
                {d.id}
                {d.draft ? ' (draft)' : ''}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((key) => (
            <tr key={key}>
              <th scope="row"><code>{key}</code></th>
              {docs.map((d) => {
                const missing = isMissing(d, key);
                const changed = edits[d.id]?.[key] !== undefined;
                return (
                  <td key={d.id} className={missing ? 'missing' : changed ? 'changed' : undefined} style={{ background: missing ? '#ffe0e0' : changed ? '#fff7d6' : undefined }}>
                    {writable ? (
                      <input
                        aria-label={`${key} (${d.id})`}
                        aria-invalid={missing || undefined}
                        placeholder={missing ? 'missing' : undefined}
                        value={valueOf(d, key) ?? ''}
                        onChange={(e) => edit(d.id, key, e.target.value)}
                        style={{ width: '100%' }}
                      />
                    ) : (
                      <span aria-label={`${key} (${d.id})`}>{missing ? <em>missing</em> : valueOf(d, key)}</span>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p>{rows.length} of {keys.length} keys</p>
    </section>
  );
}
