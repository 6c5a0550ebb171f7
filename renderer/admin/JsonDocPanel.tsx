/**
 * Screens, maps and landing templates: one draft shown as JSON (CodeMirror) or, for documents whose schema
 * holds elements (screens, landing templates), in the screen editor too ("Editor | JSON" tabs; an edit in
 * either shows in the other, invalid JSON keeps you in the JSON view with its error). Save draft (If-Match;
 * Ctrl/Cmd+S too), server-side check of the would-be state, and discard. Schema errors show while editing
 * (precompiled validators) and after a rejected save (the server's 422 list). A 412 (a colleague saved
 * meanwhile) opens the conflict view: their version against mine, take mine on top of theirs, take theirs or
 * reload; my text is never dropped. Leaving with unsaved edits asks first. The draft itself: editor/use-draft.ts.
 */
import { lazy, Suspense, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { DocRecord, Role } from './admin-types';
import { hasScreenEditor } from './editor/editor-kinds';
import type { EditorData } from './editor/use-editor-context';
import { useDraft } from './editor/use-draft';
import JsonDocEditor from './JsonDocEditor';
import ConfirmDialog from './releases/ConfirmDialog';
import ConflictView from './safety/ConflictView';

const ScreenEditor = lazy(() => import('./editor/ScreenEditor'));

interface Props {
  doc: DocRecord;
  role: Role;
  onSaved(doc: DocRecord): void;
  onReload(): void;
  /** What the screen editor shows beside the draft (copy, maps, market); without it only JSON is offered. */
  editorData?: EditorData;
  /** The view shown changed (the page gives the editor its width). */
  onViewChange?(view: View): void;
}

export type View = 'editor' | 'json';
/** The last view chosen, for the next document opened in this browser. */
const VIEW_KEY = 'sdui.console.docView';
export const storedView = (): View => (globalThis.localStorage?.getItem(VIEW_KEY) === 'json' ? 'json' : 'editor');

export default function JsonDocPanel({ doc: given, role, onSaved, onReload, editorData, onViewChange }: Props) {
  const draft = useDraft(given, role, onSaved);
  const { doc, writable, parsed } = draft;
  const withEditor = !!editorData && hasScreenEditor(doc.kind);
  const [chosen, setChosen] = useState<View>(storedView);
  const view: View = withEditor && !parsed.problems.length ? chosen : 'json';
  const [tabNote, setTabNote] = useState<string | null>(null);
  /** "Discard draft" asks first: one stray click would drop every saved edit of the draft. */
  const [asking, setAsking] = useState(false);
  const id = useId();
  const tabs = useRef<Record<View, HTMLButtonElement | null>>({ editor: null, json: null });
  useEffect(() => onViewChange?.(withEditor ? view : 'json'), [view, withEditor, onViewChange]);

  const saveRef = useRef(draft.save);
  saveRef.current = draft.save;
  // Ctrl/Cmd+S anywhere on the page saves too (the JSON editor handles it itself when focused, and says so by
  // preventing the default), instead of the browser's "save page as".
  useEffect(() => {
    if (!writable) return;
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.defaultPrevented || !(e.ctrlKey || e.metaKey) || e.key.toLowerCase() !== 's') return;
      e.preventDefault();
      void saveRef.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [writable]);

  function choose(next: View) {
    if (next === 'editor' && parsed.problems.length) {
      setTabNote(`The editor needs valid JSON: ${parsed.problems[0].message}. Fix it here first.`);
      return;
    }
    setTabNote(null);
    if (next === 'json') draft.showText();
    setChosen(next);
    globalThis.localStorage?.setItem(VIEW_KEY, next);
    tabs.current[next]?.focus();
  }
  // Tabs pattern: arrow keys, Home and End move between the tabs.
  const onTabKey = (e: KeyboardEvent) => {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(e.key)) return;
    e.preventDefault();
    choose(e.key === 'Home' ? 'editor' : e.key === 'End' ? 'json' : view === 'editor' ? 'json' : 'editor');
  };
  const tab = (v: View, label: string) => (
    <button
      type="button"
      role="tab"
      id={`${id}-${v}`}
      ref={(el) => void (tabs.current[v] = el)}
      aria-selected={view === v}
      aria-controls={`${id}-panel`}
      aria-disabled={v === 'editor' && parsed.problems.length > 0 ? true : undefined}
      tabIndex={view === v ? 0 : -1}
      onClick={() => choose(v)}
    >
      {label}
    </button>
  );

  return (
    <section
      aria-label={`${doc.kind} ${doc.id}`}
      className={view === 'editor' ? 'doc-panel doc-panel--editor' : 'doc-panel'}
    >
      <h2>
        {doc.kind} {doc.id} <small>{doc.file}</small>{' '}
        {doc.draft ? <em>draft by {doc.draft.updatedBy}</em> : <em>published</em>}
      </h2>
      {draft.kept !== null && (
        <p role="note">
          The document was reloaded; your unsaved text is kept.{' '}
          <button type="button" onClick={draft.putBack}>
            Put back my unsaved text
          </button>
        </p>
      )}
      {withEditor && (
        <div role="tablist" aria-label="View" className="doc-tabs" onKeyDown={onTabKey}>
          {tab('editor', 'Editor')}
          {tab('json', 'JSON')}
        </div>
      )}
      {tabNote && parsed.problems.length > 0 && (
        <p role="alert" className="error">
          {tabNote}
        </p>
      )}
      <div
        id={`${id}-panel`}
        role={withEditor ? 'tabpanel' : undefined}
        aria-labelledby={withEditor ? `${id}-${view}` : undefined}
      >
        {view === 'editor' && editorData ? (
          <Suspense fallback={<p>Loading the editor…</p>}>
            <ScreenEditor draft={draft} data={editorData} />
          </Suspense>
        ) : (
          <JsonDocEditor
            text={draft.editorText}
            onChange={draft.setText}
            onSave={() => void saveRef.current()}
            problems={draft.problems}
            readOnly={!writable}
            label={`JSON of ${doc.kind} ${doc.id}`}
          />
        )}
      </div>
      {draft.error && (
        <p role="alert" className="error">
          {draft.error}
        </p>
      )}
      {draft.conflict && !parsed.problems.length && (
        <ConflictView
          theirs={draft.conflict}
          mine={parsed.doc}
          onTakeMine={draft.takeMine}
          onTakeTheirs={() => draft.takeTheirs(draft.conflict!)}
          onReload={() => void draft.reloadLatest()}
        />
      )}
      <p role="status">{draft.status}</p>
      <div className="toolbar">
        {writable && (
          <button
            type="button"
            disabled={draft.busy || !draft.dirty || parsed.problems.length > 0}
            onClick={() => void draft.save()}
          >
            Save draft
          </button>
        )}
        <button type="button" disabled={parsed.problems.length > 0} onClick={() => void draft.check()}>
          Check with all drafts
        </button>
        <button type="button" onClick={() => (draft.dirty && writable ? void draft.reloadLatest() : onReload())}>
          Reload
        </button>
        {writable && doc.draft && (
          <button type="button" onClick={() => setAsking(true)}>
            Discard draft
          </button>
        )}
      </div>
      <ConfirmDialog
        open={asking}
        title={`Discard the draft of ${doc.kind} ${doc.id}?`}
        text={
          `The draft saved by ${doc.draft?.updatedBy ?? 'its editors'} is deleted and the document ` +
          (doc.published
            ? `goes back to its published version v${doc.published.version}.`
            : 'is removed: it was never published.') +
          (draft.dirty ? ' Your unsaved edits go too.' : '') +
          ' This cannot be undone.'
        }
        confirmLabel="Discard the draft"
        danger
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          void draft.discard(onReload);
        }}
      />
    </section>
  );
}
