/**
 * The console's side of the canvas: talks to one draft preview frame (`?sduiPreview=1`, the real
 * renderer; its side is `renderer/runtime/preview/start-preview.ts`) by `postMessage`, same origin only, both ways.
 * The draft is posted again on every change, at most once per `debounceMs` (typing in a form does not redraw the
 * frame on every key), without reloading the frame; overrides, selection and mode go at once. The frame says
 * `editor-ready` after each load: everything is sent again then, so a frame that (re)loads shows the current draft.
 * `previewValue(expr)` answers from what the frame last said and asks it when it does not know (the binding picker
 * re-reads on `subscribe`); `evaluate` is the same as a promise. The frame evaluates with the renderer's own
 * evaluator in the screen's runtime: nothing is evaluated here, so the console's CSP needs no `unsafe-eval`.
 */
import {
  isFromFrame,
  type FromFrame,
  type PreviewOverride,
  type ToFrame,
} from '../../runtime/preview/preview-messages';

export type { PreviewOverride };
export type Evaluation = { ok: true; value: unknown } | { ok: false; error: string };
export type DrawnProblems = { pointer: string; message: string }[];

export interface CanvasBridgeOptions {
  /** A node was clicked in the frame (select mode). */
  onSelect?(pointer: string): void;
  /** The frame took a draft: drawn (no problems) or showing the renderer's error with these problems. */
  onDrawn?(kind: string, problems: DrawnProblems): void;
  debounceMs?: number;
  /** An answer to `evaluate` that does not come within this is an error (the frame is loading or gone). */
  evaluateTimeoutMs?: number;
  /** The window the frame posts to (tests). */
  win?: Window;
}

export interface CanvasBridge {
  /** The frame element to talk to (null: none); its window is the only one listened to. */
  attach(frame: HTMLIFrameElement | null): void;
  setDraft(kind: string, doc: unknown, market?: string): void;
  setOverrides(overrides: PreviewOverride[]): void;
  setSelected(pointer: string | null): void;
  setSelectMode(select: boolean): void;
  evaluate(expr: string, pointer?: string): Promise<Evaluation>;
  /** The binding's value in the preview if the frame said it lately (else undefined, and it is asked). */
  previewValue(expr: string, pointer?: string): unknown;
  /** Called when an answered value may have changed (a value came, a draft was drawn). */
  subscribe(listener: () => void): () => void;
  dispose(): void;
}

/** A value the frame gave is shown this long before it is asked again (the screen's calls land after drawing). */
const VALUE_FRESH_MS = 1000;

export function createCanvasBridge(opts: CanvasBridgeOptions = {}): CanvasBridge {
  const win = opts.win ?? window;
  const debounceMs = opts.debounceMs ?? 150;
  let frame: HTMLIFrameElement | null = null;
  let draft: Extract<ToFrame, { sdui: 'editor-draft' }> | null = null;
  let overrides: PreviewOverride[] = [];
  let selected: string | null = null;
  let selectMode = true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastId = 0;
  const waiting = new Map<number, { resolve(e: Evaluation): void; timer: ReturnType<typeof setTimeout> }>();
  const values = new Map<string, { value: unknown; at: number } | 'asked'>();
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((l) => l());

  const post = (m: ToFrame) => frame?.contentWindow?.postMessage(m, win.location.origin);
  const flushDraft = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (draft) post(draft);
  };
  const sendAll = () => {
    flushDraft();
    post({ sdui: 'editor-overrides', overrides });
    post({ sdui: 'editor-selected', pointer: selected });
    post({ sdui: 'editor-mode', select: selectMode });
  };

  const onMessage = (e: MessageEvent) => {
    // Only the frame this canvas holds, on this origin: any other window's message is not ours to follow.
    if (!frame || e.origin !== win.location.origin || e.source !== frame.contentWindow || !isFromFrame(e.data)) return;
    const m: FromFrame = e.data;
    switch (m.sdui) {
      case 'editor-ready':
        return sendAll();
      case 'editor-select':
        if (typeof m.pointer === 'string') opts.onSelect?.(m.pointer);
        return;
      case 'editor-drawn':
        values.clear();
        opts.onDrawn?.(m.kind, Array.isArray(m.problems) ? m.problems : []);
        return notify();
      case 'editor-value': {
        const w = waiting.get(m.id);
        if (!w) return;
        waiting.delete(m.id);
        clearTimeout(w.timer);
        w.resolve(m.ok ? { ok: true, value: m.value } : { ok: false, error: String(m.error ?? 'failed') });
      }
    }
  };
  win.addEventListener('message', onMessage);

  function evaluate(expr: string, pointer?: string): Promise<Evaluation> {
    const id = ++lastId;
    return new Promise<Evaluation>((resolve) => {
      const timer = setTimeout(() => {
        waiting.delete(id);
        resolve({ ok: false, error: 'the preview did not answer' });
      }, opts.evaluateTimeoutMs ?? 2000);
      waiting.set(id, { resolve, timer });
      if (!frame?.contentWindow) {
        clearTimeout(timer);
        waiting.delete(id);
        return resolve({ ok: false, error: 'no preview' });
      }
      post({ sdui: 'editor-evaluate', id, expr, ...(pointer === undefined ? {} : { pointer }) });
    });
  }

  return {
    attach(next) {
      frame = next;
    },
    setDraft(kind, doc, market) {
      draft = { sdui: 'editor-draft', kind, doc, ...(market ? { market } : {}) };
      if (timer) clearTimeout(timer);
      timer = setTimeout(flushDraft, debounceMs);
    },
    setOverrides(next) {
      overrides = next;
      post({ sdui: 'editor-overrides', overrides });
    },
    setSelected(pointer) {
      selected = pointer;
      post({ sdui: 'editor-selected', pointer });
    },
    setSelectMode(select) {
      selectMode = select;
      post({ sdui: 'editor-mode', select });
    },
    evaluate,
    previewValue(expr, pointer) {
      const key = `${pointer ?? ''}\n${expr}`;
      const known = values.get(key);
      if (known && known !== 'asked' && Date.now() - known.at < VALUE_FRESH_MS) return known.value;
      if (known !== 'asked') {
        values.set(key, 'asked');
        void evaluate(expr, pointer).then((r) => {
          if (r.ok) values.set(key, { value: r.value, at: Date.now() });
          else values.delete(key);
          if (r.ok) notify();
        });
      }
      return known && known !== 'asked' ? known.value : undefined;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    dispose() {
      win.removeEventListener('message', onMessage);
      if (timer) clearTimeout(timer);
      for (const w of waiting.values()) clearTimeout(w.timer);
      waiting.clear();
      listeners.clear();
      frame = null;
    },
  };
}
