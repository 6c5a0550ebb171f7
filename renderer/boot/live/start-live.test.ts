import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startLive, SPREAD_MS, type StreamLike } from './start-live';
import { watchScreen } from './screen-trouble';
import { LIVE_SCREEN_EVENT, type LiveScreen } from './live-screen-event';
import { writeCached } from '../config-cache';
import { setWho } from '../arm-query';
import type { Loaded } from '../config-client';
import type { BootBundle } from '../boot-types';

/** An EventSource as the page sees it: the test plays the server (open, events, refusal). */
class FakeStream implements StreamLike {
  readyState = 0;
  onopen: ((e: Event) => void) | null = null;
  onerror: ((e: Event) => void) | null = null;
  closed = false;
  private listeners = new Map<string, ((e: MessageEvent) => void)[]>();
  constructor(readonly url: string) {}
  addEventListener(type: string, l: (e: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), l]);
  }
  connect() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  send(type: string, data: unknown) {
    const e = new MessageEvent(type, { data: typeof data === 'string' ? data : JSON.stringify(data) });
    for (const l of this.listeners.get(type) ?? []) l(e);
  }
  /** The server answered 204 / 503 / not a stream: EventSource gives up. */
  refuse() {
    this.readyState = 2;
    this.onerror?.(new Event('error'));
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
}

const bundle = (title: string) =>
  ({
    market: { id: 'ID' },
    textSet: { texts: { title } },
    routeMap: { routes: [] },
    apiMap: { endpoints: {}, commonParams: [] },
    bridgeMap: { messages: {} },
  }) as unknown as BootBundle;
const screenDoc = (id: string, title: string) => ({ kind: 'screen', id, schemaVersion: 1, title, body: [] });

/** The config server: current documents by path, answering If-None-Match with 304. */
let served: Record<string, { etag: string; body: unknown }>;
let requests: { path: string; ifNoneMatch?: string; at: number }[];
let streams: FakeStream[];
let applied: Loaded<BootBundle>[];
let told: LiveScreen[];
let current: string | null;
let stop: () => void = () => {};

const onTold = (e: Event) => told.push((e as CustomEvent<LiveScreen>).detail);

function start(random = () => 0.5) {
  stop = startLive({
    market: 'ID',
    bundleEtag: () => current,
    applyBundle: (fresh) => {
      applied.push(fresh);
      current = fresh.etag;
    },
    log: () => {},
    open: (url) => {
      const s = new FakeStream(url);
      streams.push(s);
      return s;
    },
    random,
  });
  return streams[streams.length - 1];
}

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  setWho({ deviceId: 'dev-1', market: 'ID' });
  served = {
    '/config/v1/bundle': { etag: '"b2"', body: bundle('new copy') },
    '/config/v1/screens/complaint-entry': { etag: '"s2"', body: screenDoc('complaint-entry', 'v2') },
  };
  requests = [];
  streams = [];
  applied = [];
  told = [];
  current = '"b1"';
  // No screen on show (a previous test's leaves with this one's end).
  watchScreen('none').end();
  writeCached('bundle:ID', { etag: '"b1"', body: bundle('old copy') });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const u = new URL(url, 'http://x');
      const ifNoneMatch = (init?.headers as Record<string, string>)['If-None-Match'];
      requests.push({ path: u.pathname, ifNoneMatch, at: Date.now() });
      const doc = served[u.pathname];
      if (!doc) return new Response('{}', { status: 404 });
      if (ifNoneMatch === doc.etag) return new Response(null, { status: 304, headers: { ETag: doc.etag } });
      return new Response(JSON.stringify(doc.body), { status: 200, headers: { ETag: doc.etag } });
    }),
  );
  window.addEventListener(LIVE_SCREEN_EVENT, onTold);
});

afterEach(() => {
  stop();
  window.removeEventListener(LIVE_SCREEN_EVENT, onTold);
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const published = (changed: Record<string, string>, market = 'ID') => ({ generation: 42, market, changed });

describe('live changes in the page', () => {
  it('opens one stream per page, for its market and the borrower (their arm)', () => {
    const s = start();
    expect(streams).toHaveLength(1);
    const url = new URL(s.url, 'http://x');
    expect(url.pathname).toBe('/config/v1/live');
    expect(url.searchParams.get('market')).toBe('ID');
    expect(url.searchParams.get('deviceId')).toBe('dev-1');
    // A second start (a remount of the app) opens no second stream.
    startLive({
      market: 'ID',
      bundleEtag: () => null,
      applyBundle: () => {},
      log: () => {},
      open: (u) => new FakeStream(u),
    });
    expect(streams).toHaveLength(1);
  });

  it('names the bundle it runs with and its text set; a newer one named at open is fetched and applied', async () => {
    const s = start();
    const q = new URL(s.url, 'http://x').searchParams;
    expect(q.get('bundleEtag')).toBe('"b1"');
    expect(q.get('locale')).toBeNull();
    // Published before the stream opened: the server's first event names it (no Last-Event-ID yet).
    s.connect();
    s.send('published', published({ 'bundle:ID': '"b2"' }));
    await vi.advanceTimersByTimeAsync(SPREAD_MS);
    expect(applied.map((a) => a.etag)).toEqual(['"b2"']);
    // Another text set, and a page whose bundle has no ETag: the locale goes, no ETag is made up.
    stop();
    const opened: string[] = [];
    stop = startLive({
      market: 'ID',
      locale: 'en-IN',
      bundleEtag: () => null,
      applyBundle: () => {},
      log: () => {},
      open: (u) => (opened.push(u), new FakeStream(u)),
    });
    const other = new URL(opened[0], 'http://x').searchParams;
    expect([other.get('locale'), other.get('bundleEtag')]).toEqual(['en-IN', null]);
  });

  it('re-fetches a changed bundle by ETag after a random wait within 2 s, and hands it to the app', async () => {
    const s = start(() => 0.75);
    s.connect();
    s.send('published', published({ 'bundle:ID': '"b2"' }));
    await vi.advanceTimersByTimeAsync(0.75 * SPREAD_MS - 1);
    expect(requests).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests.map((r) => [r.path, r.ifNoneMatch])).toEqual([['/config/v1/bundle', '"b1"']]);
    expect(applied.map((a) => [a.etag, a.body.textSet.texts.title])).toEqual([['"b2"', 'new copy']]);
    // The screen on show is not disturbed: nothing is told to the route for a bundle change.
    expect(told).toEqual([]);
  });

  it('ignores what the page already has, another market, other screens and garbage', async () => {
    const s = start();
    watchScreen('complaint-entry').show();
    s.connect();
    s.send('published', published({ 'bundle:ID': '"b1"', 'screen:other': '"x"' }));
    s.send('published', published({ 'bundle:IN': '"i2"' }, 'IN'));
    // Another text set of the same market is another page's bundle.
    s.send('published', published({ 'bundle:ID:en-IN': '"e2"' }));
    s.send('published', 'not json');
    s.send('published', { market: 'ID', changed: null });
    await vi.advanceTimersByTimeAsync(SPREAD_MS);
    expect(requests).toEqual([]);
  });

  it('several events in the wait make one re-fetch; the screen on show gets its newer version for later', async () => {
    const s = start();
    const shown = watchScreen('complaint-entry');
    shown.show();
    shown.settle();
    s.connect();
    s.send('published', published({ 'bundle:ID': '"b2"' }));
    s.send('published', published({ 'screen:complaint-entry': '"s2"' }));
    await vi.advanceTimersByTimeAsync(SPREAD_MS);
    expect(requests.map((r) => r.path).sort()).toEqual(['/config/v1/bundle', '/config/v1/screens/complaint-entry']);
    expect(told).toEqual([{ id: 'complaint-entry', fresh: expect.objectContaining({ etag: '"s2"' }), now: false }]);
    expect(applied).toHaveLength(1);
  });

  it('a screen whose first call failed is rescued at once: no random wait, mounted again under the new bundle', async () => {
    const s = start(() => 0.99);
    const shown = watchScreen('complaint-entry');
    shown.show();
    s.connect();
    shown.callFailed();
    shown.settle();
    const t0 = Date.now();
    s.send('published', published({ 'bundle:ID': '"b2"' }));
    await vi.advanceTimersByTimeAsync(0);
    expect(requests.map((r) => [r.path, r.at - t0])).toEqual([['/config/v1/bundle', 0]]);
    expect(applied).toHaveLength(1);
    expect(told).toEqual([{ id: 'complaint-entry', now: true }]);
  });

  it('a screen failing when the stream first opens is fetched again at once (a rollback since the load)', async () => {
    const s = start(() => 0.99);
    const shown = watchScreen('complaint-entry');
    shown.show();
    shown.callFailed();
    s.connect();
    await vi.advanceTimersByTimeAsync(0);
    expect(requests.map((r) => r.path).sort()).toEqual(['/config/v1/bundle', '/config/v1/screens/complaint-entry']);
    expect(told).toEqual([{ id: 'complaint-entry', fresh: expect.objectContaining({ etag: '"s2"' }), now: true }]);
  });

  it('a healthy screen is not fetched when the stream opens: its next navigation revalidates it', async () => {
    const s = start();
    watchScreen('complaint-entry').show();
    s.connect();
    await vi.advanceTimersByTimeAsync(SPREAD_MS);
    expect(requests).toEqual([]);
  });

  it('a call failing after onLoad (the borrower mid-flow) does not make the screen failing', async () => {
    const s = start(() => 0.5);
    const shown = watchScreen('complaint-entry');
    shown.show();
    shown.settle();
    shown.callFailed();
    s.connect();
    s.send('published', published({ 'screen:complaint-entry': '"s2"' }));
    await vi.advanceTimersByTimeAsync(0);
    expect(requests).toEqual([]);
    await vi.advanceTimersByTimeAsync(SPREAD_MS);
    expect(told.map((t) => t.now)).toEqual([false]);
  });

  it('a render error makes the screen failing: its newer version replaces it at once', async () => {
    const s = start();
    const shown = watchScreen('complaint-entry');
    shown.show();
    shown.settle();
    shown.renderFailed();
    s.connect();
    s.send('published', published({ 'screen:complaint-entry': '"s2"' }));
    await vi.advanceTimersByTimeAsync(0);
    expect(told).toEqual([{ id: 'complaint-entry', fresh: expect.objectContaining({ etag: '"s2"' }), now: true }]);
  });

  it('a release event re-fetches the bundle and the screen on show for the borrower’s arm; a 304 changes nothing', async () => {
    served['/config/v1/bundle'].etag = '"b1"';
    writeCached('screen:complaint-entry', { etag: '"s2"', body: screenDoc('complaint-entry', 'v2') });
    const s = start();
    watchScreen('complaint-entry').show();
    s.connect();
    s.send('release', { id: 'rel-0123456789', status: 'rolled-back', percent: 0 });
    await vi.advanceTimersByTimeAsync(SPREAD_MS);
    expect(requests.map((r) => [r.path, r.ifNoneMatch]).sort()).toEqual([
      ['/config/v1/bundle', '"b1"'],
      ['/config/v1/screens/complaint-entry', '"s2"'],
    ]);
    expect(applied).toEqual([]);
    expect(told).toEqual([]);
  });

  it('refused (204 live:false, 503 over the cap): stays on revalidation, asks again later and catches up', async () => {
    const s = start(() => 0.5);
    s.refuse();
    expect(s.closed).toBe(true);
    expect(streams).toHaveLength(1);
    // 30 s × (0.5 + 0.5): jittered, growing.
    await vi.advanceTimersByTimeAsync(29_999);
    expect(streams).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(streams).toHaveLength(2);
    streams[1].refuse();
    await vi.advanceTimersByTimeAsync(59_999);
    expect(streams).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(streams).toHaveLength(3);
    // Open at last: what was published meanwhile is fetched (the new stream starts from now).
    streams[2].connect();
    await vi.advanceTimersByTimeAsync(SPREAD_MS);
    expect(requests.map((r) => r.path)).toEqual(['/config/v1/bundle']);
    expect(applied.map((a) => a.etag)).toEqual(['"b2"']);
  });

  it('a cut stream is left to EventSource’s own reconnect (it resumes with Last-Event-ID)', async () => {
    const s = start();
    s.connect();
    s.readyState = 0;
    s.onerror?.(new Event('error'));
    expect(s.closed).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(streams).toHaveLength(1);
  });

  it('stop closes the stream and drops a pending re-fetch', async () => {
    const s = start();
    s.connect();
    s.send('published', published({ 'bundle:ID': '"b2"' }));
    stop();
    expect(s.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(SPREAD_MS);
    expect(requests).toEqual([]);
  });
});
