import { join } from 'node:path';
import express, { Router, type Request } from 'express';
import { HttpError } from '../http/http-error.js';
import { notModified } from '../http/conditional.js';
import type { PublishedSnapshot } from '../published/snapshot.js';
import { widgetPreloads } from './widget-preloads.js';
import { readWhenChanged } from './read-when-changed.js';
import { pageDrawer, type DrawnPage, type PageHead } from './draw-page.js';
import { injectDrawn } from './inject-drawn.js';
import { lowPriorityScripts } from './low-priority-scripts.js';
import { streamedPage } from './stream-page.js';
import { sendStreamed, streamedParts } from './streamed-parts.js';
import { escapeHtml } from '../http/escape-html.js';
import type { SsrSettings } from './backend-call.js';
import type { Telemetry } from '../ops/telemetry.js';
import { assembledPages, sendAssembled } from './page-cache.js';
import { namedBundleUrl, DEFAULT_MARKET } from '../../renderer/core/index.js';
import { borrowerParams, paramOnce } from '../releases/borrower-params.js';
import type { ViewTickets } from '../releases/view-ticket.js';

export const BOOT_SCRIPT_ID = 'sdui-boot';
/**
 * Where a page's view ticket goes in its boot data. A drawn page is assembled and compressed once and sent
 * to many; its ticket is one view's, so the page keeps this slot and each response fills it. The slot cannot occur
 * anywhere else: inside JSON strings a quote is escaped, and React escapes quotes in markup.
 */
export const VIEW_TICKET_SLOT = ',"viewTicket":"(view ticket)"';
/** Paths that never get the app's HTML: their own routers answer (JSON 404 included). */
const API_PREFIXES = ['/config', '/admin/api', '/sandbox', '/healthz'];

const isUnder = (path: string, prefix: string) => path === prefix || path.startsWith(prefix + '/');
/** A last segment with an extension is a file request: a missing asset is a 404, not the app. */
const looksLikeFile = (path: string) => /\.[A-Za-z0-9]+$/.test(path.split('/').pop() ?? '') && !path.endsWith('.html');

/**
 * The boot data inlined into the page as non-executable JSON, so the first screen needs no
 * extra round trip. Built by concatenating the snapshot's pre-escaped JSON strings. `preloads`
 * turns the inlined screen's node types into modulepreload tags for their widget chunks: those
 * `hints` belong in the head, the JSON after the drawn markup (see `injectBoot`).
 *
 * `bundle: 'reference'` (a page the server drew): the bundle, ~14 KB gzip and three quarters of the page,
 * is named by its ETag instead and preloaded from the config API alongside the app's scripts. The borrower
 * sees the drawn screen without it; the app hydrates with it, and a returning borrower already holds that
 * version as the last good copy. A shell page (nothing drawn) inlines it: the app needs it to show anything.
 */
export function bootScript(
  { snap, market, screenId }: PageTarget,
  preloads?: (types: readonly string[]) => string,
  opts: { bundle: 'inline' | 'reference'; embedPaths?: readonly string[] } = { bundle: 'inline' },
): { hints: string; script: string } {
  const bundle = market ? snap.bundle(market) : undefined;
  const screen = screenId ? snap.screen(screenId) : undefined;
  const byReference = opts.bundle === 'reference' && !!bundle;
  // `release`: the releases in flight for this page and the borrower's arm of each, as X-Config-Release says;
  // `bundleRelease` those of its bundle alone, which the app's later screens share (the renderer's beacons report both).
  const json =
    `{"bundle":${(!byReference && bundle?.inline) || 'null'},"bundleEtag":${JSON.stringify(bundle?.etag ?? null)},` +
    `"screen":${screen?.inline ?? 'null'},"screenEtag":${JSON.stringify(screen?.etag ?? null)}` +
    `${snap.release ? `,"release":${JSON.stringify(snap.release)}` : ''}` +
    `${bundle?.release ? `,"bundleRelease":${JSON.stringify(bundle.release)}` : ''}` +
    `${opts.embedPaths?.length ? `,"embedPaths":${JSON.stringify(opts.embedPaths)}` : ''}` +
    `${snap.release ? VIEW_TICKET_SLOT : ''}}`;
  const bundleHint = byReference
    ? `<link rel="preload" as="fetch" crossorigin href="${escapeHtml(namedBundleUrl(market!, bundle!.etag))}">`
    : '';
  const hints = bundleHint + (preloads ? preloads(screen && screenId ? snap.screenNodeTypes(screenId) : []) : '');
  return { hints, script: `<script type="application/json" id="${BOOT_SCRIPT_ID}">${json}</script>` };
}

/** What a page request opens, worked out once per request and handed to everything that draws it. */
export interface PageTarget {
  /** The state the page is drawn from: the published snapshot, or the borrower's arm view of it. */
  snap: PublishedSnapshot;
  market?: string;
  /** No screen for the admin console. */
  screenId?: string;
  /** The borrower's deviceId (under the API map's name for it) while a release is in flight: a ticket is for a view. */
  deviceId?: string;
  /** The releases the page's view ticket names: the borrower's arm of each whose audience takes them. */
  releases?: { id: string; arm: 'base' | 'candidate' }[];
}

/**
 * The market, the borrower's arm and the screen of a page request. With releases in flight for its bundle or screen,
 * the page is drawn in the borrower's arm of them (by the deviceId and other common params in its query), the same arm
 * the config API gives them; the screen is the arm's, as a candidate route map may send the path elsewhere. `query` is
 * the page query as the app reads it (`appQuery`: the last of a repeated name): the page is drawn in the market and arm
 * the app hydrates it in and asks the config API for, which a repeated param would otherwise split (the page in the
 * default market or the base arm, the app's bundle and later screens in the borrower's own).
 */
export function pageTarget(root: PublishedSnapshot, path: string, query: Record<string, string>): PageTarget {
  const asked = paramOnce(query, 'market');
  const market =
    asked && root.markets.includes(asked)
      ? asked
      : root.markets.includes(DEFAULT_MARKET)
        ? DEFAULT_MARKET
        : root.markets[0];
  if (isUnder(path, '/admin')) return { snap: root, market };
  const who = root.arms ? borrowerParams(root.arms.names, query) : undefined;
  const snap = who ? root.pageView(market, path, who) : root;
  const releases = who && root.arms?.ticketed(snap.release, { ...who, market });
  return { snap, market, screenId: snap.screenIdForPath(path), deviceId: who?.deviceId, releases };
}

/**
 * A page URL's query as the app reads it (renderer/boot/page-location.ts `readQuery`: URLSearchParams, the last value
 * of a repeated name). Express makes a repeated name an array, which the drawing would drop: a native shell that
 * appends the common params to a link already carrying them would have its borrower's page drawn, and its first call
 * made, without their token.
 */
export function appQuery(url: string): Record<string, string> {
  const at = url.indexOf('?');
  return at < 0 ? {} : Object.fromEntries(new URLSearchParams(url.slice(at + 1)));
}

/** Where this server listens, as seen by the connection (never the client-supplied Host header). */
function selfOrigin(req: Request): string | undefined {
  const { localAddress: a, localPort: p } = req.socket;
  if (!a || !p) return undefined;
  const host = a.startsWith('::ffff:') ? a.slice(7) : a;
  return `http://${host.includes(':') ? `[${host}]` : host}:${p}`;
}

/** No server markup (admin, a failed render): the 'loading...' indicator until the app draws. */
const injectLoading = (html: string) =>
  html.replace(/<div id="root"><\/div>/, () => '<div id="root"><p class="sdui-loading">loading...</p></div>');

/**
 * Widget hints into the head (their downloads start at once); the boot data (~50 KB when it inlines the bundle)
 * at the end of the body, after the drawn markup: the parser reaches the markup, and the browser paints it,
 * without first wading through JSON only the app reads (its module script runs once parsing is done).
 */
export function injectBoot(html: string, boot: { hints: string; script: string }): string {
  const head = html.search(/<\/head>/i);
  const withHints = head >= 0 ? html.slice(0, head) + boot.hints + html.slice(head) : boot.hints + html;
  const body = withHints.search(/<\/body>/i);
  return body >= 0 ? withHints.slice(0, body) + boot.script + withHints.slice(body) : withHints + boot.script;
}

/** The built renderer: hashed assets cached for good, every other page path → index.html + boot data. */
export function rendererRouter(
  staticDir: string,
  snapshot: () => PublishedSnapshot,
  log: (message: string, err?: unknown) => void = () => {},
  ssr?: SsrSettings,
  telemetry?: Telemetry,
  tickets?: ViewTickets,
  /** Paths of this origin its pages may embed: the sandbox's own pages while the server runs it, else none. */
  embedPaths: readonly string[] = [],
) {
  const router = Router();
  const drawPage = pageDrawer(log, ssr, telemetry);
  const assembled = assembledPages();
  const parts = streamedParts();
  // A streamed page's two parts as built from its head (the head's object is handed out again only for the same
  // version or arm, market, screen and what its shell read of the query): assembled once, not per response.
  const streams = new WeakMap<PageHead, { template: string; stream: ReturnType<typeof streamedPage> }>();
  // One object per published version, market and screen: what a shell page depends on besides the build.
  const shells = new WeakMap<PublishedSnapshot, Map<string, object>>();
  const shellToken = (snap: PublishedSnapshot, key: string) => {
    let mine = shells.get(snap);
    if (!mine) shells.set(snap, (mine = new Map()));
    let token = mine.get(key);
    if (!token) mine.set(key, (token = {}));
    return token;
  };
  // index.html, re-read only when the build replaced it.
  const readIndex = readWhenChanged(join(staticDir, 'index.html'), (html) => html);
  const preloads = widgetPreloads(staticDir);
  // The app's stylesheet, for pages the server draws: inlined, it costs no round trip before the first paint.
  const styles = new Map<string, () => string | undefined>();
  const inlineStyles = (html: string) =>
    html.replace(
      /<link rel="stylesheet"(?: crossorigin)? href="(\/assets\/[A-Za-z0-9._-]+\.css)">/g,
      (tag, href: string) => {
        if (!styles.has(href))
          styles.set(
            href,
            readWhenChanged(join(staticDir, href), (css) => css.replace(/<\/style/gi, '<\\/style')),
          );
        const css = styles.get(href)!();
        return css === undefined ? tag : `<style>${css}</style>`;
      },
    );
  // index.html as a drawn page starts from: its stylesheet inlined, its scripts at low priority (the page paints
  // without them: low-priority-scripts.ts), redone only when the build replaced index.html.
  let styledFor: { html: string; styled: string } | undefined;
  const styled = (html: string) =>
    styledFor?.html === html
      ? styledFor.styled
      : (styledFor = { html, styled: lowPriorityScripts(inlineStyles(html)) }).styled;
  const files = express.static(staticDir, {
    index: false,
    setHeaders: (res, path) => {
      if (/[\\/]assets[\\/]/.test(path)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    },
  });
  // Every file the build writes has an extension: a page path skips the file system (a stat of a missing file
  // was a twentieth of a drawn page's cost).
  router.use((req, res, next) => (/\.[A-Za-z0-9]+$/.test(req.path) ? files(req, res, next) : next()));
  router.use(async (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || API_PREFIXES.some((p) => isUnder(req.path, p)))
      return next();
    if (looksLikeFile(req.path)) throw new HttpError(404, `No such file: ${req.path}`);
    const html = readIndex();
    if (!html)
      throw new HttpError(
        503,
        'The renderer is not built yet: run npm run build (npm start does it when dist/renderer is missing)',
      );
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    // Always revalidate the page: it carries the published config, which must show within seconds.
    // Its ETag lets a returning borrower skip the body (~10 KB) while build and config are unchanged.
    // What the page is drawn from and its calls carry: the query as the app will read it, or the drawing and the
    // server's call would be for another borrower or order than the page the app hydrates.
    const asRead = appQuery(req.originalUrl);
    const target = pageTarget(snapshot(), req.path, asRead);
    const { snap, market, screenId } = target;
    if (snap.release) res.setHeader('X-Config-Release', snap.release);
    // A HEAD asks for the headers alone: no one sees a page, so it counts no view (a ticket records an exposure) and
    // costs the backend no call.
    const seen = req.method === 'GET';
    const ticket =
      seen && snap.release && tickets && target.deviceId && screenId
        ? tickets.mint(screenId, target.releases ?? [], { deviceId: target.deviceId, market })
        : undefined;
    /** The page's view ticket slot filled per response: one view's ticket, never the cached bytes'. */
    const withTicket = (body: string) => {
      const at = snap.release ? body.lastIndexOf(VIEW_TICKET_SLOT) : -1;
      return at < 0
        ? body
        : body.slice(0, at) +
            (ticket ? `,"viewTicket":${JSON.stringify(ticket)}` : '') +
            body.slice(at + VIEW_TICKET_SLOT.length);
    };
    // Not drawn (SSR=off, admin, a failed render): the same shell for every request of this version, market and
    // screen, assembled and compressed once too, so server rendering is measured against an equally cached page.
    const shell = () =>
      assembled.get(shellToken(snap, `${market ?? ''}|${screenId ?? ''}`), html, () =>
        injectLoading(injectBoot(html, bootScript(target, preloads, { bundle: 'inline', embedPaths }))),
      );
    const shellPage = () => shell().body;
    // A drawn page's boot data: the bundle by reference, the widget hints at low priority like the page's scripts.
    const drawnBoot = () => {
      const boot = bootScript(target, preloads, { bundle: 'reference', embedPaths });
      return { ...boot, hints: lowPriorityScripts(boot.hints) };
    };
    // Every screen arrives drawn in the HTML (static ones from a per-version cache, others with their first
    // data when the server could fetch it): readable before the bundle loads, then hydrated by the app.
    const drawReq =
      market && screenId && asRead.locale === undefined && ssr?.render !== false
        ? {
            market,
            screenId,
            query: asRead,
            // Without it the drawing makes no call (draw-page.ts): a HEAD's page is the one drawn without data.
            selfOrigin: seen ? selfOrigin(req) : undefined,
            // The origin the borrower asked for, as their browser's location will be: drawn and hydrated agree.
            sameOriginEmbeds: embedPaths.length
              ? { origin: `${req.protocol}://${req.get('host')}`, paths: embedPaths }
              : undefined,
          }
        : undefined;
    // A borrower's page that waits on its first call streams: its head and the screen's shell leave before the call
    // is sent, so the browser paints the shell and fetches the scripts while the backend answers; the rest follows in
    // the same response, in reading order, once drawn. The call waits for the head (a few ms of drawing the shell):
    // sent first, its answer and the drawing it starts could hold the head's compressed bytes back behind them.
    const early =
      drawReq && req.method === 'GET' && asRead.token !== undefined ? await drawPage.head(snap, drawReq) : undefined;
    if (drawReq && early) {
      res.setHeader('Cache-Control', 'private, no-store');
      // The head object stands for its version or arm, market, screen and the query params its shell read
      // (draw-page.ts), as the boot data does for all but the build: kept with it per template (a build replaces
      // index.html, the manifest the widget hints come from with it, as for the shell page).
      let kept = streams.get(early);
      if (kept?.template !== html) {
        const boot = drawnBoot();
        const page = (p: DrawnPage) => injectBoot(injectDrawn(styled(html), p, { hintsInBody: true }), boot);
        kept = { template: html, stream: streamedPage(page, early, log, `streamed page ${screenId}`) };
        streams.set(early, kept);
      }
      const { stream } = kept;
      // The head and the shell read no borrower data: compressed once per arm and text.
      const head = parts.head(snap, stream.sent, html, () => stream.sent);
      await sendStreamed(req, res, head, () =>
        drawPage(snap, drawReq)
          .catch((e: unknown) => (log(`streamed page ${screenId}: drawing failed`, e), null))
          .then(async (rendered) => {
            // A rest holding a view ticket is one response's; any other is kept with its drawn page.
            const owner = snap.release || !rendered ? undefined : rendered;
            const done = owner && parts.kept(head, owner);
            if (done) return done;
            const text = withTicket(await stream.rest(rendered, () => drawPage.bare(snap, drawReq), shellPage));
            return parts.rest(head, owner, () => text);
          }),
      );
      return;
    }
    const rendered = drawReq ? await drawPage(snap, drawReq) : null;
    // A page holding a borrower's data (or asked for with their token) is theirs: no cache anywhere keeps it.
    const personal = !!rendered?.data?.calls.length || asRead.token !== undefined;
    /** A personal page is never stored; any other is revalidated by its ETag (304 when unchanged). */
    const sendPage = async (page: { etag: string } & Parameters<typeof sendAssembled>[2]) => {
      if (personal) res.setHeader('Cache-Control', 'private, no-store');
      else {
        // A page holding a view ticket is that borrower's own: their browser may keep it, no shared cache.
        res.setHeader('Cache-Control', ticket ? 'private, no-cache' : 'no-cache');
        res.setHeader('ETag', page.etag);
        if (notModified(req.get('if-none-match'), page.etag)) {
          res.status(304).end();
          return;
        }
      }
      // A page in a release carries the ticket slot, filled per response.
      if (snap.release) {
        res.send(withTicket(page.body));
        return;
      }
      await sendAssembled(req, res, page);
    };
    if (rendered) {
      // The same drawn page (same version, screen, query and answer) is assembled and compressed once.
      // Markup and style go into the small template first, the boot data last: each step rescans less.
      const built = assembled.get(rendered, html, () => injectBoot(injectDrawn(styled(html), rendered), drawnBoot()));
      await sendPage(built);
      return;
    }
    await sendPage(shell());
  });
  return router;
}
