import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, startTestServer, type Client, type TestServer } from '../testing/test-helpers.js';

const METRICS_TOKEN = 'metrics-token-for-tests';
const DOC = '/admin/api/documents';
const BORROWER = 'productId=101&orderId=1003&market=ID&token=metrics-borrower&deviceId=d&platform=android';

/** The value of one sample line, e.g. `http_requests_total{method="GET",route="/healthz",status="200"}`. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('/metrics', () => {
  let s: TestServer;
  let pat: Client;
  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${s.url}${path}`, { headers });
  const scrape = async () => {
    const r = await get('/metrics', { authorization: `Bearer ${METRICS_TOKEN}` });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return r.text();
  };

  beforeAll(async () => {
    // A long prefetch budget: the borrower page is drawn with its data however busy the machine is.
    s = await startTestServer({ env: { METRICS_TOKEN, SSR_PREFETCH_BUDGET_MS: '10000' } });
    pat = await login(s.url, 'pat');
  });
  afterAll(() => s?.stop());

  it('is not public: 401 without the bearer token or with another one', async () => {
    const none = await get('/metrics');
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect((await get('/metrics', { authorization: 'Bearer nope' })).status).toBe(401);
    expect((await get('/metrics', { authorization: `Basic ${METRICS_TOKEN}` })).status).toBe(401);
  });

  it('counts requests by route template and status, drawn pages by outcome, prefetches, publishes and rollbacks', async () => {
    for (let i = 0; i < 3; i++) expect((await get('/config/v1/bundle?market=ID')).status).toBe(200);
    expect((await get('/config/v1/bundle?market=XX')).status).toBe(400);
    expect((await get('/config/v1/screens/not-found')).status).toBe(200);
    expect((await get('/config/v1/screens/no-such-screen')).status).toBe(404);
    // A static page twice (drawn, then from the cache), a borrower page drawn with the data the server fetched.
    expect((await get('/?market=ID')).status).toBe(200);
    expect((await get('/?market=ID')).status).toBe(200);
    expect(await (await get(`/instalmentRepay?${BORROWER}`)).text()).toContain('id="sdui-ssr"');
    // A publish and a rollback of a text set.
    const ts = ((await (await get('/config/v1/bundle?market=ID')).json()) as { textSet: { id: string } }).textSet.id;
    const rec = await pat.req('GET', `${DOC}/text-set/${ts}`);
    const content = structuredClone((await rec.json()).published.content);
    content.texts['common.retry'] = 'Coba lagi (metrics)';
    expect(
      (await pat.req('PUT', `${DOC}/text-set/${ts}/draft`, content, { 'if-match': rec.headers.get('etag')! })).status,
    ).toBe(200);
    expect(
      (await pat.req('POST', '/admin/api/publish', { documents: [{ kind: 'text-set', id: ts }], note: 'metrics test' }))
        .status,
    ).toBe(200);
    const hist = await (await pat.req('GET', `${DOC}/text-set/${ts}/history`)).json();
    const cur = await pat.req('GET', `${DOC}/text-set/${ts}`);
    const back = await pat.req(
      'POST',
      `${DOC}/text-set/${ts}/rollback`,
      { version: hist.versions.at(-1).version, reason: 'metrics test' },
      { 'if-match': cur.headers.get('etag')! },
    );
    expect(back.status).toBe(200);

    const text = await scrape();
    // The fast path (in front of express) and the express routes count alike, by template, never by URL.
    expect(sample(text, 'http_requests_total{method="GET",route="/config/v1/bundle",status="200"}')).toBe(4);
    expect(sample(text, 'http_requests_total{method="GET",route="/config/v1/bundle",status="400"}')).toBe(1);
    expect(sample(text, 'http_requests_total{method="GET",route="/config/v1/screens/:id",status="200"}')).toBe(1);
    expect(sample(text, 'http_requests_total{method="GET",route="/config/v1/screens/:id",status="404"}')).toBe(1);
    expect(
      sample(text, 'http_requests_total{method="PUT",route="/admin/api/documents/:kind/:id/draft",status="200"}'),
    ).toBe(1);
    expect(sample(text, 'http_requests_total{method="GET",route="page:instalment-repay",status="200"}')).toBe(1);
    expect(text).not.toContain('token=');
    expect(text).not.toContain('metrics-borrower');
    expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="/config/v1/bundle"}')).toBe(5);
    expect(sample(text, 'sdui_pages_drawn_total{outcome="with_data"}')).toBe(1);
    expect(sample(text, 'sdui_pages_drawn_total{outcome="without_data"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'sdui_pages_drawn_total{outcome="cache_hit"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'sdui_prefetch_duration_seconds_count{outcome="ok"}')).toBe(1);
    expect(sample(text, 'sdui_publishes_total')).toBe(1);
    expect(sample(text, 'sdui_rollbacks_total')).toBe(1);
    expect(sample(text, 'sdui_store_reachable')).toBe(1);
    expect(sample(text, 'sdui_published_generation')).toBe(s.config.snapshot().generation);
    expect(sample(text, 'sdui_releases_in_flight')).toBe(0);
    // Node's process metrics.
    expect(text).toMatch(/^process_cpu_user_seconds_total /m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes /m);
  });

  it('counts the releases in flight: a publish to 10 % is one until it is rolled back', async () => {
    const ts = ((await (await get('/config/v1/bundle?market=ID')).json()) as { textSet: { id: string } }).textSet.id;
    const rec = await pat.req('GET', `${DOC}/text-set/${ts}`);
    const content = structuredClone((await rec.json()).published.content);
    content.texts['common.retry'] = 'Coba lagi (release)';
    expect(
      (await pat.req('PUT', `${DOC}/text-set/${ts}/draft`, content, { 'if-match': rec.headers.get('etag')! })).status,
    ).toBe(200);
    const published = await pat.req('POST', '/admin/api/publish', {
      documents: [{ kind: 'text-set', id: ts }],
      note: 'release metric',
      rollout: { percent: 10 },
    });
    expect(published.status).toBe(200);
    const { release } = (await published.json()) as { release: { id: string } };
    expect(sample(await scrape(), 'sdui_releases_in_flight')).toBe(1);
    expect(
      (await pat.req('POST', `/admin/api/releases/${release.id}/rollback`, { reason: 'metrics test' })).status,
    ).toBe(200);
    expect(sample(await scrape(), 'sdui_releases_in_flight')).toBe(0);
  });
});

describe('/metrics switched off, or on a port of its own', () => {
  it('is a JSON 404 when METRICS_TOKEN is not set (never the app page)', async () => {
    const s = await startTestServer();
    try {
      const r = await fetch(`${s.url}/metrics`, { headers: { authorization: 'Bearer anything' } });
      expect(r.status).toBe(404);
      expect(r.headers.get('content-type')).toMatch(/application\/json/);
      expect(s.config.metrics).toBeUndefined();
    } finally {
      await s.stop();
    }
  });

  it('with METRICS_PORT: served there without a token, and not on the app port', async () => {
    const s = await startTestServer({ env: { METRICS_PORT: '0' } });
    try {
      expect((await fetch(`${s.url}/config/v1/bundle?market=ID`)).status).toBe(200);
      expect((await fetch(`${s.url}/metrics`)).status).toBe(404);
      expect(s.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(s.metricsUrl).not.toBe(s.url);
      const text = await (await fetch(`${s.metricsUrl}/metrics`)).text();
      expect(sample(text, 'http_requests_total{method="GET",route="/config/v1/bundle",status="200"}')).toBe(1);
      expect((await fetch(`${s.metricsUrl}/config/v1/bundle?market=ID`)).status).toBe(404);
    } finally {
      await s.stop();
    }
  });
});
