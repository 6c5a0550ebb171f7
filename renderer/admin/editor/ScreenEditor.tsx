/**
 * The screen editor: outline and palette | the canvas (the real renderer on the draft) | the selected
 * element's property form, over one draft shared with the JSON view (use-draft.ts). Every edit goes through the
 * draft's history: the toolbar's Undo and Redo, or Ctrl/Cmd+Z and Shift+Ctrl/Cmd+Z / Ctrl+Y anywhere in the
 * editor. The draft's problems are placed on their nodes (outline badges, form fields); Save refuses while any
 * is left, naming the pointers. Nothing here knows a node type: rows, slots and forms come from the schemas.
 */
import { useCallback, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { duplicate, indent, insert, move, moveDown, moveUp, outdent, outlineRows, remove, type Edit } from './doc-tree';
import type { Draft } from './use-draft';
import { elementOf } from './element-slots';
import { historyKey } from './history';
import { getAt, setAt } from './json-pointer';
import { problemCounts, problemsByNode, problemsOfElement } from './node-problems';
import Outline, { type Command } from './Outline';
import Palette from './Palette';
import PropertyPane from './PropertyPane';
import { catalog } from './schema-catalog';
import EditorCanvas, { type CanvasWidth } from './EditorCanvas';
import { useEditorContext, type EditorData, type Market } from './use-editor-context';
import './editor.css';

export type { EditorData };

type Copy = Record<string, Record<string, string>>;

const sameCopy = (a: Copy, b: Copy) => {
  const locales = Object.keys(a);
  if (locales.length !== Object.keys(b).length) return false;
  return locales.every((l) => {
    const x = a[l] ?? {};
    const y = b[l];
    const keys = Object.keys(x);
    return !!y && keys.length === Object.keys(y).length && keys.every((k) => x[k] === y[k]);
  });
};

/**
 * Counts the changes of the draft copy, from 0. By content: the console's data comes back as new objects after any
 * save (a colleague's draft anywhere), and a frame loaded again for nothing drops what ops typed in the page.
 */
function useCopyVersion(texts: Copy): number {
  const seen = useRef({ texts, version: 0 });
  if (seen.current.texts !== texts)
    seen.current = { texts, version: seen.current.version + (sameCopy(seen.current.texts, texts) ? 0 : 1) };
  return seen.current.version;
}

interface Props {
  draft: Draft;
  data: EditorData;
}

const EDITS: Record<Command, (doc: unknown, pointer: string, c: typeof catalog) => Edit> = {
  up: moveUp,
  down: moveDown,
  indent,
  outdent,
  duplicate,
  remove,
};

/** One undo step per field: edits of the same properties of the same element merge. */
function fieldGroup(pointer: string, before: Record<string, unknown>, after: Record<string, unknown>): string {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]),
  );
  return `${pointer}#${keys.sort().join(',')}`;
}

export default function ScreenEditor({ draft, data }: Props) {
  const doc = draft.draft;
  const kind = draft.doc.kind;
  const selected = draft.selected;
  const [market, setMarket] = useState<Market>(data.market === 'IN' ? 'IN' : 'ID');
  const [width, setWidth] = useState<CanvasWidth>(375);
  /** The canvas's reading of a binding in the current preview, for the binding picker. */
  const [previewValues, setPreviewValues] = useState<((expr: string) => unknown) | undefined>();
  const onPreviewValues = useCallback((f: (expr: string) => unknown) => setPreviewValues(() => f), []);
  const readOnly = !draft.writable;
  const properties = useRef<HTMLDivElement>(null);
  const context = useEditorContext(data, market, (doc as { state?: unknown } | null)?.state, previewValues);
  // The frame reads copy from the text-set drafts: a key created or copy saved here redraws it with the new copy.
  const copyVersion = useCopyVersion(context.texts);

  const byNode = useMemo(() => problemsByNode(doc, draft.problems, catalog), [doc, draft.problems]);
  const rows = useMemo(
    () => outlineRows(doc, catalog, context.texts[data.consoleLocale] ?? {}, problemCounts(byNode)),
    [doc, context.texts, data.consoleLocale, byNode],
  );

  /** Applies an edit's result to the draft, or answers its refusal. */
  const apply = useCallback(
    (e: Edit): string | null => {
      if ('error' in e) return e.error;
      if (e.doc !== doc) draft.edit(e.doc, e.selected);
      else draft.select(e.selected);
      return null;
    },
    [doc, draft],
  );

  const onKeyDown = (e: KeyboardEvent) => {
    const what = historyKey(e);
    if (!what || e.defaultPrevented || readOnly) return;
    e.preventDefault();
    if (what === 'undo') draft.undo();
    else draft.redo();
  };

  const element = selected ? getAt(doc, selected) : undefined;
  const id = elementOf(element, catalog);
  const docProblems = byNode.get('') ?? [];
  const firstProblemAt = byNode.keys().next().value ?? '';

  return (
    <div className="screen-editor" onKeyDown={onKeyDown}>
      <div role="toolbar" aria-label="Editor" className="screen-editor__toolbar">
        {!readOnly && (
          <>
            <button type="button" disabled={!draft.canUndo} aria-keyshortcuts="Control+Z Meta+Z" onClick={draft.undo}>
              Undo
            </button>
            <button
              type="button"
              disabled={!draft.canRedo}
              aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z Control+Y"
              onClick={draft.redo}
            >
              Redo
            </button>
          </>
        )}
        {draft.problems.length ? (
          // The first problem's node (or the document itself) opens, its message at the field.
          <button type="button" className="screen-editor__count is-bad" onClick={() => draft.select(firstProblemAt)}>
            {draft.problems.length} problem{draft.problems.length === 1 ? '' : 's'}: show the first
          </button>
        ) : (
          <span className="screen-editor__count">No schema problems</span>
        )}
      </div>
      <div className="screen-editor__panes">
        <div className="screen-editor__left">
          <Outline
            rows={rows}
            selected={selected}
            readOnly={readOnly}
            onSelect={draft.select}
            onCommand={(c) => apply(EDITS[c](doc, selected, catalog))}
            onOpen={() =>
              properties.current
                ?.querySelector<HTMLElement>('input:not([type=hidden]), select, textarea, button')
                ?.focus()
            }
            onMove={(from, slot, index, dryRun) => {
              const e = move(doc, from, slot, index, catalog);
              return dryRun ? ('error' in e ? e.error : null) : apply(e);
            }}
          />
          {!readOnly && (
            <Palette
              doc={doc}
              selected={selected}
              catalog={catalog}
              readOnly={readOnly}
              onInsert={(el, slot, index) => apply(insert(doc, slot, index, el, catalog))}
            />
          )}
        </div>
        <div className="screen-editor__canvas">
          <EditorCanvas
            doc={doc}
            kind={kind}
            market={market}
            width={width}
            routePath={data.routePath}
            selected={selected || null}
            onSelect={draft.select}
            onMarketChange={setMarket}
            onWidthChange={setWidth}
            onPreviewValues={onPreviewValues}
            copyVersion={copyVersion}
          />
        </div>
        <div className="screen-editor__properties" ref={properties}>
          <PropertyPane
            pointer={selected}
            element={element}
            id={id}
            problems={id ? problemsOfElement(byNode, selected) : docProblems}
            context={context}
            readOnly={readOnly}
            onChange={(next) => {
              const before = (element ?? {}) as Record<string, unknown>;
              draft.edit(setAt(doc, selected, next), selected, fieldGroup(selected, before, next));
            }}
            doc={doc as Record<string, unknown>}
            kind={kind}
            onDocChange={(next) => draft.edit(next, '', fieldGroup('', doc as Record<string, unknown>, next))}
          />
        </div>
      </div>
    </div>
  );
}
