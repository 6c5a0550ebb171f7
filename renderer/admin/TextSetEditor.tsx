/**
 * The copy table: one row per key, one column per locale side by side with the full text readable
 * and editable (textareas that wrap and grow), where each key is used (screens and node pointers),
 * filters for missing translations and keys changed in this draft, and a placeholder check: a value
 * that drops or adds a `{name}` the other locales or its published value carry is flagged next to
 * its cell, and saving is refused until it is fixed or the editor confirms it. The server's copy QA findings
 * (`GET /admin/api/copy/findings`) are shown under each saved cell, with a "has findings" filter and, where the
 * server knows the fix, a one-click fix that puts the corrected copy into the cell and saves as usual.
 * Typed edits live here until saved; a save writes one draft per changed text set with If-Match,
 * and a 412 keeps every typed cell and reloads; a cell a colleague saved meanwhile shows their text and waits for a
 * choice (copy/clashes.ts).
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useUnsavedGuard } from './safety/use-unsaved-guard';
import type { TextSetDocument } from '../../schemas/generated/types';
import { AdminApiError, adminApi } from './admin-api';
import { canWrite, currentContent, type DocRecord, type Role } from './admin-types';
import type { Usage } from './copy/find-usages';
import { describePlaceholderProblem, placeholderProblem } from './copy/placeholders';
import type { CopyFinding } from './copy/copy-findings';
import { clashesOf, keptMine, RELOADED, withBase, withoutKey, type Bases } from './copy/clashes';
import ClashNote from './copy/ClashNote';
import FindingNotes from './copy/FindingNotes';
import './copy/copy.css';
import { describeError } from './describe-error';
import { useLatest } from './use-latest';

type Edits = Record<string, Record<string, string>>;

interface Props {
  role: Role;
  /** Called after drafts were saved (the preview reloads). */
  onSaved(): void;
  /** Opens the table filtered to this key (a search result or an in-context pick). */
  focusKey?: string;
  /** key → where it is used (screens and pointers); without it the column is left out. */
  usages?: Map<string, Usage[]>;
  /** `kind/id` → human title, for the "used in" links. */
  titles?: Map<string, string>;
  onOpenDoc?(kind: string, id: string): void;
}

const textsOf = (doc: DocRecord) =>
  ((currentContent(doc) as TextSetDocument | undefined)?.texts ?? {}) as Record<string, string>;
const publishedOf = (doc: DocRecord) =>
  ((doc.published?.content as TextSetDocument | undefined)?.texts ?? {}) as Record<string, string>;
const localeOf = (doc: DocRecord) => (currentContent(doc) as TextSetDocument | undefined)?.locale ?? doc.id;
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export default function TextSetEditor({ role, onSaved, focusKey, usages, titles, onOpenDoc }: Props) {
  const [docs, setDocs] = useState<DocRecord[]>([]);
  const [edits, setEdits] = useState<Edits>({});
  const [bases, setBases] = useState<Bases>({});
  const [query, setQuery] = useState(focusKey ? `^${escapeRe(focusKey)}$` : '');
  const [onlyMissing, setOnlyMissing] = useState(false);
  const [onlyChanged, setOnlyChanged] = useState(false);
  const [onlyFindings, setOnlyFindings] = useState(false);
  const [findings, setFindings] = useState<CopyFinding[]>([]);
  const [findingsError, setFindingsError] = useState<string | null>(null);
  const [newKey, setNewKey] = useState('');
  const [extraKeys, setExtraKeys] = useState<string[]>([]);
  const [confirmPlaceholders, setConfirmPlaceholders] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const writable = canWrite(role);

  // A reload that lands after a save's own reload must not put the copy (and ETags) from before the save back.
  const begin = useLatest();
  /** Reloads the text sets from the server; typed edits are kept on top of the fresh copy. */
  const load = useCallback(async () => {
    const latest = begin();
    try {
      const list = await adminApi.list({ kind: 'text-set' });
      const loaded = await Promise.all(list.map((d) => adminApi.get(d.kind, d.id)));
      if (!latest()) return;
      setDocs(loaded);
      setError(null);
    } catch (e) {
      if (latest()) setError(describeError(e));
    }
    // The checks are an aid: the table still works (and the server still refuses bad copy) when they cannot load.
    try {
      const found = await adminApi.copyFindings();
      if (!latest()) return;
      setFindings(found);
      setFindingsError(null);
    } catch (e) {
      if (latest()) setFindingsError(describeError(e));
    }
  }, [begin]);
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
  /** Changed in this draft: typed here, or the saved draft differs from the published copy. */
  const isChanged = (doc: DocRecord, key: string) =>
    edits[doc.id]?.[key] !== undefined || (!!doc.draft && valueOf(doc, key) !== publishedOf(doc)[key]);
  const problemOf = (doc: DocRecord, key: string) =>
    placeholderProblem(valueOf(doc, key), [
      ...docs.filter((d) => d !== doc).map((d) => valueOf(d, key)),
      publishedOf(doc)[key],
    ]);

  /** The server's findings for the saved cell; a cell typed over since is judged again at its save. */
  const findingsOf = (doc: DocRecord, key: string) =>
    edits[doc.id]?.[key] !== undefined ? [] : findings.filter((f) => f.key === key && f.locale === localeOf(doc));

  // `^key$` (what a search result or "open in copy table" sets) is an exact key; anything else a substring.
  const exact = /^\^(.+)\$$/.exec(query.trim())?.[1]?.replace(/\\(.)/g, '$1');
  const q = query.trim().toLowerCase();
  const rows = keys.filter(
    (k) =>
      (!onlyMissing || docs.some((d) => isMissing(d, k))) &&
      (!onlyChanged || docs.some((d) => isChanged(d, k))) &&
      (!onlyFindings || docs.some((d) => findingsOf(d, k).length > 0)) &&
      (exact !== undefined
        ? k === exact
        : !q || k.toLowerCase().includes(q) || docs.some((d) => (valueOf(d, k) ?? '').toLowerCase().includes(q))),
  );
  const dirty = Object.entries(edits).filter(([, e]) => Object.keys(e).length > 0);
  useUnsavedGuard(dirty.length > 0, 'copy (text table)');
  const flagged = dirty.flatMap(([docId, e]) => {
    const doc = docs.find((d) => d.id === docId);
    return doc
      ? Object.keys(e)
          .filter((k) => problemOf(doc, k))
          .map((k) => `${k} (${docId})`)
      : [];
  });
  const clashes = clashesOf(docs, textsOf, edits, bases);
  const blocked = (flagged.length > 0 && !confirmPlaceholders) || clashes.length > 0;

  const edit = (docId: string, key: string, value: string) => {
    setConfirmPlaceholders(false);
    const doc = docs.find((d) => d.id === docId);
    if (doc) setBases((b) => withBase(b, docId, key, textsOf(doc)[key]));
    setEdits((prev) => ({ ...prev, [docId]: { ...prev[docId], [key]: value } }));
  };

  /** `extra`: edits applied on top of the typed ones and saved with them (a one-click fix). */
  async function save(extra: Edits = {}) {
    if (blocked && !Object.keys(extra).length) return;
    const all: Edits = { ...edits };
    for (const [docId, e] of Object.entries(extra)) all[docId] = { ...all[docId], ...e };
    setBusy(true);
    setStatus('');
    setError(null);
    const remaining: Edits = { ...all };
    try {
      for (const [docId, changes] of Object.entries(all).filter(([, e]) => Object.keys(e).length > 0)) {
        const doc = docs.find((d) => d.id === docId)!;
        const content = currentContent(doc) as TextSetDocument;
        await adminApi.saveDraft(doc.kind, doc.id, { ...content, texts: { ...content.texts, ...changes } }, doc.etag);
        delete remaining[docId];
      }
      setEdits(remaining);
      setConfirmPlaceholders(false);
      await load();
      setStatus('Draft saved.');
      onSaved();
    } catch (e) {
      if (e instanceof AdminApiError && e.status === 412) {
        // Their copy at once: cells they changed under my typing say so (a choice, never a silent overwrite).
        await load();
        setError(RELOADED);
      } else setError(describeError(e));
    } finally {
      // Only what reached the server leaves the edit buffer; everything else stays typed.
      setEdits(remaining);
      setBases((b) => Object.fromEntries(Object.entries(b).filter(([id]) => id in remaining)));
      setBusy(false);
    }
  }

  /** One-click fix: the corrected copy goes into the cell and is saved like any edit (the placeholder guard holds). */
  function fix(doc: DocRecord, key: string, value: string) {
    const fixProblem = placeholderProblem(value, [
      ...docs.filter((d) => d !== doc).map((d) => valueOf(d, key)),
      publishedOf(doc)[key],
    ]);
    if (blocked || (fixProblem && !confirmPlaceholders)) return edit(doc.id, key, value);
    void save({ [doc.id]: { [key]: value } });
  }

  const changedCount = dirty.reduce((n, [, e]) => n + Object.keys(e).length, 0);
  return (
    <section aria-label="Text sets" className="copy">
      <h2>Copy</h2>
      <div className="toolbar">
        <label>
          Search texts <input type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
        </label>
        <label>
          <input type="checkbox" checked={onlyMissing} onChange={(e) => setOnlyMissing(e.target.checked)} /> Only
          missing
        </label>
        <label>
          <input type="checkbox" checked={onlyChanged} onChange={(e) => setOnlyChanged(e.target.checked)} /> Only
          changed in this draft
        </label>
        <label>
          <input type="checkbox" checked={onlyFindings} onChange={(e) => setOnlyFindings(e.target.checked)} /> Has
          findings
        </label>
        <button type="button" onClick={load}>
          Reload
        </button>
      </div>
      {findingsError && <p className="muted">Copy checks could not be loaded: {findingsError}</p>}
      {writable && (
        <div className="toolbar">
          <label>
            New key{' '}
            <input value={newKey} onChange={(e) => setNewKey(e.target.value)} placeholder="complaint.newLabel" />
          </label>
          <button
            type="button"
            disabled={!/^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9]+)*$/.test(newKey) || keys.includes(newKey)}
            onClick={() => (setExtraKeys((k) => [...k, newKey]), setQuery(newKey), setNewKey(''))}
          >
            Add key
          </button>
          <button
            type="button"
            className="btn--primary"
            disabled={busy || dirty.length === 0 || blocked}
            onClick={() => void save()}
          >
            Save draft{changedCount ? ` (${changedCount} changed)` : ''}
          </button>
        </div>
      )}
      {writable && flagged.length > 0 && (
        <div className="copy__blocked" role="alert">
          <p>
            Placeholders differ in {flagged.join(', ')}: the borrower would see a raw <code>{'{name}'}</code> or lose a
            value. Fix the cell, or confirm it is meant.
          </p>
          <label>
            <input
              type="checkbox"
              checked={confirmPlaceholders}
              onChange={(e) => setConfirmPlaceholders(e.target.checked)}
            />{' '}
            Save anyway: the placeholder change is intended
          </label>
        </div>
      )}
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <p role="status">{status}</p>
      <table className="table text-table">
        <colgroup>
          <col className="text-table__key" />
          {docs.map((d) => (
            <col key={d.id} />
          ))}
        </colgroup>
        <thead>
          <tr>
            <th scope="col">Key{usages ? ' and where it is used' : ''}</th>
            {docs.map((d) => (
              <th scope="col" key={d.id}>
                {d.id}
                {d.draft ? ' (draft)' : ''}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((key) => {
            const used = usages?.get(key) ?? [];
            return (
              <tr key={key}>
                <th scope="row">
                  <code className="text-table__keyname">{key}</code>
                  {usages && (
                    <div className="text-table__used">
                      {used.length === 0 ? (
                        <span className="muted">Not used by a screen</span>
                      ) : (
                        <details>
                          <summary>Used in {new Set(used.map((u) => u.id)).size} screen(s)</summary>
                          <ul aria-label={`${key} is used in`}>
                            {used.map((u) => (
                              <li key={`${u.id}${u.pointer}`}>
                                <a
                                  href={`#/doc/${u.kind}/${encodeURIComponent(u.id)}`}
                                  onClick={(e) => {
                                    if (!onOpenDoc) return;
                                    e.preventDefault();
                                    onOpenDoc(u.kind, u.id);
                                  }}
                                >
                                  {titles?.get(`${u.kind}/${u.id}`) ?? u.id}
                                </a>{' '}
                                <code className="muted">
                                  {u.id}
                                  {u.pointer}
                                </code>
                              </li>
                            ))}
                          </ul>
                        </details>
                      )}
                    </div>
                  )}
                </th>
                {docs.map((d) => {
                  const missing = isMissing(d, key);
                  const changed = edits[d.id]?.[key] !== undefined;
                  const problem = problemOf(d, key);
                  const noteId = `ph-${d.id}-${key}`;
                  const cellFindings = findingsOf(d, key);
                  const findingsId = `qa-${d.id}-${key}`;
                  const clash = clashes.find((c) => c.docId === d.id && c.key === key);
                  const clashId = `clash-${d.id}-${key}`;
                  const describedBy = [problem && noteId, clash && clashId, cellFindings.length && findingsId]
                    .filter(Boolean)
                    .join(' ');
                  const hasError = cellFindings.some((f) => f.severity === 'error');
                  return (
                    <td
                      key={d.id}
                      className={missing ? 'missing' : changed ? 'changed' : isChanged(d, key) ? 'drafted' : undefined}
                    >
                      {writable ? (
                        <textarea
                          aria-label={`${key} (${d.id})`}
                          aria-invalid={missing || !!problem || hasError || undefined}
                          aria-describedby={describedBy || undefined}
                          placeholder={missing ? 'missing' : undefined}
                          value={valueOf(d, key) ?? ''}
                          rows={1}
                          onChange={(e) => edit(d.id, key, e.target.value)}
                          className="text-table__cell"
                        />
                      ) : (
                        <span
                          aria-label={`${key} (${d.id})`}
                          aria-describedby={cellFindings.length ? findingsId : undefined}
                          className="text-table__text"
                        >
                          {missing ? <em>missing</em> : valueOf(d, key)}
                        </span>
                      )}
                      {problem && (
                        <p id={noteId} className="copy__flag">
                          {describePlaceholderProblem(problem)}
                        </p>
                      )}
                      {clash && (
                        <ClashNote
                          id={clashId}
                          clash={clash}
                          by={d.draft?.updatedBy}
                          onKeepMine={() => setBases((b) => keptMine(b, clash))}
                          onTakeTheirs={() => (
                            setEdits((e) => withoutKey(e, d.id, key)),
                            setBases((b) => withoutKey(b, d.id, key))
                          )}
                        />
                      )}
                      <FindingNotes
                        id={findingsId}
                        findings={cellFindings}
                        busy={busy}
                        onFix={writable ? (value) => fix(d, key, value) : undefined}
                      />
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
      <p>
        {rows.length} of {keys.length} keys
      </p>
    </section>
  );
}
