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
import type { RuntimeServices } from '../core/runtime/services';
import { translate } from '../core/runtime/create-runtime';
import { nodeElements } from '../runtime/RenderNodes';
import { RuntimeProvider } from '../runtime/runtime-context';
import { createStateStore } from '../core/runtime/state-store';
import { preloadAllWidgets } from '../nodes/preload-widgets';
import { LoadingIndicator } from '../api/LoadingIndicator';
import { ToastRegion } from '../toast/ToastRegion';
import { loadingText, noToasts, staticServices, type StaticRenderInput } from './static-services';

export type { SameOriginEmbeds } from '../runtime/same-origin-embeds';
export type { StaticRenderInput } from './static-services';
export { CAPTURE_SCRIPT } from './capture/capture-script';
export { renderStaticShell, type StaticShell } from './static-shell';

export interface StaticRender {
  /** The body's markup, for inside the app's root element. */
  html: string;
  /** The page title, translated. */
  title: string;
  /** The page's meta description, translated: the screen's `metaDescription` key, or its title's text. */
  description: string;
}

let widgetsReady: Promise<void> | undefined;
/** Lazily split widgets resolve synchronously once loaded, so renderToString never meets a Suspense fallback. */
export const prepareStaticRender = () => (widgetsReady ??= preloadAllWidgets());

export function renderStaticScreen(input: StaticRenderInput): StaticRender {
  const controller = new AbortController();
  const services = staticServices(input, createStateStore(input.state ?? input.doc.state ?? {}), controller.signal);
  // Same DOM as App (screen, loading region, toast region as three siblings), so hydration matches.
  const html = renderToString(
    <>
      <RuntimeProvider services={services}>{nodeElements(input.doc.body)}</RuntimeProvider>
      <LoadingIndicator text={loadingText(input.texts)} />
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
