/**
 * Screens, maps and landing templates: the JSON editor plus save draft (If-Match; Ctrl/Cmd+S too),
 * server-side check of the would-be state, and discard. Schema errors show while typing
 * (precompiled validators) and after a rejected save (the server's 422 list), each at its line.
 * A 412 (a colleague saved meanwhile) opens the conflict view: their version against my text, take
 * mine on top of theirs, take theirs or reload; my text is never dropped. Leaving with unsaved
 * text asks first (safety/use-unsaved-guard).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { AdminApiError, adminApi } from './admin-api';
import { canWrite, currentContent, type DocRecord, type Problem, type Role } from './admin-types';
import { describeError, STALE_MESSAGE } from './describe-error';
import JsonDocEditor from './JsonDocEditor';
import ConflictView from './safety/ConflictView';
import { mergeMineOnTheirs } from './safety/merge';
import { useUnsavedGuard } from './safety/use-unsaved-guard';
import { parseJson, validateDocument } from '../core/validation/validate-document';

interface Props {
  doc: DocRecord;
  role: Role;
  onSaved(doc: DocRecord): void;
  onReload(): void;
}

const pretty = (v: unknown) => JSON.stringify(v, null, 2) + '\n';

function sameJson(a: string, b: string): boolean {
  try {
    return JSON.stringify(JSON.parse(a)) === JSON.stringify(JSON.parse(b));
  } catch {
    return false;
  }
}

export default function JsonDocPanel({ doc: given, role, onSaved, onReload }: Props) {
  /** The version my edits apply to: the one loaded, or theirs after a conflict was resolved. */
  const [doc, setDoc] = useState(given);
  useEffect(() => setDoc(given), [given]);
  const loaded = useMemo(() => pretty(currentContent(doc)), [doc]);
  /** Text to show instead of the loaded one when the next version arrives (a merge result). */
  const nextText = useRef<string | null>(null);
  const [conflict, setConflict] = useState<DocRecord | null>(null);
  const [text, setText] = useState(loaded);
  /** Text handed to the editor: the loaded document, or the editor's own text put back after a reload. */
  const [editorText, setEditorText] = useState(loaded);
  /** What was typed and not saved when the document was reloaded: never silently dropped. */
  const [kept, setKept] = useState<string | null>(null);
  const [serverProblems, setServerProblems] = useState<Problem[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const writable = canWrite(role);

  useEffect(() => {
    const wanted = nextText.current;
    nextText.current = null;
    if (wanted !== null) {
      setText(wanted);
      setEditorText(wanted);
      setServerProblems([]);
      return;
    }
    setText((typed) => {
      if (typed !== editorText && !sameJson(typed, loaded)) setKept(typed);
      return loaded;
    });
    setEditorText(loaded);
    setServerProblems([]);
    // Runs only when a new version of the document arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded]);

  const parsed = parseJson(text);
  const localProblems = parsed.problems.length ? parsed.problems : validateDocument(doc.kind, parsed.doc);
  const problems = serverProblems.length ? serverProblems : localProblems;
  const dirty = text !== loaded;
  useUnsavedGuard(dirty && writable, `${doc.kind} ${doc.id}`);
  const putBack = () => {
    setEditorText(kept!);
    setText(kept!);
    setKept(null);
  };

  async function save() {
    if (parsed.problems.length || busy || !writable || !dirty) return;
    setBusy(true);
    setError(null);
    setStatus('');
    try {
      const saved = await adminApi.saveDraft(doc.kind, doc.id, parsed.doc, doc.etag);
      setServerProblems([]);
      setStatus('Draft saved.');
      onSaved(saved);
    } catch (e) {
      if (e instanceof AdminApiError && e.status === 422) setServerProblems(e.problems);
      if (e instanceof AdminApiError && e.status === 412) {
        setError(STALE_MESSAGE);
        setConflict(await adminApi.get(doc.kind, doc.id).catch(() => null));
      } else setError(describeError(e));
    } finally {
      setBusy(false);
    }
  }
  const saveRef = useRef(save);
  saveRef.current = save;
  // Ctrl/Cmd+S anywhere on the page saves too (the editor handles it itself when focused, and says so by
  // preventing the default), instead of the browser's "save page as".
  useEffect(() => {
    if (!writable) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || !(e.ctrlKey || e.metaKey) || e.key.toLowerCase() !== 's') return;
      e.preventDefault();
      void saveRef.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [writable]);

  /** Mine on top of theirs: my edits (loaded → typed) applied to their version, ready to save over it. */
  function takeMine() {
    if (!conflict) return;
    const { merged, conflicts } = mergeMineOnTheirs(currentContent(doc), parsed.doc, currentContent(conflict));
    const mergedText = pretty(merged);
    if (pretty(currentContent(conflict)) !== loaded) nextText.current = mergedText;
    else {
      setText(mergedText);
      setEditorText(mergedText);
    }
    setDoc(conflict);
    setConflict(null);
    setError(null);
    setStatus(
      conflicts.length
        ? `Your changes are now on top of theirs. You both changed ${conflicts.join(', ')}: yours was kept there; check, then save.`
        : 'Your changes are now on top of theirs: check, then save.',
    );
  }

  /** Theirs into the editor; my text stays aside ("Put back my unsaved text"). */
  function takeTheirs(theirs: DocRecord) {
    setKept(text);
    nextText.current = pretty(currentContent(theirs));
    if (nextText.current === loaded) {
      setText(loaded);
      setEditorText(loaded);
      nextText.current = null;
    }
    setDoc(theirs);
    setConflict(null);
    setError(null);
    setStatus(`Their version is in the editor; yours is kept aside.`);
  }

  async function reloadLatest() {
    try {
      takeTheirs(await adminApi.get(doc.kind, doc.id));
    } catch (e) {
      setError(describeError(e));
    }
  }

  async function check() {
    setError(null);
    setStatus('');
    try {
      const errs = await adminApi.validate({ document: parsed.doc });
      setServerProblems(
        errs.filter((p) => !p.file || p.file === doc.file || p.file.endsWith(`${doc.kind}/${doc.id})`)),
      );
      const elsewhere = errs.filter((p) => p.file && p.file !== doc.file && !p.file.endsWith(`${doc.kind}/${doc.id})`));
      setStatus(
        errs.length
          ? `${errs.length} problem(s) in the would-be published state${elsewhere.length ? ` (${elsewhere.length} in other documents: see Publish)` : ''}.`
          : 'Valid together with every other draft.',
      );
    } catch (e) {
      setError(describeError(e));
    }
  }

  async function discard() {
    try {
      await adminApi.discardDraft(doc.kind, doc.id, doc.etag);
      onReload();
    } catch (e) {
      setError(describeError(e));
    }
  }

  return (
    <section aria-label={`${doc.kind} ${doc.id}`}>
      <h2>
        {doc.kind} {doc.id} <small>{doc.file}</small>{' '}
        {doc.draft ? <em>draft by {doc.draft.updatedBy}</em> : <em>published</em>}
      </h2>
      {kept !== null && (
        <p role="note">
          The document was reloaded; your unsaved text is kept.{' '}
          <button type="button" onClick={putBack}>
            Put back my unsaved text
          </button>
        </p>
      )}
      <JsonDocEditor
        text={editorText}
        onChange={setText}
        onSave={() => void saveRef.current()}
        problems={problems}
        readOnly={!writable}
        label={`JSON of ${doc.kind} ${doc.id}`}
      />
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      {conflict && !parsed.problems.length && (
        <ConflictView
          theirs={conflict}
          mine={parsed.doc}
          onTakeMine={takeMine}
          onTakeTheirs={() => takeTheirs(conflict)}
          onReload={() => void reloadLatest()}
        />
      )}
      <p role="status">{status}</p>
      <div className="toolbar">
        {writable && (
          <button type="button" disabled={busy || !dirty || parsed.problems.length > 0} onClick={save}>
            Save draft
          </button>
        )}
        <button type="button" disabled={parsed.problems.length > 0} onClick={check}>
          Check with all drafts
        </button>
        <button type="button" onClick={() => (dirty && writable ? void reloadLatest() : onReload())}>
          Reload
        </button>
        {writable && doc.draft && (
          <button type="button" onClick={discard}>
            Discard draft
          </button>
        )}
      </div>
    </section>
  );
}
