import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadBundle, loadNamedBundle, loadScreen } from './config-client';
import { writeCached } from './config-cache';
import { setWho } from './arm-query';
import { inbox } from '../telemetry/telemetry-inbox';

const screen = { kind: 'screen', id: 'complaint-list', schemaVersion: 1, title: 'complaint.myComplaints', body: [] };
const bundleOf = (loading: string) => ({
  market: { id: 'ID' },
  textSet: { texts: { 'common.loading': loading } },
  routeMap: { routes: [] },
  apiMap: { endpoints: {}, commonParams: [] },
  bridgeMap: { messages: {} },
});

function mockFetch(impl: (url: string, init?: RequestInit) => Response | Promise<Response>) {
  const calls: { url: string; init?: RequestInit }[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    return impl(url, init);
  });
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  setWho({});
  inbox.length = 0;
  localStorage.clear();
});

describe('config client', () => {
  it('fetches a screen and returns its ETag', async () => {
    mockFetch(() => new Response(JSON.stringify(screen), { status: 200, headers: { ETag: '"v1"' } }));
    const r = await loadScreen('complaint-list', () => {});
    expect(r).toEqual({ body: screen, etag: '"v1"', source: 'network' });
  });

  it('revalidates with If-None-Match and uses the cached copy on 304', async () => {
    writeCached('screen:complaint-list', { etag: '"v1"', body: screen });
    const calls = mockFetch(() => new Response(null, { status: 304 }));
    const r = await loadScreen('complaint-list', () => {});
    expect((calls[0].init?.headers as Record<string, string>)['If-None-Match']).toBe('"v1"');
    expect(r?.source).toBe('cache');
    expect(r?.body).toEqual(screen);
  });

  it('falls back to the last good copy when the server is down or answers garbage', async () => {
    writeCached('screen:complaint-list', { etag: '"v1"', body: screen });
    const logs: string[] = [];
    mockFetch(() => new Response('{"oops":', { status: 200 }));
    expect((await loadScreen('complaint-list', (m) => logs.push(m)))?.body).toEqual(screen);
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    expect((await loadScreen('complaint-list', (m) => logs.push(m)))?.source).toBe('cache');
    mockFetch(() => new Response('{}', { status: 503 }));
    expect((await loadScreen('complaint-list', (m) => logs.push(m)))?.source).toBe('cache');
    expect(logs).toHaveLength(3);
  });

  it('a link that hangs: a screen seen before shows its last good copy after a while, not "loading" for good', async () => {
    writeCached('screen:complaint-list', { etag: '"v1"', body: screen });
    vi.useFakeTimers();
    try {
      // Weak signal, or a portal that takes the request and never answers: only the request's own signal ends it.
      const calls = mockFetch(
        (_url, init) =>
          new Promise<Response>((_, reject) =>
            init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
          ),
      );
      const loading = loadScreen('complaint-list', () => {});
      await vi.advanceTimersByTimeAsync(10_000);
      expect(calls).toHaveLength(1);
      await expect(Promise.race([loading, Promise.resolve('still loading')])).resolves.toMatchObject({
        source: 'cache',
        body: screen,
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it('a slow link whose answer began: the new version is waited for, not given up for the old copy', async () => {
    writeCached('screen:complaint-list', { etag: '"v1"', body: screen });
    vi.useFakeTimers();
    try {
      const v2 = { ...screen, title: 'complaint.v2' };
      // The answer begins at once; its body takes 20 s on 2G.
      mockFetch((_url, init) => {
        const body = new ReadableStream({
          start(c) {
            const id = setTimeout(() => (c.enqueue(new TextEncoder().encode(JSON.stringify(v2))), c.close()), 20_000);
            init?.signal?.addEventListener('abort', () => (clearTimeout(id), c.error(init.signal?.reason)));
          },
        });
        return new Response(body, { status: 200, headers: { ETag: '"v2"' } });
      });
      const loading = loadScreen('complaint-list', () => {});
      await vi.advanceTimersByTimeAsync(25_000);
      await expect(loading).resolves.toMatchObject({ source: 'network', etag: '"v2"', body: v2 });
    } finally {
      vi.useRealTimers();
    }
  });

  it('nothing cached and the server down → null (the app shows its error state)', async () => {
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    expect(await loadScreen('complaint-list', () => {})).toBeNull();
  });

  it('a drawn page names its bundle by ETag: the last good copy of that version needs no request', async () => {
    writeCached('bundle:ID', { etag: '"b2"', body: bundleOf('memuat') });
    const calls = mockFetch(() => new Response('{}', { status: 500 }));
    const r = await loadNamedBundle('ID', '"b2"', () => {});
    expect(calls).toEqual([]);
    expect(r).toEqual({ body: bundleOf('memuat'), etag: '"b2"', source: 'cache' });
  });

  it('another version named: the plain GET the page preloaded (no If-None-Match), then the last good copy if that fails', async () => {
    writeCached('bundle:ID', { etag: '"b1"', body: bundleOf('lama') });
    const calls = mockFetch(
      () => new Response(JSON.stringify(bundleOf('baru')), { status: 200, headers: { ETag: '"b2"' } }),
    );
    const r = await loadNamedBundle('ID', '"b2"', () => {});
    // The version in the URL: a browser cache holding the older bundle under max-age cannot answer it.
    expect(calls.map((c) => c.url)).toEqual(['/config/v1/bundle?market=ID&v=b2']);
    expect(calls[0].init?.headers).toEqual({});
    expect(r).toEqual({ body: bundleOf('baru'), etag: '"b2"', source: 'network' });
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const offline = await loadNamedBundle('ID', '"b2"', () => {});
    expect(offline).toEqual({ body: bundleOf('lama'), etag: '"b1"', source: 'cache' });
  });

  describe('in a release', () => {
    const page = { deviceId: 'cand-1', market: 'ID', platform: 'ios', version: '1.0.0', token: 'tok' };

    it("asks for screens and the bundle as this borrower, so the server answers their arm, and revalidates that arm's ETag", async () => {
      setWho(page);
      writeCached('screen:complaint-list', { etag: '"cand"', body: screen });
      const calls = mockFetch(
        () => new Response(null, { status: 304, headers: { 'X-Config-Release': 'rel-0123456789=candidate' } }),
      );
      expect((await loadScreen('complaint-list', () => {}))?.source).toBe('cache');
      await loadBundle('ID', () => {});
      expect(calls.map((c) => c.url)).toEqual([
        '/config/v1/screens/complaint-list?deviceId=cand-1&market=ID&platform=ios&version=1.0.0',
        '/config/v1/bundle?market=ID&deviceId=cand-1&platform=ios&version=1.0.0',
      ]);
      expect((calls[0].init?.headers as Record<string, string>)['If-None-Match']).toBe('"cand"');
      expect(calls.some((c) => c.url.includes('tok'))).toBe(false);
    });

    it('asks for the bundle a drawn page names by its URL alone: the version names the arm, and the preload is that URL', async () => {
      setWho(page);
      const calls = mockFetch(
        () => new Response(JSON.stringify(bundleOf('baru')), { status: 200, headers: { ETag: '"b2"' } }),
      );
      await loadNamedBundle('ID', '"b2"', () => {});
      expect(calls.map((c) => c.url)).toEqual(['/config/v1/bundle?market=ID&v=b2']);
    });

    it('notes the view ticket of each screen answer (200 or 304), for the beacons', async () => {
      let status = 200;
      mockFetch((url) =>
        url.includes('/screens/')
          ? new Response(status === 200 ? JSON.stringify(screen) : null, {
              status,
              headers: { ETag: '"v1"', 'X-View-Ticket': `t-${status}` },
            })
          : new Response(JSON.stringify(bundleOf('x')), { status: 200, headers: { ETag: '"b"' } }),
      );
      await loadScreen('complaint-list', () => {});
      writeCached('screen:complaint-list', { etag: '"v1"', body: screen });
      status = 304;
      await loadScreen('complaint-list', () => {});
      await loadBundle('ID', () => {});
      expect([...inbox]).toEqual([
        { key: 'screen:complaint-list', ticket: 't-200' },
        { key: 'screen:complaint-list', ticket: 't-304' },
      ]);
    });
  });
});
