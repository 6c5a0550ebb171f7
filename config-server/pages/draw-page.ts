import type { ApiMapDocument, ScreenDocument } from '../../schemas/generated/types.js';
import {
  prepareStaticRender,
  renderStaticScreen,
  renderStaticShell,
  type StaticShell,
  screenHead,
  type SameOriginEmbeds,
  type StaticRender,
  type StaticRenderInput,
} from '../../renderer/boot/render-static.js';
import {
  drawWithAnswers,
  planReadsClock,
  type HandOff,
  readServerAnswer,
  writeHandOff,
  type ScreenInput,
  bundleTexts,
  type BundleCopy,
} from '../../renderer/core/index.js';
import type { PublishedSnapshot } from '../published/snapshot.js';
import { ssrFetch, type SsrSettings } from './backend-call.js';
import { noTelemetry, type DrawnOutcome, type PrefetchOutcome, type Telemetry } from '../ops/telemetry.js';
import { escapeHtml } from '../http/escape-html.js';
import { queryKeyedCache } from './query-reads.js';
import { drawnKey, serverCalls, type FirstCalls, type ServerPlanInput } from './server-calls.js';

/** Distinct common-param combinations kept per published version; visitors of the site rarely carry any. */
const MAX_ENTRIES = 500;
/** Borrower pages drawn with prefetched data, kept per published version (each about 100-200 KB with its bytes). */
const MAX_DRAWN = 64;
/** How long such a page is reused: a screen may read the clock (`now()`, countdowns) while it is drawn. */
const DRAWN_TTL_MS = 30_000;

export interface DrawPageRequest {
  market: string;
  screenId: string;
  /** The page's query (only its common params matter: they are carried on links). */
  query: Record<string, unknown>;
  /** This server's own origin (its listening address): where a same-origin `baseUrl` such as `/sandbox` goes. */
  selfOrigin?: string;
  /**
   * Pages of the borrower's own origin the page may embed (the sandbox's, while the server runs it): the origin the
   * borrower asked for, as the browser's location will be, and the paths the boot data names.
   */
  sameOriginEmbeds?: SameOriginEmbeds;
}

export interface DrawnPage extends StaticRender {
  /** Locale of the text set the page is written in (the `<html lang>`). */
  lang: string;
  /** What the page hands the app about its first calls (hand-off.ts); with `calls`, the page is the borrower's own. */
  data?: HandOff;
  /**
   * `data` as the page's elements (`writeHandOff`), written as the page is drawn: a drawing whose data cannot be
   * written (an answer nested deeper than JSON.stringify goes) is a failed drawing, not a page that breaks as it is sent.
   */
  handOff?: string;
}

/** What a page that waits on its first call sends before it: its head, and its shell where the screen has one. */
export type PageHead = Omit<DrawnPage, 'html' | 'data' | 'handOff'> & { shell?: StaticShell };

/** The parts of a market's published bundle a drawing reads: its market constants, copy and API map. */
interface Bundle {
  market: Record<string, unknown>;
  textSet: { locale?: string; texts: Record<string, string> };
  /** Pre-parsed ICU copy (published/text-messages.ts): drawn with the app's own formatter. */
  messages?: BundleCopy['messages'];
  apiMap?: ApiMapDocument;
}

/** What one published version knows about its pages; dropped with the snapshot after a publish. */
interface PerSnapshot {
  flags: Map<string, boolean>;
  /** Parsed screen documents (rendering never changes them). */
  docs: Map<string, ScreenDocument>;
  bundles: Map<string, Bundle | undefined>;
  pages: Map<string, DrawnPage | null>;
  /** Borrower pages by everything that went into them (see `drawnKey`), with when they were drawn. */
  drawn: Map<string, { page: DrawnPage | null; at: number }>;
  /** A screen's first calls by page query: the same for every request of it (see `firstCallsOf`). */
  calls: Map<string, FirstCalls>;
  /** Streamed pages' heads and shells, per market, screen, embeds and the query params they read. */
  heads: ReturnType<typeof queryKeyedCache<PageHead>>;
}

/**
 * Draws every screen's page on the server. Screens whose document says `static: true` (site, legal and other
 * pages without per-user data) once per published version, market and common-param combination (a publish
 * makes a new snapshot, so its pages are drawn afresh; the old cache goes with the old snapshot). Other
 * screens per request, with their first data call made here when `ssr` allows it (backend-call.ts).
 */
export function pageDrawer(
  log: (message: string, err?: unknown) => void,
  ssr: SsrSettings = { allowedOrigins: [], budgetMs: 0 },
  telemetry: Telemetry = noTelemetry,
) {
  const cache = new WeakMap<PublishedSnapshot, PerSnapshot>();
  const ready = prepareStaticRender();
  const readsClock = new WeakMap<ScreenDocument, boolean>();

  /** Reports how a page came to be (or not: null) for /metrics, and returns it. */
  const counted = (outcome: DrawnOutcome, page: DrawnPage | null) => {
    telemetry.pageDrawn(page ? outcome : 'not_drawn');
    return page;
  };

  /** A request's target, worked out once: the router asks for its head and then its drawing. */
  const targets = new WeakMap<DrawPageRequest, { snap: PublishedSnapshot; t: ReturnType<typeof targetOf> }>();
  function target(snap: PublishedSnapshot, req: DrawPageRequest) {
    const hit = targets.get(req);
    if (hit?.snap === snap) return hit.t;
    const t = targetOf(snap, req);
    targets.set(req, { snap, t });
    return t;
  }

  /** What one request draws from: the snapshot's caches, the market's bundle and the screen's document. */
  function targetOf(snap: PublishedSnapshot, req: DrawPageRequest) {
    let mine = cache.get(snap);
    if (!mine)
      cache.set(
        snap,
        (mine = {
          flags: new Map(),
          docs: new Map(),
          bundles: new Map(),
          pages: new Map(),
          drawn: new Map(),
          calls: new Map(),
          heads: queryKeyedCache((h: PageHead) => h.shell?.queryReads ?? []),
        }),
      );
    if (!snap.screen(req.screenId)) return undefined;
    if (!mine.bundles.has(req.market)) mine.bundles.set(req.market, parse<Bundle>(snap.bundle(req.market)?.body));
    const bundle = mine.bundles.get(req.market);
    if (!bundle) return undefined;
    const names = (bundle.apiMap?.commonParams ?? []).map((p) => p.query);
    if (!mine.docs.has(req.screenId))
      mine.docs.set(req.screenId, parse<ScreenDocument>(snap.screen(req.screenId)?.body)!);
    const doc = mine.docs.get(req.screenId)!;
    // The page query as the app reads it: every string param (the screen's onLoad reads e.g. orderId).
    const query = Object.fromEntries(
      Object.entries(req.query).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : [])),
    );
    return { mine, bundle, names, doc, query };
  }

  /**
   * The head of a page that will wait on a first call made here (a borrower screen, the server allowed to call, the
   * API map naming the server for it): title, description and language, which read no data, and the screen's shell
   * (render-static's `renderStaticShell`: the start of its markup, the same whatever the call answers), so the page
   * router can send them while the call is under way. Undefined for every page that is drawn without waiting.
   */
  async function head(snap: PublishedSnapshot, req: DrawPageRequest): Promise<PageHead | undefined> {
    const t = target(snap, req);
    if (!t || isStatic(snap, t.mine, req.screenId) || !(ssr.budgetMs > 0) || !t.bundle.apiMap || !req.selfOrigin)
      return undefined;
    const screen = screenOf(t.doc, t.bundle, t.query, t.names);
    const input = { ...screen, apiMap: t.bundle.apiMap };
    if (!firstCallsOf(t.mine, req.screenId, input).server) return undefined;
    await ready;
    // Drawn once per published version or arm (the cache is the snapshot's), market, embeds and the query params
    // the drawing read: the same object again, so what the router builds from it is kept with it.
    const key = JSON.stringify([req.market, req.screenId, req.sameOriginEmbeds ?? null]);
    return t.mine.heads.get(key, t.query, () => {
      const { title, description } = screenHead(input, t.doc);
      return {
        title: escapeHtml(title),
        description: escapeHtml(description),
        lang: escapeHtml(String(t.bundle.textSet.locale ?? '')),
        shell: renderStaticShell({ ...screen, sameOriginEmbeds: req.sameOriginEmbeds }),
      };
    });
  }

  /**
   * The page drawn without its first call's answer, as after a miss (the page makes the call itself, with its
   * error state if it fails): what a streamed page whose drawing with data failed is finished with.
   */
  async function bare(snap: PublishedSnapshot, req: DrawPageRequest): Promise<DrawnPage | null> {
    const t = target(snap, req);
    if (!t) return null;
    await ready;
    const screen = { ...screenOf(t.doc, t.bundle, t.query, t.names), sameOriginEmbeds: req.sameOriginEmbeds };
    const early = t.bundle.apiMap
      ? firstCallsOf(t.mine, req.screenId, { ...screen, apiMap: t.bundle.apiMap }).early
      : undefined;
    return draw(screen, t.bundle, early ? { calls: [], early } : undefined);
  }

  async function render(snap: PublishedSnapshot, req: DrawPageRequest): Promise<DrawnPage | null> {
    const t = target(snap, req);
    if (!t) return counted('not_drawn', null);
    const { mine, bundle, names, doc } = t;

    if (!isStatic(snap, mine, req.screenId)) {
      const query = t.query;
      const screen = { ...screenOf(doc, bundle, query, names), sameOriginEmbeds: req.sameOriginEmbeds };
      await ready;
      if (ssr.budgetMs > 0 && bundle.apiMap && req.selfOrigin) {
        let outcome: PrefetchOutcome | undefined;
        const observe = (o: PrefetchOutcome, s: number) => {
          outcome = o;
          telemetry.prefetched(o, s);
        };
        // One deadline for every call this page waits on.
        const where = {
          selfOrigin: req.selfOrigin,
          allowedOrigins: ssr.allowedOrigins,
          deadline: Date.now() + ssr.budgetMs,
        };
        const send = ssrFetch({ ...where, observe });
        const input: ScreenInput = {
          ...screen,
          apiMap: bundle.apiMap,
          logError: (m: string) => log(`server prefetch: ${m}`),
        };
        try {
          const { server: first, later } = firstCallsOf(mine, req.screenId, input);
          // The later reads leave with the first (each timed for /metrics, none deciding whether the page is drawn).
          const sendLater = ssrFetch({ ...where, observe: (o, sec) => telemetry.prefetched(o, sec) });
          const laterAnswers = Promise.all(later.map((l) => sendLater(l.call).catch(() => undefined)));
          const answer =
            first &&
            (await send(first.call).catch(
              (e: Error) => void input.logError(`call ${first.planned.endpoint} failed: ${e?.message ?? e}`),
            ));
          // The borrower's screen had a failed call: the backend unreachable, or a failure it answered. Not
          // a call over this server's own time budget or to an origin it may not call: the app makes those itself.
          if (first && !answer && outcome === 'unreachable')
            telemetry.prefetchFailed?.(req.screenId, first.planned.endpoint, snap.release);
          if (first && answer) {
            // The same borrower (query, token included) with the same answer gets the page drawn last time,
            // recognised by the answer's bytes before they are even parsed.
            const others = await laterAnswers;
            const key = drawnKey(req.market, req.screenId, query, req.sameOriginEmbeds?.origin ?? '', [
              { call: first.call, answer },
              ...later.map((l, i) => ({ call: l.call, answer: others[i] })),
            ]);
            const hit = mine.drawn.get(key);
            if (hit && Date.now() - hit.at < DRAWN_TTL_MS) return counted('cache_hit', hit.page);
            const fetched = readServerAnswer(input, first.planned, answer);
            if (!fetched) telemetry.prefetchFailed?.(req.screenId, first.planned.endpoint, snap.release);
            // A later read that failed is left to the app, which makes it when its onLoad gets there.
            const read = later.flatMap((l, i) => {
              const a = others[i] && readServerAnswer(input, l.planned, others[i]);
              return a ? [a] : [];
            });
            const data = fetched && (await drawWithAnswers(input, [fetched, ...read]));
            // A drawing with the data that failed is finished as one without it, where the app makes the call.
            const page = data && draw(screen, bundle, data);
            if (page) return counted('with_data', keep(mine, key, page));
          }
        } catch (e) {
          log(`server prefetch for screen ${req.screenId} failed: ${(e as Error)?.message}`);
        }
      }
      // Not made here: the page starts the planned call itself while the bundle downloads (public/early-call.js).
      // Drawn once per query for a while too: an overloaded backend sends every request down this path, and
      // drawing each one afresh would add load exactly when the server has least to spare.
      const key = JSON.stringify([req.market, req.screenId, query, req.sameOriginEmbeds?.origin ?? '']);
      const hit = mine.drawn.get(key);
      if (hit && Date.now() - hit.at < DRAWN_TTL_MS) return counted('cache_hit', hit.page);
      const early = bundle.apiMap
        ? firstCallsOf(mine, req.screenId, { ...screen, apiMap: bundle.apiMap }).early
        : undefined;
      return counted('without_data', keep(mine, key, draw(screen, bundle, early ? { calls: [], early } : undefined)));
    }

    const query = Object.fromEntries(
      names.flatMap((n) => (typeof req.query[n] === 'string' && req.query[n] ? [[n, req.query[n] as string]] : [])),
    );
    const key = `${req.market}|${req.screenId}|${JSON.stringify(query)}`;
    if (mine.pages.has(key)) return counted('cache_hit', mine.pages.get(key)!);
    await ready;
    const page = draw(screenOf(doc, bundle, query, names), bundle);
    if (mine.pages.size >= MAX_ENTRIES) mine.pages.clear();
    mine.pages.set(key, page);
    return counted('without_data', page);
  }

  return Object.assign(render, { head, bare });

  /**
   * The screen's first calls for this query, planned once: they depend only on the published documents and
   * the query, unless the screen's onLoad reads the clock (then every request plans afresh).
   */
  function firstCallsOf(mine: PerSnapshot, screenId: string, input: ServerPlanInput): FirstCalls {
    let clock = readsClock.get(input.doc);
    if (clock === undefined) readsClock.set(input.doc, (clock = planReadsClock(input.doc)));
    if (clock) return serverCalls(input);
    const key = JSON.stringify([screenId, input.query]);
    let calls = mine.calls.get(key);
    if (calls === undefined) {
      calls = serverCalls(input);
      if (mine.calls.size >= MAX_ENTRIES) mine.calls.clear();
      mine.calls.set(key, calls);
    }
    return calls;
  }

  /** Keeps a drawn borrower page (the oldest goes when full) and returns it. */
  function keep(mine: PerSnapshot, key: string, page: DrawnPage | null): DrawnPage | null {
    mine.drawn.delete(key);
    if (mine.drawn.size >= MAX_DRAWN) mine.drawn.delete(mine.drawn.keys().next().value!);
    mine.drawn.set(key, { page, at: Date.now() });
    return page;
  }

  /** The page's screen input (core/screen/screen-input.ts) as drawing takes it; plan and read add the API map. */
  function screenOf(
    doc: ScreenDocument,
    bundle: Bundle,
    query: Record<string, string>,
    names: string[],
  ): StaticRenderInput {
    return {
      doc,
      texts: bundleTexts(bundle),
      market: bundle.market,
      query,
      commonQueryNames: names,
      logError: (m, d) => log(`server render: ${m}`, d),
    };
  }

  function draw(screen: StaticRenderInput, bundle: Bundle, data?: HandOff): DrawnPage | null {
    const { doc } = screen;
    try {
      const rendered = renderStaticScreen({ ...screen, state: data?.state });
      return {
        html: rendered.html,
        title: escapeHtml(rendered.title),
        description: escapeHtml(rendered.description),
        lang: escapeHtml(String(bundle.textSet.locale ?? '')),
        ...(data ? { data, handOff: writeHandOff(data) } : {}),
      };
    } catch (e) {
      // The app still renders it in the browser: a failed server render costs only the head start.
      log(`server render of screen ${doc.id} failed`, e);
      return null;
    }
  }
}

const parse = <T>(body: Buffer | undefined): T | undefined =>
  body ? (JSON.parse(body.toString('utf8')) as T) : undefined;

/** Whether a published screen is marked `static`, read once per published version. */
function isStatic(snap: PublishedSnapshot, mine: PerSnapshot, id: string): boolean {
  let flag = mine.flags.get(id);
  if (flag === undefined) {
    flag = parse<ScreenDocument>(snap.screen(id)?.body)?.static === true;
    mine.flags.set(id, flag);
  }
  return flag;
}
