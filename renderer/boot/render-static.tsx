/**
 * Server-side: a screen without per-user data (`static: true`) drawn to HTML with the same widgets the
 * browser uses, so its text is in the page before any JavaScript runs. The markup is what ScreenHost draws
 * for the same document, market and query; the app then replaces it with identical markup in one commit.
 * Imported by the config server only (react-dom/server never reaches the browser bundle).
 */
import { renderToString } from 'react-dom/server';
import type { ScreenDocument } from '../../schemas/generated/types';
import type { ApiClient, Bridge } from '../runtime/contract';
import { translate } from '../runtime/create-runtime';
import { createForms } from '../runtime/forms';
import { nodeElements } from '../runtime/RenderNodes';
import { RuntimeProvider } from '../runtime/runtime-context';
import type { RuntimeServices } from '../runtime/services';
import { createStateStore } from '../runtime/state-store';
import { preloadAllWidgets } from '../nodes/preload-widgets';

export interface StaticRenderInput {
  doc: ScreenDocument;
  texts: Record<string, string>;
  market: Record<string, unknown>;
  /** The page query as the app will see it (common params are carried on links). */
  query: Record<string, string>;
  commonQueryNames: string[];
  logError(message: string, detail?: unknown): void;
}

export interface StaticRender {
  /** The body's markup, for inside the app's root element. */
  html: string;
  /** The page title, translated. */
  title: string;
}

/** A static screen never calls out while rendering; anything that tries is a document bug, logged. */
const refuse = (logError: StaticRenderInput['logError']): ApiClient => ({
  call: async (endpoint) => {
    logError(`static screen called endpoint "${endpoint}" while rendering on the server`);
    return { ok: false, code: undefined, message: 'error', data: undefined };
  },
  upload: async (endpoint) => ({ ok: false, code: undefined, message: `no uploads on the server (${endpoint})`, data: undefined }),
  url: () => '',
});
const noBridge: Bridge = { send: () => {} };

let widgetsReady: Promise<void> | undefined;
/** Lazily split widgets resolve synchronously once loaded, so renderToString never meets a Suspense fallback. */
export const prepareStaticRender = () => (widgetsReady ??= preloadAllWidgets());

export function renderStaticScreen(input: StaticRenderInput): StaticRender {
  const controller = new AbortController();
  const services: RuntimeServices = {
    store: createStateStore(input.doc.state ?? {}),
    texts: input.texts,
    market: input.market,
    query: input.query,
    params: {},
    commonQueryNames: input.commonQueryNames,
    hashRouting: false,
    api: refuse(input.logError),
    bridge: noBridge,
    forms: createForms(),
    toast: () => {},
    navigate: () => {},
    back: () => {},
    openExternal: () => {},
    logError: (m, d) => input.logError(`screen ${input.doc.id}: ${m}`, d),
    signal: controller.signal,
  };
  // Same element tree as ScreenHost, so the browser's first commit draws exactly this markup.
  const html = renderToString(<RuntimeProvider services={services}>{nodeElements(input.doc.body)}</RuntimeProvider>);
  controller.abort();
  return { html, title: translate(services, input.doc.title) };
}
