/**
 * The draft as a borrower would see it: the real renderer in a 375×667 frame, in preview mode
 * (`sduiPreview=1` makes the boot read `/admin/api/preview/*`, where saved drafts overlay the
 * published state). `version` changes after every save, which reloads the frame.
 *
 * "Edit text" mode: a click on the screen (caught in the same-origin frame's capture phase, so the
 * page does not react) names the text key(s) whose draft copy is that text; the key's copy is edited
 * in a field beside the frame, never inside it, and saving reloads the frame with the change.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { canWrite, type Role } from './admin-types';
import type { Usage } from './copy/find-usages';
import { keysForText, textsAround } from './copy/match-text';
import { describeError } from './describe-error';

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
  const frame = useRef<HTMLIFrameElement>(null);
  const ctx = useRef(inContext);
  ctx.current = inContext;
  // Opening another document points the preview at its route; the picker still wins afterwards.
  if (initialPath !== chosenFor) {
    setChosenFor(initialPath);
    if (initialPath) setPath(initialPath);
  }

  const onFrameClick = useCallback((e: MouseEvent) => {
    const c = ctx.current;
    if (!c) return;
    e.preventDefault();
    e.stopPropagation();
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
  }, []);

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
        {inContext && (
          <button
            type="button"
            aria-pressed={editMode}
            className={editMode ? 'btn--primary' : undefined}
            onClick={() => (setEditMode((m) => !m), setPicked(null), setStatus(''))}
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
          key={`${version}:${reloads}:${path}`}
          title="Draft preview"
          src={previewUrl(path, market)}
          width={375}
          height={667}
          onLoad={wire}
          style={{ border: '8px solid #222', borderRadius: 24, background: '#fff' }}
        />
      </div>
    </section>
  );
}
