/**
 * Server-side: a screen drawn to HTML with the same widgets the browser uses, so its content is in the page
 * before any JavaScript runs. The markup is what the app's root draws for the same document, market, query
 * and state (the screen, then the loading region and the toast region, at the same tree positions, so
 * React's generated ids agree); the app hydrates it (start-app.tsx).
 * Imported by the config server only (react-dom/server never reaches the browser bundle). The server's one way into
 * the React side: it imports from renderer/ only this entry and renderer/core/index.ts (`npm run lint` holds it to
 * that), so the page's capture script is handed on from here. The onLoad run with the server's answers draws nothing
 * and is the core's (core/first-calls/draw-with-answers.ts).
 */
import { renderToString } from 'react-dom/server';
import type { ScreenInput } from '../core/screen/screen-input';
import type { ApiClient, Bridge } from '../runtime/contract';
import { translate } from '../core/runtime/create-runtime';
import { createForms } from '../core/runtime/forms';
import { registry } from '../nodes/registry';
import { nodeElements } from '../runtime/RenderNodes';
import { RuntimeProvider } from '../runtime/runtime-context';
import type { RuntimeServices } from '../core/runtime/services';
import type { SameOriginEmbeds } from '../runtime/same-origin-embeds';
import { createStateStore } from '../core/runtime/state-store';
import { preloadAllWidgets } from '../nodes/preload-widgets';
import { LoadingIndicator } from '../api/LoadingIndicator';
import { ToastRegion } from '../toast/ToastRegion';
import type { ToastStore } from '../toast/toast-store';
import { noDevice } from '../core/runtime/device';

export type { SameOriginEmbeds } from '../runtime/same-origin-embeds';
export { CAPTURE_SCRIPT } from './capture/capture-script';

/** What drawing takes from the screen (core/screen/screen-input.ts): no API map, as a drawn screen never calls out. */
export type StaticRenderInput = Pick<
  ScreenInput,
  'doc' | 'texts' | 'market' | 'query' | 'commonQueryNames' | 'state' | 'logError'
> & {
  /** Pages of the borrower's origin that may be embedded (the sandbox's, while the server runs it), as the app has. */
  sameOriginEmbeds?: SameOriginEmbeds;
};

export interface StaticRender {
  /** The body's markup, for inside the app's root element. */
  html: string;
  /** The page title, translated. */
  title: string;
  /** The page's meta description, translated: the screen's `metaDescription` key, or its title's text. */
  description: string;
}

/** A static screen never calls out while rendering; anything that tries is a document bug, logged. */
const refuse = (logError: StaticRenderInput['logError']): ApiClient => ({
  call: async (endpoint) => {
    logError(`static screen called endpoint "${endpoint}" while rendering on the server`);
    return { ok: false, code: undefined, message: 'error', data: undefined };
  },
  upload: async (endpoint) => ({
    ok: false,
    code: undefined,
    message: `no uploads on the server (${endpoint})`,
    data: undefined,
  }),
  url: () => '',
});
const noBridge: Bridge = { send: () => {} };
/** The server never shows a toast: the region is drawn empty, as the app's first render draws it. */
const noToasts: ToastStore = { subscribe: () => () => {}, getSnapshot: () => null } as unknown as ToastStore;

let widgetsReady: Promise<void> | undefined;
/** Lazily split widgets resolve synchronously once loaded, so renderToString never meets a Suspense fallback. */
export const prepareStaticRender = () => (widgetsReady ??= preloadAllWidgets());

export function renderStaticScreen(input: StaticRenderInput): StaticRender {
  const controller = new AbortController();
  const services: RuntimeServices = {
    store: createStateStore(input.state ?? input.doc.state ?? {}),
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
    device: noDevice,
    signal: controller.signal,
    registry,
    sameOriginEmbeds: input.sameOriginEmbeds,
  };
  // Same DOM as App (screen, loading region, toast region as three siblings), so hydration matches.
  const loading = typeof input.texts['common.loading'] === 'string' ? input.texts['common.loading'] : 'loading...';
  const html = renderToString(
    <>
      <RuntimeProvider services={services}>{nodeElements(input.doc.body)}</RuntimeProvider>
      <LoadingIndicator text={loading} />
      <ToastRegion store={noToasts} />
    </>,
  );
  controller.abort();
  return { html, ...screenHead(services, input.doc) };
}

/**
 * The page's title and meta description: they read only the screen's keys and the text set, never its data, so a
 * streamed page sends them before the first call is answered (config-server/pages/stream-page.ts).
 */
export function screenHead(
  services: Pick<RuntimeServices, 'texts' | 'market' | 'logError'>,
  doc: StaticRenderInput['doc'],
): Omit<StaticRender, 'html'> {
  const title = translate(services, doc.title);
  const description = doc.metaDescription ? translate(services, doc.metaDescription) : title;
  return { title, description };
}
