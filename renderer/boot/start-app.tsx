import { createRoot, type Root } from 'react-dom/client';
import { App } from './App';
import { looksLikeBundle, looksLikeScreen, readBootData } from './boot-types';
import { isPreview, loadBundle, type Loaded } from './config-client';
import type { BootBundle } from './boot-types';
import { logError } from './log-error';
import { readPageLocation, readQuery } from './page-location';
import { setInlineScreen } from './ScreenRoute';

/** Texts are not loaded yet: the loading indicator is the spec's literal. */
const LOADING = 'loading...';

/** Boot: inlined data (or the config API, or the last good copy) → the router. */
export async function startApp(rootEl: HTMLElement): Promise<Root> {
  const root = createRoot(rootEl);
  const location = readPageLocation();
  const market = location.query.market || 'ID';
  const locale = location.query.locale || undefined;
  root.render(<p className="sdui-loading">{LOADING}</p>);

  // The inlined data is the published state: a draft preview must read the preview API instead.
  const boot = isPreview ? null : readBootData();
  let bundle: Loaded<BootBundle> | null = null;
  const inlineFits = (b: BootBundle) => b.market.id === market && (!locale || b.textSet.locale === locale);
  if (boot?.bundle && looksLikeBundle(boot.bundle) && inlineFits(boot.bundle)) {
    bundle = { body: boot.bundle, etag: boot.bundleEtag, source: 'inline' };
  } else {
    bundle = await loadBundle(market, logError, locale);
  }
  if (boot?.screen && looksLikeScreen(boot.screen)) setInlineScreen({ body: boot.screen, etag: boot.screenEtag, source: 'inline' });

  if (!bundle) {
    logError('no configuration: the config server is unreachable and nothing is cached');
    root.render(<p className="sdui-screen-error" role="alert">error</p>);
    return root;
  }
  root.render(<App bundle={bundle} market={market} locale={locale} location={location} outerQuery={readQuery(window.location.search)} />);
  return root;
}
