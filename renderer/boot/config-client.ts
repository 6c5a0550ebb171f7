import { looksLikeBundle, looksLikeScreen, type BootBundle, type PublishedScreen } from './boot-types';
import { treesReady } from './expression-trees';
import { readCached, writeCached } from './config-cache';
import { PUBLISHED_CONFIG_BASE, bundleUrl, namedBundleUrl } from '../core/bundle/named-bundle-url';
import { withWho } from './arm-query';
import { note } from '../telemetry/telemetry-inbox';

export interface Loaded<T> {
  body: T;
  etag: string | null;
  /** Where it came from: the network, the inlined boot data or the last good copy. */
  source: 'network' | 'inline' | 'cache';
  /**
   * The server drew the page with this very version and the app hydrated it: checked at publish and by drawing, by
   * the same build's schemas. It is kept as the last good copy without the browser's schema check (and its code).
   */
  drawn?: boolean;
}

type Log = (message: string, detail?: unknown) => void;

/**
 * Draft preview (admin console's phone frame): `?sduiPreview=1` in a framed page reads the admin
 * preview API (drafts over published, behind the admin session) instead of /config/v1, and never
 * reads or writes the borrower's last-good cache. The flag sticks for the frame's session so
 * in-app navigation stays in preview.
 */
export const isPreview = ((): boolean => {
  try {
    if (typeof window === 'undefined' || window.self === window.top) return false;
    if (new URLSearchParams(window.location.search).get('sduiPreview') === '1')
      sessionStorage.setItem('sdui:preview', '1');
    return sessionStorage.getItem('sdui:preview') === '1';
  } catch {
    return false;
  }
})();
const CONFIG_BASE = isPreview ? '/admin/api/preview' : PUBLISHED_CONFIG_BASE;

/** How long a request waits for its answer to begin before a document the phone has is shown instead. */
const CACHED_WAIT_MS = 8000;

/**
 * GET with If-None-Match from the cached copy; 304 → cached body. Garbage or failure → cached body or null.
 * `conditional: false` sends the plain GET a page's `<link rel="preload">` made, so the browser hands over that download;
 * its URL names the version (and so the arm) itself. Any other carries the borrower's common params: the server answers
 * their arm of a release in flight, with that arm's ETag, so a 304 never hands over the other arm's copy.
 */
async function revalidate<T>(
  url: string,
  cacheKey: string,
  check: (v: unknown) => v is T,
  log: Log,
  conditional = true,
): Promise<Loaded<T> | null> {
  const cached = isPreview ? null : readCached<T>(cacheKey);
  // A copy on the phone is not held back by a link that hangs (weak signal, a portal that never answers): the answer
  // must begin in time. A download that began is waited for: on a slow link, a new version still arrives.
  const stop = new AbortController();
  const timer = cached ? setTimeout(() => stop.abort(), CACHED_WAIT_MS) : undefined;
  try {
    const res = await fetch(conditional ? withWho(url) : url, {
      headers: conditional && cached?.etag ? { 'If-None-Match': cached.etag } : {},
      credentials: 'same-origin',
      signal: stop.signal,
    });
    clearTimeout(timer);
    // A 304 carries one too: the view ticket of the screen about to be shown, which its beacon sends back.
    if ((res.status === 304 || res.ok) && cacheKey.startsWith('screen:'))
      note({ key: cacheKey, ticket: res.headers.get('X-View-Ticket') });
    if (res.status === 304 && cached) return { body: cached.body, etag: cached.etag, source: 'cache' };
    if (res.ok) {
      const body: unknown = await res.json().catch(() => undefined);
      if (check(body)) return { body, etag: res.headers.get('ETag'), source: 'network' };
      log(`config ${url}: the answer is not a valid document; using the last good copy`);
    } else if (res.status !== 404) {
      log(`config ${url}: HTTP ${res.status}; using the last good copy`);
    } else {
      return null;
    }
  } catch (e) {
    log(`config ${url}: ${(e as Error)?.message ?? e}; using the last good copy`);
  }
  return cached && check(cached.body) ? { body: cached.body, etag: cached.etag, source: 'cache' } : null;
}

/** Keeps a document as "last good" only after the full schema check passed (a drawn page's: see `drawn`). */
async function remember<T>(cacheKey: string, kind: 'bundle' | 'screen', loaded: Loaded<T>, log: Log) {
  if (loaded.source === 'cache' || isPreview) return;
  if (loaded.drawn) return writeCached(cacheKey, { etag: loaded.etag, body: loaded.body });
  // Imported here, not with the app: the first screen does not wait for the validator code.
  const check = await import('../core/validation/validate-document');
  const problems =
    kind === 'bundle'
      ? check.validateBundle(loaded.body as Record<string, unknown>)
      : check.validatePublishedScreen(loaded.body as Record<string, unknown>);
  if (problems.length) {
    log(`${kind} ${cacheKey} does not match its schema`, problems);
    return;
  }
  writeCached(cacheKey, { etag: loaded.etag, body: loaded.body });
}

/** Cache key of a bundle: market plus the locale asked for (absent = the market's own text set). */
export const bundleKey = (market: string, locale?: string) => (locale ? `${market}:${locale}` : market);

export function loadBundle(market: string, log: Log, locale?: string): Promise<Loaded<BootBundle> | null> {
  return revalidate(
    bundleUrl(CONFIG_BASE, market, locale),
    `bundle:${bundleKey(market, locale)}`,
    looksLikeBundle,
    log,
  );
}

/**
 * The bundle a server-drawn page names by ETag (the server's page router): the last good copy when it is that
 * version (no request at all), else the download the page preloaded. Failing both, any last good copy.
 */
export function loadNamedBundle(market: string, etag: string, log: Log): Promise<Loaded<BootBundle> | null> {
  const cached = isPreview ? null : readCached<BootBundle>(`bundle:${bundleKey(market)}`);
  if (cached && cached.etag === etag && looksLikeBundle(cached.body))
    return Promise.resolve({ body: cached.body, etag, source: 'cache' });
  return revalidate(namedBundleUrl(market, etag), `bundle:${bundleKey(market)}`, looksLikeBundle, log, false);
}

/** A screen, with its expressions ready to evaluate (expression-trees.ts). */
export async function loadScreen(id: string, log: Log): Promise<Loaded<PublishedScreen> | null> {
  const loaded = await revalidate(
    `${CONFIG_BASE}/screens/${encodeURIComponent(id)}`,
    `screen:${id}`,
    looksLikeScreen,
    log,
  );
  if (loaded) await treesReady(loaded.body);
  return loaded;
}

export function rememberBundle(market: string, loaded: Loaded<BootBundle>, log: Log) {
  return remember(`bundle:${market}`, 'bundle', loaded, log);
}

export function rememberScreen(loaded: Loaded<PublishedScreen>, log: Log) {
  return remember(`screen:${loaded.body.id}`, 'screen', loaded, log);
}
