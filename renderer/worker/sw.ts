/// <reference lib="webworker" />
/**
 * The borrower app's service worker (built by vite-plugin-pwa's injectManifest from this file).
 *
 * It keeps the app's code: the hashed scripts and styles of the borrower app (the console's are left out) and the
 * page shell `index.html` are precached by revision. A repeat visit paints the page's last drawn copy, kept under the
 * rules of kept answers (kept-pages.ts: that borrower only, a day at most, never inside a release), unless the
 * network's drawn page comes within a moment; the app confirms a kept page against the network's at once. With
 * neither, the shell stands in, and the app boots from its own last good copies (bundle and screens, ETag-revalidated,
 * in localStorage) and the answers it kept (api/kept-answers.ts). Config and API calls are not touched (they do not
 * even start the worker where the browser has static routes: pass-by-routes.ts): a release's
 * rollback or completion reaches the page exactly as without a worker, so the arms never mix.
 *
 * A new version waits: the page tells it to take over at the borrower's next navigation (worker-client/), never
 * under a half-filled form.
 */
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import * as navigationPreload from 'workbox-navigation-preload';
import { clientsClaim } from 'workbox-core';
import { FRESH_HEADER, KEEP_PAGE, SHELL_URL, SKIP_WAITING, type KeepPageMessage } from './worker-protocol';
import { answerFresh, answerPage, dropKeptPages, keepPage, setKeptPagesBuild } from './kept-pages';
import { addPassByRoutes, type RoutingInstallEvent } from './pass-by-routes';
import { NOT_APP_PAGES } from './app-pages';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

cleanupOutdatedCaches();
// The first worker serves the page that registered it at once (there was none before: nothing to hand over). A later
// version never claims a page on its own: it waits for the page's word at a navigation.
clientsClaim();
// Only the files themselves: `/` is the site's home page, drawn by the server, never the precached shell.
// The build's file list, injected once at this one place (injectManifest replaces a single occurrence).
const manifest = self.__WB_MANIFEST;
precacheAndRoute(manifest, { directoryIndex: '', cleanURLs: false });
// A new build's page shell has a new revision: pages kept under another build are not answered.
const shellEntry = manifest.find((e) => typeof e !== 'string' && (e.url === SHELL_URL || `/${e.url}` === SHELL_URL));
setKeptPagesBuild(typeof shellEntry === 'object' ? (shellEntry.revision ?? '') : '');
// The page request leaves while the worker starts: a worker must not delay a navigation that goes to the network.
navigationPreload.enable();

/** No page at all (offline, no route, a server error): the shell, with which the app opens what the phone kept. */
const shell = async () => (await matchPrecache(SHELL_URL)) ?? Response.error();

registerRoute(
  new NavigationRoute(
    {
      handle: ({ event, request }) => {
        const fetchEvent = event as FetchEvent;
        // The request navigation preload sent while the worker started, else one of its own.
        const network = Promise.resolve(fetchEvent.preloadResponse).then(
          (preloaded: Response | undefined) => preloaded ?? fetch(request),
        );
        return answerPage(fetchEvent, network, shell);
      },
    },
    { denylist: NOT_APP_PAGES },
  ),
);
// The app asks for the network's drawn page of its navigation, to confirm the kept one it shows.
registerRoute(({ request }) => request.mode !== 'navigate' && request.headers.has(FRESH_HEADER), {
  handle: ({ request }) => answerFresh(request),
});

// Config and backend requests go to the network without starting this worker (pass-by-routes.ts).
self.addEventListener('install', (event) => addPassByRoutes(event as RoutingInstallEvent, self.location.hostname));
self.addEventListener('activate', (event) => event.waitUntil(dropKeptPages()));
self.addEventListener('message', (event) => {
  const data = event.data as { type?: string } | null;
  if (data?.type === SKIP_WAITING) void self.skipWaiting();
  else if (data?.type === KEEP_PAGE) event.waitUntil(keepPage(data as KeepPageMessage).catch(() => {}));
});
