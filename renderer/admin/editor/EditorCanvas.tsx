/**
 * The editor's canvas: the real renderer in a phone frame (`?sduiPreview=1`, drafts over published),
 * drawing the unsaved draft the editor holds. The draft goes to the frame on every change (debounced) without a
 * reload (canvas-bridge.ts); a click in the frame selects that node, the selected node is outlined in the frame.
 * The toolbar: the states menu, select-by-click or use the page, reload, and (when the parent lets it) the market
 * (ID/IN: another bundle, so the frame loads again) and the width (320/375 px: same frame, narrower).
 * A landing template is previewed on its landing route: the frame answers the page's template call with the draft.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { previewUrl } from '../PreviewFrame';
import { createCanvasBridge, type DrawnProblems, type PreviewOverride } from './canvas-bridge';
import { catalog as defaultCatalog, type Catalog } from './schema-catalog';
import StatesMenu from './StatesMenu';
import './canvas.css';

export type CanvasWidth = 320 | 375;
export const PHONE_HEIGHT = 667;

export interface EditorCanvasProps {
  doc: unknown;
  kind: string;
  market: string;
  width: CanvasWidth;
  /** The route the frame opens (a screen's route, `/register?templateId=…` for a landing template). */
  routePath?: string;
  selected: string | null;
  onSelect(pointer: string): void;
  /** The states menu's choice; held here when the parent does not hold it. */
  overrides?: PreviewOverride[];
  onOverridesChange?(overrides: PreviewOverride[]): void;
  /** Given: the toolbar offers the market (ID/IN) and the width (320/375). */
  onMarketChange?(market: 'ID' | 'IN'): void;
  onWidthChange?(width: CanvasWidth): void;
  /**
   * The binding picker's `previewValues` (EditorContext): the value of a binding in the preview, in the scope of the
   * selected node. Handed again (a new function) whenever the frame answered a value, so forms re-render with it.
   */
  onPreviewValues?(previewValues: (expr: string) => unknown): void;
  /** Changes when the draft copy changed (a key created in a form): the frame loads again to read it. */
  copyVersion?: number;
  catalog?: Catalog;
}

export default function EditorCanvas(props: EditorCanvasProps) {
  const { doc, kind, market, width, routePath, selected, onSelect } = props;
  const cat = props.catalog ?? defaultCatalog;
  const [ownOverrides, setOwnOverrides] = useState<PreviewOverride[]>([]);
  const overrides = props.overrides ?? ownOverrides;
  const [selectMode, setSelectMode] = useState(true);
  const [reloads, setReloads] = useState(0);
  const [drawn, setDrawn] = useState<DrawnProblems | null>(null);
  const latest = useRef({ onSelect, onPreviewValues: props.onPreviewValues, selected });
  latest.current = { onSelect, onPreviewValues: props.onPreviewValues, selected };

  const bridge = useMemo(
    () =>
      createCanvasBridge({
        onSelect: (p) => latest.current.onSelect(p),
        onDrawn: (_kind, problems) => setDrawn(problems),
      }),
    [],
  );
  useEffect(() => () => bridge.dispose(), [bridge]);
  // The frame's window stays the same object across its loads: attached once it exists.
  const attach = useCallback((el: HTMLIFrameElement | null) => bridge.attach(el), [bridge]);

  useEffect(() => bridge.setDraft(kind, doc, market), [bridge, kind, doc, market]);
  useEffect(() => bridge.setOverrides(overrides), [bridge, overrides]);
  useEffect(() => bridge.setSelected(selected), [bridge, selected]);
  useEffect(() => bridge.setSelectMode(selectMode), [bridge, selectMode]);

  useEffect(() => {
    const hand = () =>
      latest.current.onPreviewValues?.((expr) => bridge.previewValue(expr, latest.current.selected ?? undefined));
    hand();
    return bridge.subscribe(hand);
  }, [bridge, selected]);

  const changeOverrides = useCallback(
    (next: PreviewOverride[]) => {
      setOwnOverrides(next);
      props.onOverridesChange?.(next);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [props.onOverridesChange],
  );

  return (
    <section className="editor-canvas" aria-label="Canvas">
      <div role="toolbar" aria-label="Canvas tools" className="editor-canvas__toolbar">
        <StatesMenu doc={doc} catalog={cat} value={overrides} onChange={changeOverrides} />
        {props.onMarketChange && (
          <span role="group" aria-label="Market" className="editor-canvas__toggle">
            {(['ID', 'IN'] as const).map((m) => (
              <button key={m} type="button" aria-pressed={market === m} onClick={() => props.onMarketChange?.(m)}>
                {m}
              </button>
            ))}
          </span>
        )}
        {props.onWidthChange && (
          <span role="group" aria-label="Width" className="editor-canvas__toggle">
            {([320, 375] as const).map((w) => (
              <button key={w} type="button" aria-pressed={width === w} onClick={() => props.onWidthChange?.(w)}>
                {w} px
              </button>
            ))}
          </span>
        )}
        <button type="button" aria-pressed={selectMode} onClick={() => setSelectMode((s) => !s)}>
          Select by click
        </button>
        <button type="button" onClick={() => setReloads((n) => n + 1)}>
          Reload
        </button>
      </div>
      <p role="status" className="editor-canvas__status">
        {drawn?.length
          ? `The draft cannot be drawn (${drawn.length} problem${drawn.length === 1 ? '' : 's'}, first at ${drawn[0]!.pointer || '/'}): the frame shows the error.`
          : selectMode
            ? 'A click in the phone selects that element.'
            : 'The phone works as for a borrower.'}
      </p>
      {routePath ? (
        <iframe
          ref={attach}
          key={`${market}:${routePath}:${reloads}:${props.copyVersion ?? 0}`}
          className="editor-canvas__frame"
          title={`Canvas: the draft ${kind}, market ${market}, ${width} px`}
          src={previewUrl(routePath, market)}
          width={width}
          height={PHONE_HEIGHT}
        />
      ) : (
        <p className="editor-canvas__none">No route opens this {kind}: add one to the route map to preview it.</p>
      )}
    </section>
  );
}
