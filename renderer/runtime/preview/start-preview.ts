/**
 * The draft preview frame's side of the console canvas, loaded by the boot only in a preview frame
 * (`isPreview`): never part of a borrower's page. It listens to its parent (same origin, the parent window only):
 * - `editor-draft`: a screen is checked by its schema (as the app checks a screen before keeping it) and drawn in
 *   place of the saved draft by the route on show, through the live-change event (`boot/live/live-screen-event.ts`),
 *   without reloading the frame; a landing template answers the page's template call instead. A bad document shows
 *   the renderer's error with its problems, never a blank frame.
 * - `editor-overrides`: the states menu's choices (`../preview-overrides.ts`), drawn the same way.
 * - `editor-selected` / `editor-mode` / `editor-evaluate`: outline a node, select by click, a binding's value now.
 * Every node of the drawn draft is wrapped in a `display: contents` element naming its JSON pointer (NodeBoundary's
 * preview hook), so a click maps to a pointer and the selected node's boxes get an outline.
 */
import { createContext, createElement, useContext, type ReactNode } from 'react';
import type { ApiMapDocument, ScreenDocument } from '../../../schemas/generated/types';
import { isPreview, loadBundle } from '../../boot/config-client';
import { looksLikeScreen } from '../../boot/boot-types';
import { LIVE_SCREEN_EVENT, type LiveScreen } from '../../boot/live/live-screen-event';
import { validateDocument } from '../../core/validation/validate-document';
import { copyText } from '../../core/copy/copy-text';
import { loadParser } from '../../boot/expression-trees';
import { RuntimeContext, ScopeContext } from '../runtime-context';
import type { Runtime } from '../contract';
import type { PreviewHook } from '../preview-hook';
import { applyOverrides, pointersOf } from '../preview-overrides';
import type { RuntimeServices } from '../../core/runtime/services';
import { isToFrame, type FromFrame, type PreviewOverride } from './preview-messages';
import { previewApi, templateEndpoints, type TemplateDraft } from './preview-api';
import { showProblems, type Problem } from './preview-problems';
import { installWrapperStyle, keepConsoleFocus, outlineNode, selectOnClick, WRAPPER } from './preview-page';

/** The runtime a node there sees: its list item's (`item`, `index`), else the screen's (as `useRuntime`, never throwing). */
function useScopeRuntime(): Runtime | null {
  const scoped = useContext(ScopeContext);
  const screen = useContext(RuntimeContext);
  return scoped ?? screen;
}

/** The pointer of the nearest wrapper above (a section's inner nodes do not name it again). */
const PointerContext = createContext<string | null>(null);
/**
 * The preview's listener for the frame's life; `stop()` undoes it (tests). The boot hands over the drawing hook: a
 * module both it and this one imported would become a chunk of its own, one more request on every borrower page.
 */
export function startPreview(previewHook: PreviewHook, win: Window = window): { stop(): void } | undefined {
  if (!isPreview) return undefined;
  // Drafts are drawn before any publish parsed them, and the console asks for any binding's value: parse from source.
  // Messages wait for the parser (in order), and the frame says it is ready once it is here.
  const parsing = loadParser();
  const doc = win.document;
  let draft: { kind: string; doc: unknown } | null = null;
  let overrides: PreviewOverride[] = [];
  let pointers = new WeakMap<object, string>();
  let drafts = 0;
  let template: TemplateDraft | null = null;
  // Off until the canvas asks: the console's other preview frames (copy, landing pages) are used as pages.
  let selectMode = false;
  let bundleOnce: ReturnType<typeof loadBundle> | undefined;
  let current: RuntimeServices | null = null;
  // Screens (by their services) that drew the draft, that were asked to, and whose API client is the preview's.
  const drewDraft = new WeakSet<RuntimeServices>();
  const asked = new WeakSet<RuntimeServices>();
  const patched = new WeakSet<RuntimeServices>();
  // The runtime each drawn node of the draft sees, by pointer (the last drawn, for a list's repeated nodes).
  let scopes = new Map<string, Runtime>();
  // A landing template draft's objects by identity → pointer (its sections, drawn as list items of the page).
  let itemPointers = new WeakMap<object, string>();

  const post = (m: FromFrame) => win.parent.postMessage(m, win.location.origin);
  /** Tells the route on show to draw the draft now (a route showing another screen ignores it). */
  function drawScreen() {
    if (draft?.kind !== 'screen') return;
    const body = applyOverrides(draft.doc as ScreenDocument, overrides);
    pointers = pointersOf(body);
    scopes = new Map();
    const detail: LiveScreen = {
      id: body.id,
      fresh: { body, etag: `"preview-${++drafts}"`, source: 'network' },
      now: true,
    };
    win.dispatchEvent(new CustomEvent(LIVE_SCREEN_EVENT, { detail }));
  }

  /** A landing template answers the calls that read one (GET, declaring its `templateId`); every route remounts. */
  async function useTemplate(tpl: Record<string, unknown>) {
    const market = new URLSearchParams(win.location.search).get('market') ?? '';
    const bundle = await (bundleOnce ??= loadBundle(market, () => {}));
    if (!bundle) return;
    template = {
      doc: applyOverrides(tpl, overrides),
      endpoints: templateEndpoints(bundle.body.apiMap as ApiMapDocument),
    };
    // The page draws the answer's own objects (state keeps them): a list item's `item` is a section of the draft.
    itemPointers = pointersOf(template.doc);
    const ids = new Set([...bundle.body.routeMap.routes.map((r) => r.screen), bundle.body.routeMap.notFound]);
    for (const id of ids) win.dispatchEvent(new CustomEvent(LIVE_SCREEN_EVENT, { detail: { id, now: true } }));
  }

  function takeDraft(kind: string, value: unknown) {
    const problems: Problem[] =
      kind === 'screen' && !looksLikeScreen(value)
        ? [{ pointer: '', message: 'not a screen document (kind, id and body are needed)' }]
        : validateDocument(kind, value);
    if (!problems.length && kind !== 'screen' && kind !== 'landing-template')
      problems.push({ pointer: '', message: `a ${kind} document has no picture of its own` });
    post({ sdui: 'editor-drawn', kind, problems });
    const errorText = copyText(current?.texts ?? {}, 'common.error', undefined, current?.market) ?? 'error';
    showProblems(doc, problems, errorText);
    if (problems.length) return;
    draft = { kind, doc: value };
    if (kind === 'screen') {
      template = null;
      drawScreen();
      return;
    }
    // A template canvas: the page's own nodes are not what is edited, its sections are.
    pointers = new WeakMap();
    void useTemplate(value as Record<string, unknown>);
  }

  /** The screen's API client is the preview's (preview-api.ts), once per screen. */
  function patchApi(s: RuntimeServices) {
    if (patched.has(s)) return;
    patched.add(s);
    s.api = previewApi(s.api, () => template);
  }

  previewHook.draw = (node, shown, services) => {
    current = services;
    patchApi(services);
    const pointer = node && typeof node === 'object' ? pointers.get(node) : undefined;
    if (pointer === undefined) {
      // A screen drawing nodes that are not the draft's (the saved version, shown again after an in-frame
      // navigation): asked once to draw the draft; the route ignores it when it shows another screen.
      if (draft?.kind === 'screen' && !drewDraft.has(services) && !asked.has(services)) {
        asked.add(services);
        setTimeout(drawScreen, 0);
      }
      return template ? createElement(ItemMark, null, shown) : shown;
    }
    drewDraft.add(services);
    return createElement(Mark, { pointer, children: shown });
  };

  /** The wrapper naming a node's pointer; it keeps the runtime of the node's scope (a list item's has `item`). */
  function Mark({ pointer, children }: { pointer: string; children: ReactNode }) {
    const runtime = useScopeRuntime();
    if (runtime) scopes.set(pointer, runtime);
    return createElement(
      PointerContext.Provider,
      { value: pointer },
      createElement(WRAPPER, { 'data-sdui-pointer': pointer }, children),
    );
  }

  /** A landing template's element (a section) drawn as a list item of the page: its outermost node names it. */
  function ItemMark({ children }: { children?: ReactNode }) {
    const runtime = useScopeRuntime();
    const around = useContext(PointerContext);
    const item = runtime?.scope.item;
    const pointer = item && typeof item === 'object' ? itemPointers.get(item) : undefined;
    if (runtime) scopes.set('', runtime);
    return pointer === undefined || pointer === around ? children : createElement(Mark, { pointer, children });
  }

  /** In the scope of the node at `pointer` when it is drawn (its list item), else of the screen. */
  function evaluate(expr: string, pointer?: string): unknown {
    const runtime = (pointer !== undefined && scopes.get(pointer)) || scopes.get('/body/0') || scopes.get('');
    if (!runtime) throw new Error('no screen is drawn yet');
    const value = expr.includes('{{') ? runtime.resolve(expr) : runtime.evaluate(expr);
    try {
      return structuredClone(value);
    } catch {
      return String(value);
    }
  }

  const onMessage = (e: MessageEvent) => {
    if (e.origin !== win.location.origin || e.source !== win.parent || !isToFrame(e.data)) return;
    const m = e.data;
    switch (m.sdui) {
      case 'editor-draft':
        return takeDraft(m.kind, m.doc);
      case 'editor-overrides':
        overrides = Array.isArray(m.overrides) ? m.overrides : [];
        if (draft?.kind === 'screen') return drawScreen();
        if (draft) return void useTemplate(draft.doc as Record<string, unknown>);
        return;
      case 'editor-selected':
        return outlineNode(win, m.pointer);
      case 'editor-mode':
        selectMode = m.select;
        return doc.documentElement.toggleAttribute('data-sdui-select', selectMode);
      case 'editor-evaluate':
        try {
          return post({ sdui: 'editor-value', id: m.id, ok: true, value: evaluate(m.expr, m.pointer) });
        } catch (err) {
          return post({ sdui: 'editor-value', id: m.id, ok: false, error: (err as Error)?.message ?? String(err) });
        }
    }
  };

  installWrapperStyle(doc);
  doc.documentElement.toggleAttribute('data-sdui-select', selectMode);
  const undo = [
    keepConsoleFocus(win),
    selectOnClick(
      doc,
      () => selectMode,
      (pointer) => post({ sdui: 'editor-select', pointer }),
    ),
  ];
  const onMessageParsed = (e: MessageEvent) => void parsing.then(() => onMessage(e));
  win.addEventListener('message', onMessageParsed);
  void parsing.then(() => post({ sdui: 'editor-ready' }));
  return {
    stop() {
      previewHook.draw = undefined;
      undo.forEach((u) => u());
      win.removeEventListener('message', onMessageParsed);
    },
  };
}
