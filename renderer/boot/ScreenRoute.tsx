import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { loadScreen, rememberScreen, type Loaded } from './config-client';
import { logError } from './log-error';
import { readQuery } from './page-location';
import { ScreenHost } from './ScreenHost';
import { useApp } from './app-context';
import type { PublishedScreen } from './boot-types';
import type { ClaimTable } from '../core/first-calls/claim-table';
import { bundleTexts, type BundleCopy } from '../core/copy/copy-text';
import { afterFirstScreen } from './after-first-screen';
import { preloadWidgets } from '../nodes/preload-widgets';
import { screenToShow, type Pending } from './pending-screen';
import { LIVE_SCREEN_EVENT, type LiveScreen } from './live/live-screen-event';
import { browserOffline, offlineStatus } from '../api/offline-status';
import { OfflineRetry } from '../api/OfflineRetry';
import { OFFLINE_KEYS } from '../api/OfflineNotice';
import { screenKept } from './kept-screen';
import { toastStore, appToastMs } from '../toast/toast-store';

/** A fetched screen, once the code of its lazily loaded widgets is here too (no pop-in). */
async function withWidgets<T extends Loaded<PublishedScreen> | null>(loaded: T): Promise<T> {
  if (loaded) await preloadWidgets(loaded.body);
  return loaded;
}

/**
 * The inlined screen, with its first data call already under way (started at boot) or answered by the
 * server, and the state the server drew it with (taken by the first mount only).
 */
type Inline = Loaded<PublishedScreen> & { claims?: ClaimTable; serverState?: { value?: Record<string, unknown> } };

/** The inlined screen is used once, for the first route it matches. */
let inlineScreen: Inline | null = null;
export const setInlineScreen = (s: Inline | null) => void (inlineScreen = s);

/**
 * The inlined screen, if it is this route's. Read while rendering, given up only once a mount that read it commits:
 * React may render that first mount more than once before it commits (a tap during a sliced hydration restarts it at
 * once), and each try must find it, or it draws "loading" over the drawn page (a hydration mismatch).
 */
const inlineFor = (id: string): Inline | null => (inlineScreen?.body.id === id ? inlineScreen : null);

/** Fetches (or takes the inlined) screen document of a route, then mounts it. */
export function ScreenRoute({ screenId }: { screenId: string }) {
  const app = useApp();
  const location = useLocation();
  const params = useParams();
  const routerNavigate = useNavigate();
  const [loaded, setLoaded] = useState<Inline | null | 'missing' | 'offline'>(() => inlineFor(screenId));
  const [pending, setPending] = useState<Pending<Inline> | null>(null);
  // The location key as of now, for the revalidation callback (its closure has the first render's).
  const locationKey = useRef(location.key);
  locationKey.current = location.key;
  // Mounts of the same version again: a live change rescuing a failing screen (live/screen-trouble.ts).
  const [rescues, setRescues] = useState(0);
  const now = useRef({ loaded, pending });
  now.current = { loaded, pending };
  // Tries of a screen that could not be loaded (offline, never seen): each one asks again.
  const [tries, setTries] = useState(0);

  // A new screen's data is its own: the "as of" time of the last one goes (before its onLoad calls run).
  useLayoutEffect(() => offlineStatus.navigated(), [location.key]);

  useEffect(() => {
    // Live changes (live/start-live.ts): a newer version waits for the next navigation, as one found on focus does;
    // a failing screen is replaced at once (with the newer version, else mounted again under a newer bundle).
    const onLive = (e: Event) => {
      const { id, fresh, now: urgent } = (e as CustomEvent<LiveScreen>).detail;
      const { loaded, pending } = now.current;
      if (id !== screenId || !loaded || typeof loaded === 'string') return;
      const newer = fresh && fresh.etag !== loaded.etag ? fresh : undefined;
      if (urgent) {
        const next = newer ?? pending?.doc;
        if (next) setLoaded(next);
        setPending(null);
        setRescues((n) => n + 1);
      } else if (newer && newer.etag !== pending?.doc.etag) {
        setPending({ doc: newer, atKey: locationKey.current });
      }
    };
    window.addEventListener(LIVE_SCREEN_EVENT, onLive);
    return () => window.removeEventListener(LIVE_SCREEN_EVENT, onLive);
  }, [screenId]);

  useEffect(() => {
    let live = true;
    const inline = loaded && typeof loaded !== 'string' && loaded.source === 'inline' ? loaded : null;
    if (inline && inline === inlineScreen) inlineScreen = null;
    let stopWatching = () => {};
    if (inline) {
      // The page delivered the inlined screen just now, at the current version: kept as the last good copy once the
      // first screen shows, and revalidated when the borrower comes back to the app (as the bundle is), not while the
      // page loads. A newer version waits for the next navigation.
      const onFocus = () =>
        void loadScreen(screenId, logError)
          .then(withWidgets)
          .then((fresh) => {
            if (live && fresh && fresh.etag && fresh.etag !== inline.etag && fresh.source === 'network') {
              setPending({ doc: fresh, atKey: locationKey.current });
            }
          });
      afterFirstScreen(() => void rememberScreen(inline, logError));
      window.addEventListener('focus', onFocus);
      stopWatching = () => window.removeEventListener('focus', onFocus);
    } else if (!loaded || typeof loaded === 'string') {
      void loadScreen(screenId, logError)
        .then(withWidgets)
        .then((r) => {
          if (!live) return;
          if (!r) logError(`screen "${screenId}" could not be loaded`);
          setLoaded(r ?? (browserOffline() ? 'offline' : 'missing'));
          if (r) afterFirstScreen(() => void rememberScreen(r, logError));
        });
    }
    return () => {
      live = false;
      stopWatching();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [screenId, tries]);

  // Once the borrower navigated, the newer version is the current one (same key: no second remount).
  useEffect(() => {
    if (pending && pending.atKey !== location.key) {
      setLoaded(pending.doc);
      setPending(null);
    }
  }, [pending, location.key]);

  if (typeof loaded === 'string') {
    // Never seen on this phone and no connection: say so. Online, nothing usable came (a dead link, a portal's page,
    // or nothing published): the error. A way to try again either way, never a dead end.
    const offline = loaded === 'offline';
    return (
      <OfflineRetry
        text={offline ? app.t(OFFLINE_KEYS.unseen, '') : app.t('common.error', 'error')}
        retry={app.t('common.retry', 'Retry')}
        error={!offline}
        onRetry={() => setTries((n) => n + 1)}
      />
    );
  }
  if (!loaded) return <p className="sdui-loading">{app.t('common.loading', 'loading...')}</p>;
  const query = { ...app.outerQuery, ...readQuery(location.search) };
  const shown = screenToShow<Inline>(loaded, pending, location.key);
  return (
    <ScreenHost
      key={`${shown.body.id}:${shown.etag}:${location.key}:${rescues}`}
      doc={shown.body}
      claims={shown.claims}
      serverState={shown.serverState}
      texts={bundleTexts(app.bundle as BundleCopy)}
      market={app.bundle.market as unknown as Record<string, unknown>}
      query={query}
      params={params as unknown as Record<string, string>}
      commonQueryNames={app.commonQueryNames}
      hashRouting={app.hashRouting}
      api={app.api}
      bridge={app.bridge}
      navigate={(to, o) => {
        if (browserOffline() && !screenKept(app.bundle.routeMap, to)) {
          toastStore.show(app.t(OFFLINE_KEYS.notice, OFFLINE_KEYS.notice), appToastMs());
          return false;
        }
        routerNavigate(to, { replace: o?.replace });
      }}
    />
  );
}
