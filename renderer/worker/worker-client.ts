/**
 * The page's side of the service worker, loaded after the first screen (its own small chunk: nothing on the first
 * load). Registers the worker when the market wants it, removes it and its caches when the market switched it off,
 * and lets a new version take over at a navigation only.
 *
 * Without service workers (an iOS WKWebView outside app-bound domains, a private window) every call here does
 * nothing: the page works as it did, offline reading included (kept answers and the last good config are the app's).
 */
import { KEEP_PAGE, SKIP_WAITING, WORKER_URL, isWorkerCache, type KeepPageMessage } from './worker-protocol';
import { pageToKeep } from './kept-page-gate';
import { borrowerIdentity } from '../core/api/common-params';
import type { ApiMapDocument } from '../../schemas/generated/types';

type Log = (message: string, detail?: unknown) => void;

/** How often a page that stays open asks whether a new worker (a new build) is out. */
const UPDATE_CHECK_MS = 10 * 60_000;

const container = (): ServiceWorkerContainer | undefined =>
  typeof navigator !== 'undefined' && 'serviceWorker' in navigator ? navigator.serviceWorker : undefined;

/**
 * A first visit installs the worker (some 40 downloads and their caching) only this long after the page loaded and
 * then at an idle moment: on a slow phone the page's own start must not share the CPU and the link with it.
 */
const FIRST_INSTALL_DELAY_MS = 5000;

/** The page has loaded, `ms` more passed, and the main thread is idle. */
const settled = (ms: number) =>
  new Promise<void>((resolve) => {
    const idle = () =>
      typeof requestIdleCallback === 'function' ? requestIdleCallback(() => resolve(), { timeout: 2000 }) : resolve();
    const go = () => setTimeout(idle, ms);
    if (document.readyState === 'complete') go();
    else window.addEventListener('load', go, { once: true });
  });

let registration: ServiceWorkerRegistration | undefined;
let lastCheck = 0;
/**
 * The market's latest word. A first visit registers seconds after it asked: a switch-off published meanwhile found
 * nothing to remove, and the registration that followed it would control the page's next load.
 */
let wanted = false;

/** Removes every worker of this origin and the caches it wrote: the market's off switch. */
export async function removeWorker(log: Log): Promise<void> {
  const sw = container();
  if (!sw) return;
  registration = undefined;
  try {
    const regs = await sw.getRegistrations();
    await Promise.all(regs.map((r) => r.unregister()));
    if (typeof caches !== 'undefined')
      await Promise.all((await caches.keys()).filter(isWorkerCache).map((name) => caches.delete(name)));
  } catch (e) {
    log(`service worker: could not remove it: ${(e as Error)?.message ?? e}`);
  }
}

/** The market's setting applied: `on` registers (or keeps) the worker, off removes it. */
export async function applyWorkerSetting(on: boolean, log: Log): Promise<void> {
  const sw = container();
  if (!sw) return;
  wanted = on;
  if (!on) return removeWorker(log);
  // Already installed (a repeat visit): registering again only looks for a new version, at once.
  if (!sw.controller) await settled(FIRST_INSTALL_DELAY_MS);
  if (!wanted) return;
  try {
    // `updateViaCache: none`: a new build's worker is seen at the next check, whatever HTTP caches hold.
    const reg = await sw.register(WORKER_URL, { scope: '/', updateViaCache: 'none' });
    // Switched off while it registered: the removal may not have seen it yet (nor the caches its install writes).
    if (!wanted) return removeWorker(log);
    registration = reg;
    lastCheck = Date.now();
  } catch (e) {
    log(`service worker: not registered: ${(e as Error)?.message ?? e}`);
  }
}

/**
 * A takeover reloads the page only this soon after the navigation that asked for it (Chromium activates the new
 * worker about 1 s after the old one stopped; the rest is room for a slow phone), and only if the borrower has not
 * touched the screen since.
 */
const TAKEOVER_RELOAD_MS = 10_000;
/** What counts as touching the screen they went to: a reload after it could lose what was typed or picked. */
const TOUCHES = ['pointerdown', 'keydown', 'input'] as const;
/** The new build took over too late to reload under the borrower: the next navigation loads it. */
let reloadAtNextNavigation = false;
/**
 * The takeover asked for, until the new worker has the page: when the borrower last navigated, and whether they have
 * touched the screen since. One at a time: navigating again while it is pending starts its window again.
 */
let pending: { askedAt: number; touched: boolean; reload: () => void } | undefined;
/** Ends the watch for touches once a takeover could no longer reload the page (or has come). */
let windowEnd: ReturnType<typeof setTimeout> | undefined;
const touch = () => {
  if (pending) pending.touched = true;
};
const watchTouches = (on: boolean) => {
  // Adding the same listener twice adds it once: a second navigation leaves one set.
  for (const t of TOUCHES)
    if (on) window.addEventListener(t, touch, { capture: true, passive: true });
    else window.removeEventListener(t, touch, { capture: true });
};

/** The new worker has the page: reloaded now if untouched in time, else at the next navigation. */
function takenOver() {
  const took = pending;
  if (!took) return;
  pending = undefined;
  clearTimeout(windowEnd);
  watchTouches(false);
  if (!took.touched && Date.now() - took.askedAt <= TAKEOVER_RELOAD_MS) took.reload();
  else reloadAtNextNavigation = true;
}
/** The waiting worker became the active one. One function for every navigation: added again, it is added once. */
const onWorkerState = (e: Event) => (e.target as ServiceWorker).state === 'activated' && takenOver();

/**
 * At a navigation (the screen before is gone, with whatever was typed into it): a new version waiting takes over and
 * the page loads afresh where the borrower went, in the new build. Otherwise, now and then, ask whether one is out;
 * it installs in the background and waits for the next navigation. Never reloads a screen the borrower is on: a
 * takeover that comes late (the browser may keep the old worker running for its own reasons) or after the borrower
 * touched the new screen waits for the navigation after. `reload`: the page's, replaced by tests.
 */
export function atNavigation(log: Log, reload = () => window.location.reload()): void {
  if (reloadAtNextNavigation) {
    reloadAtNextNavigation = false;
    reload();
    return;
  }
  const waiting = registration?.waiting;
  const sw = container();
  if (waiting && sw?.controller) {
    if (!pending) sw.addEventListener('controllerchange', takenOver, { once: true });
    // What counts is the screen the borrower is on now: the window starts again at each navigation.
    pending = { askedAt: Date.now(), touched: false, reload };
    watchTouches(true);
    clearTimeout(windowEnd);
    windowEnd = setTimeout(() => watchTouches(false), TAKEOVER_RELOAD_MS);
    waiting.addEventListener('statechange', onWorkerState);
    waiting.postMessage({ type: SKIP_WAITING });
    return;
  }
  if (registration && Date.now() - lastCheck > UPDATE_CHECK_MS) checkForUpdate(log);
}

/** Asks the server for the worker script now; a new one installs and waits (tests and a return to the app). */
export function checkForUpdate(log: Log): void {
  lastCheck = Date.now();
  registration
    ?.update()
    .catch((e: unknown) => log(`service worker: update check failed: ${(e as Error)?.message ?? e}`));
}

/**
 * Asks the worker to keep this page for the borrower's next visit, once the page may be kept: a page the network drew
 * at once, a kept one once the server confirmed it. The borrower is who the API calls name, from the page `query` by
 * the `apiMap` (common params and headers: a token sent as a header only counts too); another one drops whatever was
 * kept. `maxAgeMs`: the market's `offline.keepAnswersHours` (0 keeps nothing, and drops all).
 */
export async function keepPage(
  apiMap: ApiMapDocument,
  query: Record<string, string>,
  maxAgeMs: number,
  log: Log,
): Promise<void> {
  const sw = container();
  if (!sw || !registration) return;
  const url = await pageToKeep();
  const who = JSON.stringify(Object.entries(borrowerIdentity(apiMap, query)).sort());
  try {
    const active = (await sw.ready).active;
    const message: KeepPageMessage = { type: KEEP_PAGE, url: url ?? '', who, maxAgeMs };
    // No page to keep (drawn in the browser, or changed): the identity and the market's time still go, so another
    // borrower's pages go and this one's older than the market allows; 0 there would drop all of this one's too.
    active?.postMessage(message);
  } catch (e) {
    log(`service worker: could not keep the page: ${(e as Error)?.message ?? e}`);
  }
}
