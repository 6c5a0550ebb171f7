/**
 * One unsaved draft of a document, shared by its two views: the JSON text (CodeMirror) and the screen editor
 * (outline, palette, forms). The text and the parsed document move together (draft-buffer.ts), so either view
 * shows the other's edits. Saving is the console's draft save: If-Match on the loaded version's ETag, a 422's problems
 * kept for the views, a 412 opening the conflict view (mine on top of theirs, theirs, reload: my text is never
 * dropped), and a local refusal naming every pointer while the draft has schema problems.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { AdminApiError, adminApi } from '../admin-api';
import { canWrite, currentContent, type DocRecord, type Problem, type Role } from '../admin-types';
import { describeError, STALE_MESSAGE } from '../describe-error';
import { mergedStatus, mergeMineOnTheirs } from '../safety/merge';
import { useUnsavedGuard } from '../safety/use-unsaved-guard';
import { parseJson } from '../../core/validation/validate-document';
import { pretty, sameJson, stepped, withDoc, withText, type Buffer } from './draft-buffer';
import { canRedo, canUndo, redo, selectInHistory, startHistory, undo } from './history';
import { draftProblems, problemsStillPlaced, saveRefusal } from './node-problems';

const NONE = { of: undefined, problems: [] as Problem[] };

export function useDraft(given: DocRecord, role: Role, onSaved: (doc: DocRecord) => void) {
  /** The version my edits apply to: the one loaded, or theirs after a conflict was resolved. */
  const [doc, setDoc] = useState(given);
  useEffect(() => setDoc(given), [given]);
  const loaded = useMemo(() => pretty(currentContent(doc)), [doc]);
  /** Text to show instead of the loaded one when the next version arrives (a merge result). */
  const nextText = useRef<string | null>(null);
  const [buf, setBuf] = useState<Buffer>(() => ({
    text: loaded,
    history: startHistory({ doc: currentContent(doc), selected: '' }),
  }));
  /** Text handed to the JSON editor: the loaded document, or text put back after a reload or a view switch. */
  const [editorText, setEditorText] = useState(loaded);
  /** What was typed and not saved when the document was reloaded: never silently dropped. */
  const [kept, setKept] = useState<string | null>(null);
  const [conflict, setConflict] = useState<DocRecord | null>(null);
  /** The server's problems (a 422, a check) and the draft they are about: the pointers are that draft's. */
  const [serverProblems, setServerProblems] = useState<{ of: unknown; problems: Problem[] }>(NONE);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const writable = canWrite(role);
  const text = buf.text;
  /** The text now, for a save answering after more was typed (its closure holds the text it sent). */
  const textNow = useRef(text);
  textNow.current = text;

  const replaceText = (t: string) => {
    setBuf((b) => withText(b, t));
    setEditorText(t);
    setServerProblems(NONE);
  };

  useEffect(() => {
    const wanted = nextText.current;
    nextText.current = null;
    if (wanted !== null) return replaceText(wanted);
    if (text !== editorText && !sameJson(text, loaded)) setKept(text);
    replaceText(loaded);
    // Runs only when a new version of the document arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded]);

  const parsed = useMemo(() => parseJson(text), [text]);
  const draft = buf.history.present.doc;
  // Kept while the draft is the same object: the outline's rows and badges are derived from it.
  const problems: Problem[] = useMemo(
    () =>
      parsed.problems.length
        ? parsed.problems
        : draftProblems(doc.kind, draft, problemsStillPlaced(serverProblems.of, draft, serverProblems.problems)),
    [parsed, doc.kind, draft, serverProblems],
  );
  const dirty = text !== loaded;
  /** The local refusal on show: it goes once the draft has nothing left to refuse (fixed, or undone back). */
  const refusal = useRef<string | null>(null);
  useEffect(() => {
    if (refusal.current && error === refusal.current && !problems.length) {
      refusal.current = null;
      setError(null);
    }
  }, [problems, error]);
  useUnsavedGuard(dirty && writable, `${doc.kind} ${doc.id}`);

  async function save() {
    if (parsed.problems.length || busy || !writable || !dirty) return;
    // The server's problems of an earlier attempt may be fixed by now: the refusal is the local check's.
    const refused = saveRefusal(draftProblems(doc.kind, draft));
    refusal.current = refused;
    if (refused) return setError(refused);
    setBusy(true);
    setError(null);
    setStatus('');
    try {
      const saved = await adminApi.saveDraft(doc.kind, doc.id, parsed.doc, doc.etag);
      setServerProblems(NONE);
      setStatus('Draft saved.');
      // The saved version is the one edits now apply to; what was typed while the save was under way stays in the
      // editor over it, to be saved next, rather than being put aside as if a colleague's reload had come in.
      const savedText = saved.kind === doc.kind && saved.id === doc.id ? pretty(currentContent(saved)) : null;
      if (savedText !== null && savedText !== loaded) {
        if (textNow.current !== text) nextText.current = textNow.current;
        setDoc(saved);
      }
      onSaved(saved);
    } catch (e) {
      if (e instanceof AdminApiError && e.status === 422) setServerProblems({ of: draft, problems: e.problems });
      if (e instanceof AdminApiError && e.status === 412) {
        setError(STALE_MESSAGE);
        setConflict(await adminApi.get(doc.kind, doc.id).catch(() => null));
      } else setError(describeError(e));
    } finally {
      setBusy(false);
    }
  }

  /** Mine on top of theirs: my edits (loaded → now) applied to their version, ready to save over it. */
  function takeMine() {
    if (!conflict) return;
    const { merged, conflicts } = mergeMineOnTheirs(currentContent(doc), parsed.doc, currentContent(conflict));
    const mergedText = pretty(merged);
    if (pretty(currentContent(conflict)) !== loaded) nextText.current = mergedText;
    else replaceText(mergedText);
    setDoc(conflict);
    setConflict(null);
    setError(null);
    setStatus(mergedStatus(conflicts));
  }

  /** Theirs into the views; my text stays aside ("Put back my unsaved text"). */
  function takeTheirs(theirs: DocRecord) {
    setKept(text);
    nextText.current = pretty(currentContent(theirs));
    if (nextText.current === loaded) {
      replaceText(loaded);
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
      const mine = (p: Problem) => !p.file || p.file === doc.file || p.file.endsWith(`${doc.kind}/${doc.id})`);
      const errs = await adminApi.validate({ document: parsed.doc });
      setServerProblems({ of: draft, problems: errs.filter(mine) });
      const elsewhere = errs.filter((p) => !mine(p));
      setStatus(
        errs.length
          ? `${errs.length} problem(s) in the would-be published state${elsewhere.length ? ` (${elsewhere.length} in other documents: see Publish)` : ''}.`
          : 'Valid together with every other draft.',
      );
    } catch (e) {
      setError(describeError(e));
    }
  }

  async function discard(onDiscarded: () => void) {
    try {
      await adminApi.discardDraft(doc.kind, doc.id, doc.etag);
      onDiscarded();
    } catch (e) {
      setError(describeError(e));
    }
  }

  return {
    doc,
    writable,
    text,
    editorText,
    parsed,
    problems,
    dirty,
    busy,
    error,
    status,
    conflict,
    kept,
    /** The draft as the screen editor sees it (valid JSON only; see `parsed.problems`), and its selection. */
    draft,
    selected: buf.history.present.selected,
    canUndo: canUndo(buf.history),
    canRedo: canRedo(buf.history),
    /** JSON typed in the code editor; a run of typing is one undo step. */
    setText: (t: string) => setBuf((b) => withText(b, t, 'json')),
    /** The JSON view opens on the current text (its editor is rebuilt from it). */
    showText: () => setEditorText(text),
    /** An edit from the screen editor: `group` merges a run of edits of one field into one undo step. */
    edit: (next: unknown, selected: string, group?: string) => setBuf((b) => withDoc(b, next, selected, group)),
    select: (pointer: string) => setBuf((b) => ({ ...b, history: selectInHistory(b.history, pointer) })),
    undo: () => setBuf((b) => stepped(b, undo)),
    redo: () => setBuf((b) => stepped(b, redo)),
    putBack: () => {
      replaceText(kept!);
      setKept(null);
    },
    save,
    check,
    discard,
    takeMine,
    takeTheirs,
    reloadLatest,
    setError,
  };
}

export type Draft = ReturnType<typeof useDraft>;
