/** What the page and the service worker say to each other, and where the worker lives. Shared by both sides. */
export const WORKER_URL = '/sw.js';
/** The page shell the worker answers a page request with when the network does not answer. */
export const SHELL_URL = '/index.html';
/** Page → waiting worker: take over now (sent at a navigation only). */
export const SKIP_WAITING = 'sdui:skip-waiting';
/** The caches this app's worker writes (Workbox's precache and runtime names), removed with the worker. */
export const isWorkerCache = (name: string) => name.startsWith('workbox-') || name.startsWith('sdui-');
