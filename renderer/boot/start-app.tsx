import { createRoot, type Root } from 'react-dom/client';
import { App } from './App';
import { looksLikeBundle, looksLikeScreen, readBootData } from './boot-types';
import { isPreview, loadBundle, type Loaded } from './config-client';
import type { BootBundle } from './boot-types';
import { logError } from './log-error';
import { readPageLocation, readQuery } from './page-location';
import { setInlineScreen } from './ScreenRoute';
import { createApiClient } from '../api/api-client';
import { toastStore } from '../toast/toast-store';
import { prefetchFirstCall } from './prefetch-first-call';
import { preloadWidgets } from '../nodes/preload-widgets';

/** Texts are not loaded yet: the loading indicator is the spec's literal. */
const LOADING = 'loading...';

/** Past this, a stuck widget download no longer holds the app: its nodes appear when it lands. */
const WIDGET_WAIT_MS = 3000;
const widgetsOrTimeout = (loading: Promise<void>) => Promise.race([loading, new Promise<void>((r) => setTimeout(r, WIDGET_WAIT_MS))]);

/** Boot: inlined data (or the config API, or the last good copy) → the router. */
export async function startApp(rootEl: HTMLElement): Promise<Root> {
  const root = createRoot(rootEl);
  const location = readPageLocation();
  const market = location.query.market || 'ID';
  const locale = location.query.locale || undefined;
  // A static screen came rendered by the server: keep it on screen (no loading flash) until the app's first
  // commit replaces it with the same markup. Not under a hash route: the server saw only the path before the
  // `#` (e.g. `/` for `/#/complainPageNext`), so its page is another screen than the one about to open; not in
  // a draft preview either, which must not show the published page first.
  if (!rootEl.hasAttribute('data-ssr') || location.hashRouting || isPreview) root.render(<p className="sdui-loading">{LOADING}</p>);

  // The inlined data is the published state: a draft preview must read the preview API instead.
  const boot = isPreview ? null : readBootData();
  let bundle: Loaded<BootBundle> | null = null;
  const inlineFits = (b: BootBundle) => b.market.id === market && (!locale || b.textSet.locale === locale);
  if (boot?.bundle && looksLikeBundle(boot.bundle) && inlineFits(boot.bundle)) {
    bundle = { body: boot.bundle, etag: boot.bundleEtag, source: 'inline' };
  } else {
    bundle = await loadBundle(market, logError, locale);
  }
  if (!bundle) {
    logError('no configuration: the config server is unreachable and nothing is cached');
    root.render(<p className="sdui-screen-error" role="alert">error</p>);
    return root;
  }
  if (boot?.screen && looksLikeScreen(boot.screen)) {
    // The inlined screen's first data call leaves now, while React mounts; its onLoad claims it.
    const texts = bundle.body.textSet.texts as Record<string, unknown>;
    const api = createApiClient({
      apiMap: bundle.body.apiMap,
      query: location.query,
      toast: (m, ms) => toastStore.show(m, ms),
      t: (k) => (typeof texts[k] === 'string' ? (texts[k] as string) : k),
      logError,
    });
    const market = bundle.body.market as unknown as Record<string, unknown>;
    const prefetched = prefetchFirstCall(boot.screen, { api, query: location.query, market, texts });
    // Its lazily loaded widgets download alongside that call. The app mounts once they are here:
    // a widget that suspends on the first screen would show late (React throttles reveals).
    await widgetsOrTimeout(preloadWidgets(boot.screen));
    setInlineScreen({ body: boot.screen, etag: boot.screenEtag, source: 'inline', prefetched });
  }
  root.render(<App bundle={bundle} market={market} locale={locale} location={location} outerQuery={readQuery(window.location.search)} />);
  return root;
}
