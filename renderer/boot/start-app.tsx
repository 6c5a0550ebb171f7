import { startTransition } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { App, bundleApi } from './App';
import { looksLikeBundle, looksLikeScreen, readBootData } from './boot-types';
import { allowSameOriginEmbeds } from '../runtime/same-origin-embeds';
import { isPreview, loadBundle, loadNamedBundle, type Loaded } from './config-client';
import type { BootBundle } from './boot-types';
import { logError } from './log-error';
import { readPageLocation, readQuery } from './page-location';
import { setInlineScreen } from './ScreenRoute';
import type { RawAnswer } from '../api/api-client';
import { preloadWidgets } from '../nodes/preload-widgets';
import { readHandOff } from '../core/first-calls/hand-off';
import { planFirstCalls } from '../core/first-calls/plan-first-calls';
import { readStored } from '../runtime/storage';
import { firstCallClaims } from './first-call-claims';
import { setWho } from './arm-query';
import { DEFAULT_MARKET } from '../core/market/default-market';
import { bundleTexts, type BundleCopy } from '../core/copy/copy-text';
import { dropEarlyInput, holdFields, takeEarlyInput } from './capture/take-early-input';
import { AfterHydration } from './capture/AfterHydration';
import { previewHook } from '../runtime/preview-hook';
import { nextTask } from './yield-to-page';
import { keptPageAt, networkDrawnPage, watchKeptPage } from '../worker/kept-page-gate';
import { treesReady } from './expression-trees';

/** Texts are not loaded yet: the loading indicator is the product's fixed 'loading...'. */
const LOADING = 'loading...';

/** Past this, a stuck widget download no longer holds the app: its nodes appear when it lands. */
const WIDGET_WAIT_MS = 3000;
/**
 * The same when hydrating, longer: the drawn page is on screen and takes input meanwhile, while a widget missing at
 * hydration is drawn afresh, losing what the borrower typed or ticked in it (a phone number, on a slow network).
 */
const HYDRATE_WIDGET_WAIT_MS = 30000;
/** Whether all came, within `ms`. */
const widgetsOrTimeout = (loading: Promise<boolean>, ms: number) =>
  Promise.race([loading, new Promise<boolean>((r) => setTimeout(r, ms, false))]);

/** A field keys are typed into (not a box, a radio or a button, which a tap focuses too). */
const typesText = (el: Element) =>
  el instanceof HTMLTextAreaElement ||
  (el instanceof HTMLElement && el.isContentEditable) ||
  (el instanceof HTMLInputElement && !/^(checkbox|radio|button|submit|reset|file|image|range|color)$/.test(el.type));

/** Boot: inlined data (or the config API, or the last good copy) → the router. */
export async function startApp(rootEl: HTMLElement): Promise<Root> {
  // The entry's module evaluation is one task, booting (boot data, bundle, first-call plan) the next: on a slow phone
  // both together were one task of 70-100 ms after the drawn page was up. The capture script records on.
  await nextTask();
  const location = readPageLocation();
  // The console canvas's side: its code is loaded in a draft preview frame only, never on a borrower's page.
  if (isPreview) void import('../runtime/preview/start-preview').then((m) => m.startPreview(previewHook), logError);
  // Config fetches carry the borrower's common params (their arm of a release); the API map's names once it is here.
  setWho(location.query);
  const market = location.query.market || DEFAULT_MARKET;
  const locale = location.query.locale || undefined;
  // The screen came rendered by the server: keep it on screen (no loading flash) and hydrate it. Not under a
  // hash route: the server saw only the path before the `#` (e.g. `/` for `/#/complainPageNext`), so its page
  // is another screen than the one about to open; not in a draft preview either, which must not show the
  // published page first. Those replace the server's markup.
  const serverDrawn = rootEl.hasAttribute('data-ssr') && !location.hashRouting && !isPreview;
  // A repeat visit the worker answered from the phone: confirmed against the server's drawn page at once.
  const keptAt = serverDrawn ? keptPageAt() : null;
  if (keptAt !== null) watchKeptPage(keptAt, logError);
  else if (serverDrawn) networkDrawnPage();
  let root: Root | undefined;
  const clientRoot = () => (root ??= createRoot(rootEl));
  if (!serverDrawn) {
    // The drawn markup is replaced right away: nothing done on it can be replayed.
    dropEarlyInput(takeEarlyInput());
    clientRoot().render(<p className="sdui-loading">{LOADING}</p>);
  }

  // The inlined data is the published state: a draft preview must read the preview API instead.
  const boot = isPreview ? null : readBootData();
  allowSameOriginEmbeds(boot?.embedPaths);
  // The inlined screen's widgets load while the bundle may still be on its way (and its expression parser, if it
  // came without its parsed expressions: expression-trees.ts).
  const inline = boot?.screen && looksLikeScreen(boot.screen) ? boot.screen : null;
  const widgets = inline ? preloadWidgets(inline) : Promise.resolve(true);
  const trees = inline ? treesReady(inline) : undefined;
  let bundle: Loaded<BootBundle> | null = null;
  const inlineFits = (b: BootBundle) => b.market.id === market && (!locale || b.textSet.locale === locale);
  if (boot?.bundle && looksLikeBundle(boot.bundle) && inlineFits(boot.bundle)) {
    bundle = { body: boot.bundle, etag: boot.bundleEtag, source: 'inline' };
  } else if (!boot?.bundle && boot?.bundleEtag && !locale) {
    // A drawn page names the bundle it was drawn with, and preloads it.
    bundle = await loadNamedBundle(market, boot.bundleEtag, logError);
  } else {
    bundle = await loadBundle(market, logError, locale);
  }
  if (!bundle) {
    logError('no configuration: config server unreachable, nothing cached');
    dropEarlyInput(takeEarlyInput());
    clientRoot().render(
      <p className="sdui-screen-error" role="alert">
        error
      </p>,
    );
    return clientRoot();
  }
  setWho(location.query, bundle.body.apiMap.commonParams);
  let hydrate = false;
  if (boot?.screen && inline) {
    if (trees) await trees;
    // The inlined screen's first data call leaves now, while React mounts; its onLoad claims it.
    const texts = bundleTexts(bundle.body as BundleCopy);
    // Only with the very bundle the server drew with (a publish in between: the app draws afresh).
    hydrate = serverDrawn && !!boot.bundleEtag && bundle.etag === boot.bundleEtag;
    bundle.drawn = hydrate;
    const handOff = hydrate ? readHandOff(document) : null;
    // The page may have started the first call itself while this bundle downloaded (public/early-call.js).
    const early = (window as { __sduiEarly?: Promise<RawAnswer> }).__sduiEarly;
    const api = bundleApi(bundle.body, location.query);
    const market = bundle.body.market as unknown as Record<string, unknown>;
    // Every planned call is claimed from one table: the server's answer, the page's early fetch, or sent now.
    const plan = planFirstCalls({ doc: boot.screen, query: location.query, market, texts, stored: readStored });
    const claims = firstCallClaims({ plan, handOff, early, api, keptPage: keptAt !== null });
    // Its lazily loaded widgets download alongside that call. The app mounts once they are here:
    // a widget that suspends on the first screen would show late (React throttles reveals).
    const allHere = await widgetsOrTimeout(widgets, hydrate ? HYDRATE_WIDGET_WAIT_MS : WIDGET_WAIT_MS);
    // A widget of the drawn page still missing (or failed): the app would draw it under a Suspense the drawn markup
    // does not have (NodeBoundary.tsx), so the screen is drawn afresh instead of hydrated.
    if (!allHere) hydrate = bundle.drawn = false;
    setInlineScreen({
      body: boot.screen,
      etag: boot.screenEtag,
      source: 'inline',
      drawn: hydrate,
      claims,
      serverState: handOff?.state ? { value: handOff.state } : undefined,
    });
  }
  const app = (
    <App
      bundle={bundle}
      market={market}
      locale={locale}
      location={location}
      outerQuery={readQuery(window.location.search)}
    />
  );
  // What the borrower did on the drawn page so far (the page's capture script). Taken, and the recording
  // stopped, immediately before hydrateRoot: from there React replays events itself, so none is handled twice.
  const early = takeEarlyInput();
  if (hydrate) {
    // The replay's code only when there is something to replay, downloaded while React hydrates.
    const replayer = early.events.length ? import('./capture/replay-early-input') : undefined;
    // In the commit: the fields' text and caret before anything re-renders them (the replay comes later), and from
    // there which ones the borrower types into, React seeing it. Not in a passive effect: those can run late, inside
    // the next keystroke's render, after React put a field back to its state's "" (a phone number was lost so).
    const hold = () => void (replayer && holdFields(rootEl, early));
    let replayed = false;
    const replay = () => {
      if (replayed || !replayer) return;
      replayed = true;
      replayer.then(
        (m) => m.replayEarlyInput(rootEl, early, logError),
        (e: Error) => {
          logError(`early input: the replay did not load (${e?.message ?? e})`);
          dropEarlyInput(early);
        },
      );
    };
    // As a transition: React hydrates in time slices, yielding to the page every few ms, instead of one task of the
    // whole screen (87-120 ms for screen A's 200 items at 4× CPU); a tap makes it hydrate at once. Not while
    // the borrower is in a text field of the drawn page: keys typed into a sliced hydration were lost now and then (the
    // landing page's phone number, early-input.spec.ts, 1 run in 3), so that hydration is one task, as before.
    // A mismatch is a bug to fix (React then draws that part on the client): log it where tests look.
    const hydrate = () =>
      hydrateRoot(
        rootEl,
        <AfterHydration onLayout={hold} onCommit={replay}>
          {app}
        </AfterHydration>,
        {
          onRecoverableError: (e) => logError(`hydration: ${(e as Error)?.message ?? e}`),
        },
      );
    const active = document.activeElement;
    if (active && rootEl.contains(active) && typesText(active)) return hydrate();
    let hydrated!: Root;
    startTransition(() => void (hydrated = hydrate()));
    return hydrated;
  }
  // Drawn afresh: the recorded nodes are replaced, so their events have nowhere to go.
  dropEarlyInput(early);
  clientRoot().render(app);
  return clientRoot();
}
