/**
 * The draft preview frame's side of the console canvas (issue 49), loaded by the boot only in a preview frame
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
import { createElement, useContext, type ReactNode } from 'react';
import type { ApiMapDocument, ScreenDocument } from '../../../schemas/generated/types';
import { isPreview, loadBundle } from '../../boot/config-client';
import { looksLikeScreen } from '../../boot/boot-types';
import { LIVE_SCREEN_EVENT, type LiveScreen } from '../../boot/live/live-screen-event';
import { validateDocument } from '../../core/validation/validate-document';
import { copyText } from '../../core/copy/copy-text';
import type { ApiClient, ApiResult } from '../../core/api/api-result';
import { RuntimeContext } from '../runtime-context';
import type { Runtime } from '../contract';
import { previewHook } from '../preview-hook';
import { applyOverrides, pointersOf } from '../preview-overrides';
import type { RuntimeServices } from '../services';
import { FAILED_CALL_PREFIX, isToFrame, type FromFrame, type PreviewOverride } from './preview-messages';

type Problem = { pointer: string; message: string };
type AnswerableApi = ApiClient & {
  answer?(
    endpoint: string,
    raw: Promise<{ status: number; text: string }>,
    o?: { silent?: boolean },
  ): Promise<ApiResult>;
};

const WRAPPER = 'sdui-node';
const BASE_STYLE = `${WRAPPER}{display:contents}html[data-sdui-select] body *{cursor:pointer}`;
const OUTLINE = 'outline:2px solid #1d5fbf !important;outline-offset:-2px';

/** The preview's listener for the frame's life: `startPreview()` once; `stop()` undoes it (tests). */
export function startPreview(win: Window = window): { stop(): void } | undefined {
  if (!isPreview) return undefined;
  const doc = win.document;
  let draft: { kind: string; doc: unknown } | null = null;
  let overrides: PreviewOverride[] = [];
  let pointers = new WeakMap<object, string>();
  let drafts = 0;
  let template: { doc: Record<string, unknown>; endpoints: Map<string, unknown> } | null = null;
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

  const post = (m: FromFrame) => win.parent.postMessage(m, win.location.origin);
  const style = (id: string, css: string) => {
    let el = doc.getElementById(id);
    if (!el) {
      el = doc.createElement('style');
      el.id = id;
      doc.head.appendChild(el);
    }
    el.textContent = css;
  };

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
    const apiMap = bundle.body.apiMap as ApiMapDocument;
    const endpoints = new Map<string, unknown>();
    for (const [name, ep] of Object.entries(apiMap.endpoints ?? {}))
      if (ep?.method === 'GET' && (ep.params ?? []).includes('templateId')) endpoints.set(name, ep.successCode);
    template = { doc: applyOverrides(tpl, overrides), endpoints };
    const ids = new Set([...bundle.body.routeMap.routes.map((r) => r.screen), bundle.body.routeMap.notFound]);
    for (const id of ids) win.dispatchEvent(new CustomEvent(LIVE_SCREEN_EVENT, { detail: { id, now: true } }));
  }

  /** The renderer's error (the app's `common.error` copy) over the page, with what is wrong; none: removed. */
  function showProblems(problems: Problem[]) {
    const old = doc.getElementById('sdui-preview-error');
    if (!problems.length) return old?.remove();
    const box = old ?? doc.body.appendChild(doc.createElement('div'));
    box.id = 'sdui-preview-error';
    box.setAttribute('role', 'alert');
    box.setAttribute('style', 'position:fixed;inset:0;z-index:2147483647;background:#fff;overflow:auto;padding:16px');
    const head = doc.createElement('p');
    head.className = 'sdui-screen-error';
    head.textContent = copyText(current?.texts ?? {}, 'common.error', undefined, current?.market) ?? 'error';
    const list = doc.createElement('ul');
    for (const p of problems.slice(0, 20)) {
      const li = doc.createElement('li');
      li.textContent = `${p.pointer || '/'}: ${p.message}`;
      list.appendChild(li);
    }
    box.replaceChildren(head, list);
  }

  function takeDraft(kind: string, value: unknown) {
    const problems: Problem[] =
      kind === 'screen' && !looksLikeScreen(value)
        ? [{ pointer: '', message: 'not a screen document (kind, id and body are needed)' }]
        : validateDocument(kind, value);
    if (!problems.length && kind !== 'screen' && kind !== 'landing-template')
      problems.push({ pointer: '', message: `a ${kind} document has no picture of its own` });
    post({ sdui: 'editor-drawn', kind, problems });
    showProblems(problems);
    if (problems.length) return;
    draft = { kind, doc: value };
    if (kind === 'screen') drawScreen();
    else void useTemplate(value as Record<string, unknown>);
  }

  /** The preview's API client of one screen: marked steps fail as the network would; template calls get the draft. */
  function patchApi(s: RuntimeServices) {
    if (patched.has(s)) return;
    patched.add(s);
    const real = s.api as AnswerableApi;
    s.api = {
      ...real,
      call(name, params, o) {
        if (name.startsWith(FAILED_CALL_PREFIX)) {
          const failed = Promise.reject(new Error('failed on purpose by the console preview (states menu)'));
          return real.answer
            ? real.answer(name.slice(FAILED_CALL_PREFIX.length), failed, o)
            : Promise.resolve({ ok: false, code: undefined, message: '', data: undefined });
        }
        if (template?.endpoints.has(name)) {
          const paused = template.doc.paused === true;
          // A paused campaign answers like an unknown one (the sandbox's rule): the page shows its ended state.
          return Promise.resolve(
            paused
              ? { ok: false, code: undefined, message: '', data: undefined }
              : { ok: true, code: template.endpoints.get(name), message: '', data: structuredClone(template.doc) },
          );
        }
        return real.call(name, params, o);
      },
    };
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
      return shown;
    }
    drewDraft.add(services);
    return createElement(Mark, { pointer, children: shown });
  };

  /** The wrapper naming a node's pointer; it keeps the runtime of the node's scope (a list item's has `item`). */
  function Mark({ pointer, children }: { pointer: string; children: ReactNode }) {
    const runtime = useContext(RuntimeContext);
    if (runtime) scopes.set(pointer, runtime);
    return createElement(WRAPPER, { 'data-sdui-pointer': pointer }, children);
  }

  function select(pointer: string | null) {
    if (pointer === null) return style('sdui-preview-selected', '');
    // A CSS string: a pointer may hold any character of a key.
    const attr = `${WRAPPER}[data-sdui-pointer="${pointer.replace(/[\\"]/g, '\\$&').replace(/\n/g, '\\a ')}"]`;
    style('sdui-preview-selected', `${attr}>*{${OUTLINE}}`);
    doc.querySelector(`${attr}>*`)?.scrollIntoView?.({ block: 'nearest' });
  }

  /** In the scope of the node at `pointer` when it is drawn (its list item), else of the screen. */
  function evaluate(expr: string, pointer?: string): unknown {
    const runtime = (pointer !== undefined && scopes.get(pointer)) || scopes.get('/body/0');
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
        return select(m.pointer);
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

  // Select mode: the click picks the innermost node under it; the page never sees it (no navigation, no call).
  const onClick = (e: MouseEvent) => {
    if (!selectMode) return;
    e.preventDefault();
    e.stopPropagation();
    const el = (e.target as Element | null)?.closest?.(`${WRAPPER}[data-sdui-pointer]`);
    const pointer = el?.getAttribute('data-sdui-pointer');
    if (pointer != null) post({ sdui: 'editor-select', pointer });
  };

  style('sdui-preview-style', BASE_STYLE);
  doc.documentElement.toggleAttribute('data-sdui-select', selectMode);
  win.addEventListener('message', onMessage);
  doc.addEventListener('click', onClick, true);
  post({ sdui: 'editor-ready' });
  return {
    stop() {
      previewHook.draw = undefined;
      win.removeEventListener('message', onMessage);
      doc.removeEventListener('click', onClick, true);
    },
  };
}
