import { useEffect, useMemo, useRef, useState } from 'react';
import { BrowserRouter, HashRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { lazyApiClient, warmApiClient } from '../api/lazy-api-client';
import { lazyBridge, warmBridge } from '../bridge/lazy-bridge';
import { commonQueryNames } from '../core/runtime/services';
import { ToastRegion } from '../toast/ToastRegion';
import { LoadingIndicator } from '../api/LoadingIndicator';
import { configureToasts, toastStore } from '../toast/toast-store';
import { offlineOf, toastLimitsOf } from '../core/market/market-reads';
import { OfflineNotice } from '../api/OfflineNotice';
import { AppContext, type AppContextValue } from './app-context';
import type { BootBundle } from './boot-types';
import { bundleKey, isPreview, loadBundle, rememberBundle, type Loaded } from './config-client';
import { logError } from './log-error';
import type { PageLocation } from './page-location';
import { ScreenRoute } from './ScreenRoute';
import { afterFirstScreen } from './after-first-screen';
import { warmLaterActions } from '../core/actions/registry';
import { warmClipboard } from '../runtime/browser-device';
import { bundleTexts, copyText, type BundleCopy } from '../core/copy/copy-text';
import { learnNumberShape } from '../core/money/number-format';

export interface AppProps {
  bundle: Loaded<BootBundle>;
  market: string;
  /** `?locale=` asked for another text set than the market's own. */
  locale?: string;
  location: PageLocation;
  /** Page query outside the hash (equals location.query in history mode). */
  outerQuery: Record<string, string>;
}

/** A bundle's copy of `key`, by the same lookup as a screen's (core/copy): ICU copy formatted, not shown as its source. */
const bundleCopy = (bundle: BootBundle, key: string) =>
  copyText(bundleTexts(bundle as BundleCopy), key, undefined, bundle.market as unknown as Record<string, unknown>);

/** The app's API client (boot's first calls, then the screens'): messages in the bundle's copy, on the page's toast. */
export const bundleApi = (bundle: BootBundle, query: Record<string, string>) =>
  lazyApiClient({
    apiMap: bundle.apiMap,
    market: bundle.market,
    query,
    toast: (m, ms) => toastStore.show(m, ms),
    t: (k) => bundleCopy(bundle, k) ?? k,
    logError,
  });

/** The borrower app: routes of the route map, each opening its screen document. */
export function App(props: AppProps) {
  const [bundle, setBundle] = useState(props.bundle);
  const etag = useRef(bundle.etag);
  etag.current = bundle.etag;

  useEffect(() => {
    const key = bundleKey(props.market, props.locale);
    afterFirstScreen(() => void rememberBundle(key, props.bundle, logError));
    // The API client's and the native bridge's code, the steps a tap takes rarely (copy, upload, ...) and the clipboard's
    // come once the first screen shows, before a tap asks (a drawn first screen has its first answer already).
    for (const warm of [warmLaterActions, warmApiClient, warmBridge, warmClipboard])
      afterFirstScreen(() => void warm().catch(() => {}));
    // The beacon sender is no part of the first screen: its code comes once that is shown (a failure stays silent).
    afterFirstScreen(
      () =>
        void import('../telemetry/start-beacons').then(
          (m) => m.startBeacons(props.bundle.body.market),
          () => {},
        ),
    );
    // Ops publish while the webview sits in the background: pick up new copy and routes on return.
    const onFocus = () =>
      void loadBundle(props.market, logError, props.locale).then((fresh) => {
        if (!fresh || fresh.source !== 'network') return;
        setBundle((cur) => (cur.etag && cur.etag === fresh.etag ? cur : fresh));
        void rememberBundle(key, fresh, logError);
      });
    // Live changes: a stream of what ops publish, loaded after the first screen like the beacon sender.
    let stopLive: (() => void) | undefined;
    let gone = false;
    afterFirstScreen(
      () =>
        void import('./live/start-live').then(
          (m) => {
            if (gone) return;
            stopLive = m.startLive({
              market: props.market,
              locale: props.locale,
              bundleEtag: () => etag.current,
              applyBundle: (fresh) => {
                setBundle(fresh);
                void rememberBundle(key, fresh, logError);
              },
              log: logError,
            });
          },
          () => {},
        ),
    );
    window.addEventListener('focus', onFocus);
    return () => {
      gone = true;
      stopLive?.();
      window.removeEventListener('focus', onFocus);
    };
  }, [props.market, props.locale, props.bundle]);

  // The offline worker as the market wants it (its off switch included), once the first screen shows and again when a
  // publish of the market reaches the page (live stream, focus): an open page drops a bad worker without a reload.
  const { worker: workerWanted, keepAnswersMs } = offlineOf(bundle.body.market as unknown as Record<string, unknown>);
  useEffect(() => {
    // A webview without service workers (iOS WKWebView outside app-bound domains) has nothing to register or drop.
    if (isPreview || !('serviceWorker' in navigator)) return;
    afterFirstScreen(
      () =>
        void import('../worker/worker-client').then(
          (m) =>
            m
              .applyWorkerSetting(workerWanted, logError)
              .then(() =>
                workerWanted
                  ? m.keepPage(bundle.body.apiMap, props.location.query, keepAnswersMs, logError)
                  : undefined,
              ),
          () => {},
        ),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [workerWanted]);

  // Toast durations are market constants (limits.toast*, appToastMs): set before any screen can toast.
  useMemo(
    () => configureToasts(toastLimitsOf(bundle.body.market as unknown as Record<string, unknown>)),
    [bundle.body.market],
  );
  // Numbers in the market's locale written by the bundle's shape, not Intl, before a screen draws one.
  learnNumberShape(bundle.body.numberShape);
  const Router = props.location.hashRouting ? HashRouter : BrowserRouter;
  return (
    <>
      <OfflineNotice texts={bundleTexts(bundle.body as BundleCopy)} market={bundle.body.market} />
      <Router>
        <AppRoutes config={bundle.body} location={props.location} outerQuery={props.outerQuery} />
      </Router>
      <LoadingIndicator
        text={
          typeof bundle.body.textSet.texts['common.loading'] === 'string'
            ? bundle.body.textSet.texts['common.loading']
            : 'loading...'
        }
      />
      <ToastRegion />
    </>
  );
}

function AppRoutes({
  config: bundle,
  location,
  outerQuery,
}: {
  config: BootBundle;
  location: PageLocation;
  outerQuery: Record<string, string>;
}) {
  const navigate = useNavigate();
  const { key: locationKey } = useLocation();
  const landed = useRef(false);
  useEffect(() => {
    // A navigation (not the page's first location; back to it is one too): where a new build's worker waits, it
    // takes over now, the screen left behind being gone already.
    if (!landed.current) {
      landed.current = true;
      return;
    }
    if (isPreview || !('serviceWorker' in navigator)) return;
    void import('../worker/worker-client').then(
      (m) => m.atNavigation(logError),
      () => {},
    );
  }, [locationKey]);
  const t = (key: string, fallback: string) => bundleCopy(bundle, key) ?? fallback;
  const api = useMemo(
    () => bundleApi(bundle, location.query),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [bundle.apiMap, bundle.textSet, bundle.market],
  );
  const bridge = useMemo(
    () =>
      lazyBridge({
        bridgeMap: bundle.bridgeMap,
        goHome: () => navigate('/'),
        logError,
        dev: import.meta.env.DEV || location.query.debug === '1',
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [bundle.bridgeMap],
  );
  const value: AppContextValue = {
    bundle,
    api,
    bridge,
    outerQuery,
    commonQueryNames: commonQueryNames(bundle.apiMap.commonParams),
    hashRouting: location.hashRouting,
    t,
  };
  const { routes, notFound } = bundle.routeMap;
  return (
    <AppContext.Provider value={value}>
      <Routes>
        {routes.map((r) => (
          <Route
            key={r.path}
            path={r.exact === false ? `${r.path.replace(/\/$/, '')}/*` : r.path}
            element={<ScreenRoute key={r.screen} screenId={r.screen} />}
          />
        ))}
        <Route path="*" element={<ScreenRoute key={`404:${notFound}`} screenId={notFound} />} />
      </Routes>
    </AppContext.Provider>
  );
}
