/**
 * The draft as a borrower would see it: the real renderer in a 375×667 frame, in preview mode
 * (`sduiPreview=1` makes the boot read `/admin/api/preview/*`, where saved drafts overlay the
 * published state). `version` changes after every save, which reloads the frame.
 *
 * "Edit text" mode: a click on the screen (caught in the same-origin frame's capture phase, so the
 * page does not react) names the text key(s) whose draft copy is that text; the key's copy is edited
 * in a field beside the frame, never inside it, and saving reloads the frame with the change.
 *
 * "320 px" narrows the frame to the smallest phone the app supports and lists every text wider than its box there
 * (the rendered half of the copy length check: a schema's character limit cannot know the font), outlined in the frame.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { canWrite, type Role } from './admin-types';
import type { Usage } from './copy/find-usages';
import { keysForText, textsAround } from './copy/match-text';
import { findOverflows } from './copy/overflow-check';
import { describeError } from './describe-error';
import { useUnsavedGuard } from './safety/use-unsaved-guard';

interface InContext {
  /** The text set the previewed market reads. */
  locale: string;
  texts: Record<string, string>;
  usages: Map<string, Usage[]>;
  role: Role;
  onSave(locale: string, key: string, value: string): Promise<void>;
  onOpenKey(key: string): void;
  /** Keys the edited screen uses: when copy is shared by several keys, these are offered first. */
  preferKeys?: Set<string>;
}

interface Props {
  /** Route paths of the route map, offered in the picker. */
  paths: string[];
  /** Path to show first (e.g. the route of the screen being edited). */
  initialPath?: string;
  market: string;
  version: number;
  /** Starts folded (the copy table wants the width); a button shows it. */
  collapsible?: boolean;
  inContext?: InContext;
}

export function previewUrl(path: string, market: string): string {
  const [p, q = ''] = path.split('?');
  const query = new URLSearchParams(q);
  query.set('market', market);
  query.set('sduiPreview', '1');
  return `${p.replace(/:([A-Za-z]+)/g, 'preview-$1')}?${query.toString()}`;
}

/** The app renders after the frame's load event (bundle fetch, hydration): measure a few times as it settles. */
const MEASURE_AFTER_MS = [200, 1000, 2500];
const NARROW = 320;
const OVERFLOW_STYLE = '[data-console-overflow]{outline:3px solid #b3261e !important;outline-offset:-3px}';

const EDIT_STYLE = '[data-console-edit] *:hover{outline:2px dashed #1d5fbf;outline-offset:1px;cursor:text}';

export default function PreviewFrame({ paths, initialPath, market, version, collapsible, inContext }: Props) {
  const [path, setPath] = useState(initialPath ?? paths[0] ?? '/');
  const [reloads, setReloads] = useState(0);
  const [chosenFor, setChosenFor] = useState(initialPath);
  const [shown, setShown] = useState(!collapsible);
  const [editMode, setEditMode] = useState(false);
  const [picked, setPicked] = useState<{ keys: string[]; key: string; value: string } | null>(null);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [narrow, setNarrow] = useState(false);
  const [overflows, setOverflows] = useState<{ text: string; keys: string[]; excess: number }[] | null>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const ctx = useRef(inContext);
  ctx.current = inContext;
  /** Copy typed beside the frame and not saved: another click, a mode switch or leaving must not drop it unasked. */
  const typed = picked && inContext && picked.value !== (inContext.texts[picked.key] ?? '') ? picked.key : null;
  const typedRef = useRef(typed);
  typedRef.current = typed;
  const mayDrop = useCallback(
    () => !typedRef.current || window.confirm(`The copy typed for ${typedRef.current} is not saved. Drop it?`),
    [],
  );
  // Opening another document points the preview at its route; the picker still wins afterwards.
  if (initialPath !== chosenFor) {
    setChosenFor(initialPath);
    if (initialPath) setPath(initialPath);
  }

  const onFrameClick = useCallback(
    (e: MouseEvent) => {
      const c = ctx.current;
      if (!c) return;
      e.preventDefault();
      e.stopPropagation();
      if (!mayDrop()) return;
      const preferred = c.preferKeys ?? new Set<string>();
      for (const text of textsAround(e.target as Element)) {
        const keys = keysForText(text, c.texts, preferred);
        if (keys.length) {
          setPicked({ keys, key: keys[0]!, value: c.texts[keys[0]!] ?? '' });
          setStatus('');
          setError(null);
          return;
        }
      }
      setPicked(null);
      setStatus('That is not text from the copy (it may come from data or the market).');
    },
    [mayDrop],
  );

  /** Wires the frame's document for edit mode (again after every reload of the frame). */
  const wire = useCallback(() => {
    const doc = frame.current?.contentDocument;
    if (!doc?.documentElement) return;
    doc.removeEventListener('click', onFrameClick, true);
    doc.getElementById('console-edit-style')?.remove();
    doc.documentElement.removeAttribute('data-console-edit');
    if (!editMode) return;
    doc.addEventListener('click', onFrameClick, true);
    const style = doc.createElement('style');
    style.id = 'console-edit-style';
    style.textContent = EDIT_STYLE;
    doc.head?.appendChild(style);
    doc.documentElement.setAttribute('data-console-edit', '');
  }, [editMode, onFrameClick]);
  useEffect(() => {
    wire();
  }, [wire]);

  /** Lists (and outlines in the frame) every text wider than its box; only at 320 px, where it is asked for. */
  const measure = useCallback(() => {
    const doc = frame.current?.contentDocument;
    if (!doc?.body || !narrow) return setOverflows(null);
    doc.querySelectorAll('[data-console-overflow]').forEach((el) => el.removeAttribute('data-console-overflow'));
    if (!doc.getElementById('console-overflow-style')) {
      const style = doc.createElement('style');
      style.id = 'console-overflow-style';
      style.textContent = OVERFLOW_STYLE;
      doc.head?.appendChild(style);
    }
    const found = findOverflows(doc);
    found.forEach((o) => o.element.setAttribute('data-console-overflow', ''));
    const texts = ctx.current?.texts ?? {};
    setOverflows(found.map((o) => ({ text: o.text, keys: keysForText(o.text, texts), excess: Math.round(o.excess) })));
  }, [narrow]);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const onFrameLoad = useCallback(() => {
    wire();
    timers.current.forEach(clearTimeout);
    timers.current = MEASURE_AFTER_MS.map((ms) => setTimeout(measure, ms));
  }, [wire, measure]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  async function save() {
    if (!inContext || !picked) return;
    setBusy(true);
    setError(null);
    try {
      await inContext.onSave(inContext.locale, picked.key, picked.value);
      setStatus(`Saved ${picked.key} (${inContext.locale}) as a draft.`);
      setPicked(null);
    } catch (e) {
      setError(describeError(e));
    } finally {
      setBusy(false);
    }
  }

  const writable = !!inContext && canWrite(inContext.role);
  useUnsavedGuard(writable && !!typed, `copy ${typed ?? ''}`);
  if (!shown)
    return (
      <section aria-label="Preview" className="preview preview--folded">
        <button type="button" onClick={() => setShown(true)}>
          Show preview
        </button>
      </section>
    );
  return (
    <section aria-label="Preview" className="preview">
      <div className="preview__head">
        <h2>Preview (draft)</h2>
        {collapsible && (
          <button type="button" onClick={() => (setShown(false), setEditMode(false))}>
            Hide preview
          </button>
        )}
      </div>
      <div className="toolbar">
        <label>
          Preview route <input list="preview-routes" value={path} onChange={(e) => setPath(e.target.value)} size={18} />
        </label>
        <datalist id="preview-routes">
          {paths.map((p) => (
            <option key={p} value={p} />
          ))}
        </datalist>
        <button type="button" onClick={() => setReloads((n) => n + 1)}>
          Reload preview
        </button>
        <button
          type="button"
          aria-pressed={narrow}
          className={narrow ? 'btn--primary' : undefined}
          onClick={() => (setNarrow((n) => !n), setOverflows(null))}
        >
          {NARROW} px
        </button>
        {inContext && (
          <button
            type="button"
            aria-pressed={editMode}
            className={editMode ? 'btn--primary' : undefined}
            onClick={() => mayDrop() && (setEditMode((m) => !m), setPicked(null), setStatus(''))}
          >
            Edit text
          </button>
        )}
      </div>
      {editMode && !picked && !status && (
        <p className="muted preview__hint">Click any text on the screen to edit its copy.</p>
      )}
      <p role="status" className="preview__status">
        {status}
      </p>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      {narrow && overflows && (
        <div className="card preview__overflow" role="group" aria-label={`Text overflow at ${NARROW} px`}>
          <p>
            {overflows.length
              ? `${overflows.length} text(s) do not fit their box at ${NARROW} px (outlined in red):`
              : `Every text fits its box at ${NARROW} px.`}
          </p>
          {overflows.length > 0 && (
            <ul aria-label={`Texts overflowing at ${NARROW} px`}>
              {overflows.map((o, i) => (
                <li key={i}>
                  “{o.text}” is {o.excess} px too wide
                  {o.keys.length > 0 && (
                    <>
                      {' '}
                      (key{' '}
                      {o.keys.map((k) =>
                        inContext ? (
                          <button key={k} type="button" onClick={() => inContext.onOpenKey(k)}>
                            <code>{k}</code>
                          </button>
                        ) : (
                          <code key={k}>{k}</code>
                        ),
                      )}
                      )
                    </>
                  )}
                </li>
              ))}
            </ul>
          )}
          <button type="button" onClick={measure}>
            Check again
          </button>
        </div>
      )}
      {picked && inContext && (
        <div className="card preview__edit" role="group" aria-label="Edit text in context">
          {picked.keys.length > 1 ? (
            <label>
              Text key{' '}
              <select
                value={picked.key}
                onChange={(e) =>
                  setPicked({ ...picked, key: e.target.value, value: inContext.texts[e.target.value] ?? '' })
                }
              >
                {picked.keys.map((k) => (
                  <option key={k}>{k}</option>
                ))}
              </select>
            </label>
          ) : (
            <p>
              Text key <code>{picked.key}</code>
            </p>
          )}
          <label className="preview__field">
            Copy ({inContext.locale})
            <textarea
              value={picked.value}
              rows={3}
              readOnly={!writable}
              onChange={(e) => setPicked({ ...picked, value: e.target.value })}
            />
          </label>
          <div className="toolbar">
            {writable && (
              <button
                type="button"
                className="btn--primary"
                disabled={busy || picked.value === (inContext.texts[picked.key] ?? '')}
                onClick={save}
              >
                Save text draft
              </button>
            )}
            <button type="button" onClick={() => setPicked(null)}>
              Cancel
            </button>
            <button type="button" onClick={() => inContext.onOpenKey(picked.key)}>
              Open in copy table
            </button>
          </div>
        </div>
      )}
      <div>
        <iframe
          ref={frame}
          key={`${version}:${reloads}:${path}:${narrow}`}
          title="Draft preview"
          src={previewUrl(path, market)}
          width={narrow ? NARROW : 375}
          height={667}
          onLoad={onFrameLoad}
          style={{ border: '8px solid #222', borderRadius: 24, background: '#fff' }}
        />
      </div>
    </section>
  );
}
