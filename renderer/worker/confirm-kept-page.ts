/**
 * Confirms a kept page against the server's drawn page of the same navigation (the worker hands over the one its
 * navigation preload fetched; without a worker in the way the server draws it again): same versions (bundle, screen,
 * release) and same answers → confirmed, and the server's page is kept for the next visit. Anything else → the kept
 * copy is dropped and the page loads again from the network, visibly, unless the borrower already went elsewhere.
 * Unreachable, or answered by something else than the app (a 5xx, a captive portal's page) → the page says since when
 * its figures are ("as of"), and a call that sends asks again first.
 */
import { readBootData } from '../boot/boot-types';
import { readHandOff, type HandOffPage } from '../core/first-calls/hand-off';
import { offlineStatus } from '../api/offline-status';
import { afterFirstScreen } from '../boot/after-first-screen';
import { FRESH_HEADER, PAGES_CACHE, type KeptVerdict } from './worker-protocol';

type Log = (message: string, detail?: unknown) => void;

/** What a drawn page shows and in which version: two pages alike here show the same figures to the same borrower. */
export function pageFingerprint(page: HandOffPage): string {
  const boot = readBootData(page as Document);
  const handOff = readHandOff(page);
  return JSON.stringify({
    bundle: boot?.bundleEtag ?? null,
    screen: boot?.screenEtag ?? null,
    release: boot?.release ?? null,
    bundleRelease: boot?.bundleRelease ?? null,
    calls: handOff?.calls.map((c) => [c.endpoint, c.key, c.result]) ?? [],
    state: handOff?.state ?? null,
    early: handOff?.early?.key ?? null,
  });
}

const here = () => window.location.href.split('#')[0];

/**
 * `url`: the kept page's address; `shown`: its fingerprint, taken before the app touched the page; `at`: when it was
 * drawn.
 */
export async function confirmKeptPage(url: string, shown: string, at: number, log: Log): Promise<KeptVerdict> {
  let res: Response;
  try {
    res = await fetch(url, { headers: { [FRESH_HEADER]: '1' }, credentials: 'same-origin' });
  } catch {
    afterFirstScreen(() => offlineStatus.showedKept(at));
    return 'unavailable';
  }
  const text = res.ok ? await res.text().catch(() => '') : '';
  const fresh = new DOMParser().parseFromString(text, 'text/html');
  // A 200 that is no page of this app (a captive portal's login page, a proxy's notice: no app root) says nothing
  // about the borrower's figures: as no answer, never a reason to drop the kept page and reload into that page.
  if (res.status >= 500 || (res.ok && !fresh.getElementById('root'))) {
    log(`kept page: the server's page answered ${res.status}${res.ok ? ' without the app' : ''}; showing the kept one`);
    afterFirstScreen(() => offlineStatus.showedKept(at));
    return 'unavailable';
  }
  if (res.ok && fresh.getElementById('root')?.hasAttribute('data-ssr') && pageFingerprint(fresh) === shown)
    return 'fresh';
  await caches
    .open(PAGES_CACHE)
    .then((c) => c.delete(url))
    .catch(() => {});
  // The server's figures replace the kept ones; a borrower who went on keeps their screen (its data is the network's).
  if (here() === url) window.location.reload();
  return 'changed';
}
