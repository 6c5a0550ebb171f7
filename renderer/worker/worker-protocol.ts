/** What the page and the service worker say to each other, and where the worker lives. Shared by both sides. */
export const WORKER_URL = '/sw.js';
/** The page shell the worker answers a page request with when the network does not answer. */
export const SHELL_URL = '/index.html';
/** Page → waiting worker: take over now (sent at a navigation only). */
export const SKIP_WAITING = 'sdui:skip-waiting';
/** The caches this app's worker writes (Workbox's precache and runtime names), removed with the worker. */
export const isWorkerCache = (name: string) => name.startsWith('workbox-') || name.startsWith('sdui-');

/** The drawn pages the phone keeps for a repeat visit (worker/kept-pages.ts), by URL. */
export const PAGES_CACHE = 'sdui-pages';
/** The kept page's mark (kept-meta.ts, a module of its own for the app's first load). */
export { KEPT_META } from './kept-meta';
/** Header of the page's own request for the drawn page that arrived (or arrives) for its navigation. */
export const FRESH_HEADER = 'X-Sdui-Fresh-Page';

/**
 * Page → worker: keep this page for a repeat visit, for this borrower (`who`), at most `maxAgeMs`; pages kept for
 * anyone else, or for longer than `maxAgeMs` ago, go either way.
 */
export const KEEP_PAGE = 'sdui:keep-page';
export interface KeepPageMessage {
  type: typeof KEEP_PAGE;
  /** Empty: no page to keep (drawn in the browser, or changed since it was kept). */
  url: string;
  /** The borrower's identity as the API sends it (the API map's common params and headers): another one drops every kept page. */
  who: string;
  maxAgeMs: number;
}

/** A kept page against the server's: confirmed, another page now, or the server could not be asked. */
export type KeptVerdict = 'fresh' | 'changed' | 'unavailable';
