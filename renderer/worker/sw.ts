/// <reference lib="webworker" />
/**
 * The borrower app's service worker (built by vite-plugin-pwa's injectManifest from this file).
 *
 * It keeps the app's code, never a borrower's page or data: the hashed scripts and styles of the borrower app (the
 * console's are left out) and the page shell `index.html` are precached by revision. Pages always come from the
 * network, as without a worker (a drawn page may hold a borrower's answers and is `no-store`); only when the network
 * does not answer at all does the shell stand in, and the app then boots from its own last good copies (bundle and
 * screens, ETag-revalidated, in localStorage) and the answers it kept (api/kept-answers.ts). Config and API calls are
 * not touched: a release's rollback or completion reaches the page exactly as without a worker, so the arms never mix.
 *
 * A new version waits: the page tells it to take over at the borrower's next navigation (worker-client/), never
 * under a half-filled form.
 */
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkOnly } from 'workbox-strategies';
import * as navigationPreload from 'workbox-navigation-preload';
import { clientsClaim } from 'workbox-core';
import { SHELL_URL, SKIP_WAITING } from './worker-protocol';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

cleanupOutdatedCaches();
// The first worker serves the page that registered it at once (there was none before: nothing to hand over). A later
// version never claims a page on its own: it waits for the page's word at a navigation.
clientsClaim();
// Only the files themselves: `/` is the site's home page, drawn by the server, never the precached shell.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });
// The page request leaves while the worker starts: a worker must not delay a navigation that goes to the network.
navigationPreload.enable();

/** Pages the app draws; the console, the config and API routes and files are the network's alone. */
const NOT_APP_PAGES = [/^\/admin(\/|$)/, /^\/config\//, /^\/sandbox\//, /^\/healthz/, /\/[^/?]+\.[A-Za-z0-9]+$/];

registerRoute(
  new NavigationRoute(
    new NetworkOnly({
      plugins: [
        {
          // No answer at all (offline, no route): the shell, with which the app opens what the phone kept.
          handlerDidError: async () => (await matchPrecache(SHELL_URL)) ?? Response.error(),
        },
      ],
    }),
    { denylist: NOT_APP_PAGES },
  ),
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === SKIP_WAITING) void self.skipWaiting();
});
