/// <reference lib="webworker" />
/**
 * The worker's side of a repeat visit painted from the phone: the last drawn page of each URL, kept for the borrower
 * it was drawn for, answers that URL's next navigation at once unless the network's drawn page is already here by the
 * time the kept one is read; the network's page is fetched all the same (navigation preload) and handed to the app, which compares
 * it with what it shows and replaces a kept page that changed (worker/confirm-kept-page.ts).
 *
 * What is kept, never anything else: a drawn page (`data-ssr`) answered 200, outside any release in flight (no
 * `X-Config-Release`: a kept page never carries an arm, so a rollback or a completion cannot be undone by the phone),
 * for the identity the page says it was drawn for (another identity drops every kept page), at most the market's
 * `offline.keepAnswersHours` and never over a day, and only when the page asks (`KEEP_PAGE`, after it booted).
 */
import { PAGES_CACHE, type KeepPageMessage } from './worker-protocol';
import { keptMarkup } from './kept-page-markup';
import { allowInlineScript } from './allow-inline-script';

/** The longest a page is kept, whatever a market says: personal answers are never kept longer. */
const MAX_KEEP_MS = 24 * 3600_000;
/** A navigation's network page waits this long for the app to ask for it (to compare or to keep). */
const FRESH_FOR_MS = 60_000;

const KEPT_AT = 'X-Sdui-Kept-At';
const KEEP_UNTIL = 'X-Sdui-Keep-Until';
const WHO = 'X-Sdui-Who';
const BUILD = 'X-Sdui-Build';
const CSP = 'Content-Security-Policy';

/**
 * The build this worker came with (its page shell's revision). Workers of one origin share their caches, and the
 * old build's worker may still be keeping a page after the new one dropped them all (a first visit fetches its page
 * again to keep it): a page kept under another build is never answered, so a new build's navigation is never served
 * the old build's page.
 */
let build = '';
export const setKeptPagesBuild = (id: string) => void (build = id);

/** The network's page of recent navigations, unread (each use takes a clone), by URL. */
const fresh = new Map<string, Promise<Response | undefined>>();

const later = (ms: number) => new Promise<undefined>((r) => setTimeout(r, ms));

/** Holds a navigation's network page for the app's request, a while; `network` as the caller is to use it. */
function holdFresh(url: string, network: Promise<Response>): Promise<Response> {
  let hold!: (r: Response | undefined) => void;
  const held = new Promise<Response | undefined>((r) => (hold = r));
  fresh.set(url, held);
  setTimeout(() => fresh.get(url) === held && fresh.delete(url), FRESH_FOR_MS);
  return network.then(
    (r) => {
      hold(r.clone());
      return r;
    },
    (e: unknown) => {
      hold(undefined);
      throw e;
    },
  );
}

/** A clone of the network page held for `url`, if any. */
export async function takeFresh(url: string): Promise<Response | undefined> {
  const held = fresh.get(url);
  return held ? (await held)?.clone() : undefined;
}

/** A page the phone may keep: drawn, whole, outside a release. */
const keepable = (res: Response | undefined): res is Response =>
  !!res &&
  res.status === 200 &&
  !res.redirected &&
  (res.headers.get('Content-Type') ?? '').startsWith('text/html') &&
  !res.headers.has('X-Config-Release');

async function hash(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The most pages kept at once (the latest): the screens a borrower goes back to, not every address ever opened. */
const MAX_PAGES = 20;

/** The page's word: keep its drawn page for this borrower, dropping what was kept for anyone else. */
export async function keepPage(msg: KeepPageMessage): Promise<void> {
  const cache = await caches.open(PAGES_CACHE);
  const who = await hash(msg.who);
  const maxAge = Math.min(Number(msg.maxAgeMs) || 0, MAX_KEEP_MS);
  const checked = Date.now();
  // Another borrower's pages go, and so do this one's older than the market allows now (0: all of them): a page is
  // otherwise only dropped when its address is opened again, and one never opened again held their answers for good.
  const mine: Array<[Request, number]> = [];
  for (const req of await cache.keys()) {
    const kept = await cache.match(req);
    const at = Number(kept?.headers.get(KEPT_AT));
    const within = at <= checked && checked - at < maxAge && checked < Number(kept?.headers.get(KEEP_UNTIL));
    if (kept?.headers.get(WHO) !== who || !within) await cache.delete(req);
    else mine.push([req, at]);
  }
  const url = msg.url ? new URL(msg.url, self.location.href) : undefined;
  if (!url || maxAge <= 0 || url.origin !== self.location.origin) return;
  url.hash = '';
  // A first visit: the worker was not there at its navigation, so the page is drawn once more to be kept.
  const res =
    (await takeFresh(url.href)) ?? (await fetch(url.href, { credentials: 'same-origin' }).catch(() => undefined));
  const body = keepable(res) ? await res.text().catch(() => '') : '';
  if (!body.includes('data-ssr') || !body.includes('<head>')) {
    await cache.delete(url.href);
    return;
  }
  const headers = new Headers(res!.headers);
  const now = Date.now();
  headers.set(KEPT_AT, String(now));
  headers.set(KEEP_UNTIL, String(now + maxAge));
  headers.set(WHO, who);
  headers.set(BUILD, build);
  // The body kept is the decoded text: the network's length and encoding describe other bytes.
  headers.delete('Content-Length');
  headers.delete('Content-Encoding');
  // Marked and arranged for a repeat visit once, here: answering with it is then a lookup, nothing more.
  let kept = keptMarkup(body, now);
  const csp = headers.get(CSP);
  if (kept.inlineEntry && csp !== null) {
    const allowed = await allowInlineScript(csp, kept.inlineEntry);
    if (allowed === undefined) kept = keptMarkup(body, now, false);
    else headers.set(CSP, allowed);
  }
  // Room for this one: the oldest others go.
  const others = mine.filter(([req]) => req.url !== url.href).sort((a, b) => b[1] - a[1]);
  for (const [req] of others.slice(MAX_PAGES - 1)) await cache.delete(req);
  await cache.put(url.href, new Response(kept.html, { status: 200, headers }));
}

/** The kept page of `url`, still within its time, marked for the app (`KEPT_META`). */
async function keptCopy(url: string): Promise<Response | undefined> {
  const cache = await caches.open(PAGES_CACHE);
  const kept = await cache.match(url);
  if (!kept) return undefined;
  const at = Number(kept.headers.get(KEPT_AT));
  const until = Number(kept.headers.get(KEEP_UNTIL));
  const now = Date.now();
  if (kept.headers.get(BUILD) === build && at <= now && now < until && until - at <= MAX_KEEP_MS) return kept;
  await cache.delete(url);
  return undefined;
}

/**
 * A page request: the kept page unless the network's is here already (then that one, fresher); without a kept
 * page, the network's; with neither (or a server error), `fallback` (the shell). The network's page is held for the
 * app either way.
 */
export async function answerPage(
  event: FetchEvent,
  network: Promise<Response>,
  fallback: () => Promise<Response>,
): Promise<Response> {
  const url = new URL(event.request.url);
  url.hash = '';
  const net = holdFresh(url.href, network);
  // The worker lives on until the network's page is here and the app had a moment to ask for it.
  event.waitUntil(net.then(() => later(5000)).catch(() => {}));
  // The network's page is used when it is here by the time the kept one is read (fresher); it is never waited for:
  // every millisecond waited is one more before a repeat visit paints.
  let arrived: Response | undefined;
  net.then(
    (r) => void (arrived = r),
    () => {},
  );
  const kept = await keptCopy(url.href).catch(() => undefined);
  if (!kept) return net.then((r) => (r.status >= 500 ? fallbackOr(fallback, r) : r), fallback);
  return arrived?.ok ? arrived : kept;
}

/**
 * A server error (a proxy's 502 during a deploy, a 503) is no page either: the shell opens the app from its last good
 * copies, as with no answer. Without a shell to give (not precached), the server's answer is passed on.
 */
async function fallbackOr(fallback: () => Promise<Response>, answered: Response): Promise<Response> {
  const shell = await fallback().catch(() => undefined);
  return shell && shell.type !== 'error' ? shell : answered;
}

/** The app's request for its navigation's network page (`FRESH_HEADER`): the one held, else the network's now. */
export async function answerFresh(request: Request): Promise<Response> {
  const url = new URL(request.url);
  url.hash = '';
  return (await takeFresh(url.href)) ?? fetch(request);
}

/** A new build's worker: the pages kept name the old build's scripts, so they go. */
export const dropKeptPages = () => caches.delete(PAGES_CACHE);
