import type { ScreenDocument } from '../../../schemas/generated/types';
import type { BootBundle } from '../boot-types';
import { bundleKey, isPreview, loadBundle, loadScreen, type Loaded } from '../config-client';
import { PUBLISHED_CONFIG_BASE } from '../../core/bundle/named-bundle-url';
import { withWho } from '../arm-query';
import { preloadWidgets } from '../../nodes/preload-widgets';
import { shownScreen } from './screen-trouble';
import { LIVE_SCREEN_EVENT, type LiveScreen } from './live-screen-event';

/** What the page needs of an EventSource (tests pass a fake). */
export interface StreamLike {
  readonly readyState: number;
  addEventListener(type: string, listener: (e: MessageEvent) => void): void;
  onopen: ((e: Event) => void) | null;
  onerror: ((e: Event) => void) | null;
  close(): void;
}

export interface LiveOptions {
  market: string;
  /** `?locale=`: the page's bundle is that text set's (its cache key `bundle:<market>:<locale>`). */
  locale?: string;
  /** The ETag of the bundle the app runs with now. */
  bundleEtag(): string | null;
  /** A newer bundle (the app keeps it: each screen reads copy and API map at its mount, so at the next navigation). */
  applyBundle(fresh: Loaded<BootBundle>): void;
  log(message: string, detail?: unknown): void;
  open?: (url: string) => StreamLike;
  random?: () => number;
}

/** Each page re-fetches within this much after an event: 10,000 pages do not reach the origin in the same instant. */
export const SPREAD_MS = 2000;
/** After the stream was refused (204 `live: false`, 503 over the cap) or dropped for good: first retry, and the cap. */
const RETRY_MS = 30_000;
const RETRY_MAX_MS = 10 * 60_000;
const CLOSED = 2;

interface PublishedEvent {
  market?: unknown;
  changed?: unknown;
}

let started = false;

/**
 * Live changes: one Server-Sent Events stream per page, carrying what changed by ETag, never documents.
 * The bundle and the screen on show are re-fetched through the normal cached routes (If-None-Match, the borrower's
 * arm), a random 0–2 s after the event; what arrives waits for the next navigation, except on a failing screen
 * (screen-trouble.ts), which is replaced at once and without the wait (those pages are few, and a borrower is stuck).
 * Other screens are not fetched: the next navigation revalidates them anyway. While the stream is refused or down,
 * the page keeps today's revalidation on focus and navigation, and tries again later with a growing, jittered delay.
 * EventSource itself reconnects after a cut, sending `Last-Event-ID`, so no event is missed. Returns `stop`.
 */
export function startLive(o: LiveOptions): () => void {
  if (started || isPreview || (typeof EventSource === 'undefined' && !o.open)) return () => {};
  started = true;
  const random = o.random ?? Math.random;
  const open = o.open ?? ((url: string) => new EventSource(url) as StreamLike);
  // The page's text set, and the bundle it runs with: a stream's first event names a newer one published before it
  // opened (after the page loaded), which would otherwise wait for a focus or a navigation.
  const url = () => {
    const q = new URLSearchParams({ market: o.market });
    if (o.locale) q.set('locale', o.locale);
    const etag = o.bundleEtag();
    if (etag) q.set('bundleEtag', etag);
    return withWho(`${PUBLISHED_CONFIG_BASE}/live?${q}`);
  };
  // The page's own text set's bundle only (`bundle:ID`, or `bundle:ID:en-IN` for `?locale=en-IN`).
  const ownBundle = (key: string) => key === `bundle:${bundleKey(o.market, o.locale)}`;

  let stream: StreamLike | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let retryMs = RETRY_MS;
  let reopened = false;
  /** What to re-fetch when the timer fires; a value is the ETag announced (null: whatever the server has now). */
  let wanted: { bundle?: string | null; screens: Map<string, string | null> } = { screens: new Map() };
  let timer: ReturnType<typeof setTimeout> | undefined;
  let timerUrgent = false;
  let stopped = false;

  const failing = () => !!shownScreen()?.failing;
  // A fetched version is taken when it is the one announced, or came from the network (a 304's cached copy or a
  // failure's last good copy says nothing new).
  const isNew = <T>(fresh: Loaded<T> | null, announced: string | null | undefined): fresh is Loaded<T> =>
    !!fresh && (announced ? fresh.etag === announced : fresh.source === 'network');

  async function refetch() {
    timer = undefined;
    const { bundle, screens } = wanted;
    wanted = { screens: new Map() };
    let bundleChanged = false;
    const jobs: Promise<unknown>[] = [];
    if (bundle !== undefined) {
      jobs.push(
        loadBundle(o.market, o.log, o.locale).then((fresh) => {
          if (stopped || !isNew(fresh, bundle) || fresh.etag === o.bundleEtag()) return;
          bundleChanged = true;
          o.applyBundle(fresh);
        }),
      );
    }
    const fresh = new Map<string, Loaded<ScreenDocument>>();
    for (const [id, announced] of screens) {
      jobs.push(
        loadScreen(id, o.log).then(async (s) => {
          if (!isNew(s, announced)) return;
          // Its widgets' code first, so it shows without pop-in when its time comes.
          await preloadWidgets(s.body);
          fresh.set(id, s);
        }),
      );
    }
    await Promise.all(jobs);
    if (stopped) return;
    const on = shownScreen();
    const now = !!on?.failing;
    for (const [id, s] of fresh) tell({ id, fresh: s, now: now && on?.id === id });
    // The bundle alone changed under a failing screen: mount it again with the new API map and copy.
    if (now && bundleChanged && !fresh.has(on!.id)) tell({ id: on!.id, now: true });
  }

  const tell = (detail: LiveScreen) => window.dispatchEvent(new CustomEvent(LIVE_SCREEN_EVENT, { detail }));

  function schedule(bundle: string | null | undefined, screens: [string, string | null][]) {
    // An announced ETag wins over "whatever the server has now" (both may be asked for before the timer fires).
    if (bundle !== undefined) wanted.bundle = bundle ?? wanted.bundle ?? null;
    for (const [id, etag] of screens) wanted.screens.set(id, etag ?? wanted.screens.get(id) ?? null);
    if (wanted.bundle === undefined && !wanted.screens.size) return;
    const urgent = failing();
    if (timer && (timerUrgent || !urgent)) return;
    clearTimeout(timer);
    timerUrgent = urgent;
    timer = setTimeout(
      () => void refetch().catch((e: Error) => o.log(`live: ${e?.message ?? e}`)),
      urgent ? 0 : random() * SPREAD_MS,
    );
  }

  /** The bundle and the screen on show, at whatever version the server now gives this borrower. */
  const everything = () => {
    const on = shownScreen();
    schedule(null, on ? [[on.id, null]] : []);
  };

  function onPublished(e: MessageEvent) {
    let data: PublishedEvent;
    try {
      data = JSON.parse(String(e.data)) as PublishedEvent;
    } catch {
      return;
    }
    if (data.market !== undefined && data.market !== o.market) return;
    if (!data.changed || typeof data.changed !== 'object') return;
    const on = shownScreen();
    let bundle: string | undefined;
    const screens: [string, string][] = [];
    for (const [key, etag] of Object.entries(data.changed as Record<string, unknown>)) {
      if (typeof etag !== 'string') continue;
      if (ownBundle(key) && etag !== o.bundleEtag()) bundle = etag;
      else if (on && key === `screen:${on.id}`) screens.push([on.id, etag]);
    }
    schedule(bundle, screens);
  }

  function connect() {
    if (stopped) return;
    let s: StreamLike;
    try {
      s = stream = open(url());
    } catch {
      return later();
    }
    s.addEventListener('published', onPublished);
    // The borrower's arm may have changed (a release widened, completed or rolled back): what do they get now? The
    // `published` that follows names it too; both land in one re-fetch.
    s.addEventListener('release', everything);
    s.onopen = () => {
      retryMs = RETRY_MS;
      // A new stream starts from now (EventSource's own reconnects resume): what changed meanwhile is re-fetched. So
      // is a failing screen's: a rollback published after the load, before the stream was there to say so, is what
      // rescues that borrower (the server names a newer bundle at open, not the screen on show).
      if (reopened || failing()) everything();
      reopened = false;
    };
    s.onerror = () => {
      // CONNECTING: EventSource retries by itself (the server's `retry:`). CLOSED: refused for good (204, 503,
      // not an event stream): the page stays on revalidation and asks again later.
      if (s.readyState !== CLOSED || stopped) return;
      s.close();
      later();
    };
  }

  function later() {
    clearTimeout(retry);
    const wait = retryMs * (0.5 + random());
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
    reopened = true;
    retry = setTimeout(connect, wait);
  }

  connect();
  return () => {
    stopped = true;
    started = false;
    clearTimeout(retry);
    clearTimeout(timer);
    stream?.close();
  };
}
