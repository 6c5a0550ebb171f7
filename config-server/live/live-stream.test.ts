/**
 * The borrower stream on a real server: the wire format and headers, a `published` event with the ETags the
 * config API then serves, release and guard events with the borrower's arm, resume with Last-Event-ID on another
 * instance of the same store, the cap, the market's off switch, the heartbeat, and the console stream.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkedFetch } from '../openapi/check.js';
import { PASSWORD, startTestServer, type TestServer } from '../testing/test-helpers.js';
import { startTestRelease } from '../releases/testing/test-release.js';
import { postBeacon, reportViews } from '../releases/testing/test-tickets.js';
import { openReady, type SseClient } from './testing/sse-client.js';
import { publishEdit, publishText } from './testing/live-fixtures.js';

const data = (e: { data: string }) =>
  JSON.parse(e.data) as Record<string, unknown> & { changed: Record<string, string> };
const etagOf = async (url: string) => (await checkedFetch(url)).headers.get('etag');

describe('the borrower stream', () => {
  let s: TestServer;
  const open: SseClient[] = [];
  const stream = async (query: string, headers: Record<string, string> = {}) => {
    const c = await openReady(`${s.url}/config/v1/live?${query}`, headers);
    open.push(c);
    return c;
  };
  beforeAll(async () => {
    s = await startTestServer({
      guardMs: 3_600_000,
      env: { LIVE_HEARTBEAT_MS: '100', BEACON_VIEWS_PER_ADDRESS: '10000' },
    });
  }, 60_000);
  afterAll(async () => {
    for (const c of open) c.close();
    await s?.stop();
  });

  it('opens with the contract headers, uncompressed, and the generation as its id', async () => {
    const c = await stream('market=ID&deviceId=d-1', { 'accept-encoding': 'gzip, br' });
    expect(c.status).toBe(200);
    expect(c.headers).toMatchObject({
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    expect(c.headers['content-encoding']).toBeUndefined();
    // helmet's headers are on it too: the stream is an ordinary response to the CSP.
    expect(c.headers['content-security-policy']).toContain("connect-src 'self'");
    expect(c.retry).toBe(3000);
    expect(c.lastId).toBe(String(s.config.snapshot().generation));
    expect(c.events).toEqual([]);
  });

  it('announces a copy publish with the ETag the config API then serves, to that market only', async () => {
    const id = await stream('market=ID&deviceId=d-1');
    const inStream = await stream('market=IN&deviceId=d-1');
    const before = s.config.snapshot().generation;
    await publishText(s, 'Salinan baru');
    const e = await id.next((x) => x.event === 'published');
    const body = data(e);
    expect(e.id).toBe(String(before + 1));
    expect(body).toMatchObject({ generation: before + 1, market: 'ID' });
    expect(body.changed['bundle:ID']).toBe(await etagOf(`${s.url}/config/v1/bundle?market=ID&deviceId=d-1`));
    expect(Object.keys(body.changed).some((k) => k.startsWith('screen:'))).toBe(false);
    // India's own bundle did not change (only its id-ID variant, which a page asking for locale=id-ID caches).
    const other = data(await inStream.next((x) => x.event === 'published'));
    expect(Object.keys(other.changed)).toEqual(['bundle:IN:id-ID']);
  });

  it('sends a release and its arm on start, and everyone back to the base on rollback', async () => {
    const c = await stream('market=ID&deviceId=d-7');
    const r = await startTestRelease(s, { screens: ['complaint-entry'], percent: 100 });
    const screenUrl = `${s.url}/config/v1/screens/complaint-entry?market=ID&deviceId=d-7`;
    const rel = await c.next((x) => x.event === 'release');
    expect(data(rel)).toEqual({ id: r.id, status: 'rolling', percent: 100 });
    expect(rel.id).toMatch(/^[0-9]+\.r1$/);
    const pub = data(await c.next((x) => x.event === 'published' && x.id === rel.id!.split('.')[0]));
    expect(pub.changed).toEqual({ 'screen:complaint-entry': await etagOf(screenUrl) });

    await s.config.store.releases.rollbackRelease(r.id, { user: 'pat', reason: 'live test' });
    await s.config.refresh();
    const back = await c.next((x) => x.event === 'release' && data(x).status === 'rolled-back');
    expect(data(back)).toEqual({ id: r.id, status: 'rolled-back', percent: 100 });
    const after = data(await c.next((x) => x.event === 'published' && x.id === back.id!.split('.')[0]));
    expect(after.changed['screen:complaint-entry']).toBe(await etagOf(screenUrl));
    expect(after.changed['screen:complaint-entry']).not.toBe(pub.changed['screen:complaint-entry']);
  });

  it("announces the guard's verdict as a rollback, with the base's ETag", async () => {
    const r = await startTestRelease(s, { screens: ['complaint-list'], percent: 50, guard: true });
    const c = await stream('market=ID&deviceId=d-9');
    await reportViews(s.url, 'complaint-list', r.id, 'candidate', { pageViews: 22, apiFailures: 21 });
    await reportViews(s.url, 'complaint-list', r.id, 'base', { pageViews: 20 });
    expect(await postBeacon(s.url, [])).toBeGreaterThanOrEqual(200);
    const t0 = Date.now();
    expect(await s.config.guard.look()).toEqual([r.id]);
    const verdict = await c.next((x) => x.event === 'release' && data(x).status === 'rolled-back', 1000);
    expect(verdict.at - t0).toBeLessThan(1000);
    const pub = data(await c.next((x) => x.event === 'published' && x.id === verdict.id!.split('.')[0]));
    expect(pub.changed['screen:complaint-list']).toBe(
      await etagOf(`${s.url}/config/v1/screens/complaint-list?market=ID&deviceId=d-9`),
    );
  });

  it('keeps the connection open with a heartbeat comment', async () => {
    const c = await stream('market=ID');
    await new Promise((r) => setTimeout(r, 350));
    expect(c.comments.filter((x) => x === 'hb').length).toBeGreaterThanOrEqual(2);
  });

  it('resumes from a Last-Event-ID with what changed since, once; garbage or future ids get the current state', async () => {
    const c = await stream('market=ID&deviceId=d-2');
    const from = c.lastId!;
    c.close();
    await publishText(s, 'terlewat');
    await publishEdit(s, 'screen', 'complaint-entry', (d) => (d.description = 'missed screen edit'));
    const back = await stream('market=ID&deviceId=d-2', { 'last-event-id': from });
    const e = data(await back.next((x) => x.event === 'published'));
    expect(back.events).toHaveLength(1);
    expect(e.generation).toBe(s.config.snapshot().generation);
    expect(e.changed).toEqual({
      'bundle:ID': await etagOf(`${s.url}/config/v1/bundle?market=ID&deviceId=d-2`),
      'bundle:ID:id-ID': await etagOf(`${s.url}/config/v1/bundle?market=ID&locale=id-ID&deviceId=d-2`),
      'screen:complaint-entry': await etagOf(`${s.url}/config/v1/screens/complaint-entry?market=ID&deviceId=d-2`),
    });
    for (const id of ['garbage', '99999', '']) {
      const g = await stream('market=ID', { 'last-event-id': id });
      expect(g.events).toEqual([]);
      expect(g.lastId).toBe(String(s.config.snapshot().generation));
    }
  });

  it("a first stream names a bundle published after the page's own (bundleEtag), for its text set", async () => {
    const bundleUrl = `${s.url}/config/v1/bundle?market=ID&deviceId=d-3`;
    const localeUrl = `${s.url}/config/v1/bundle?market=ID&locale=id-ID&deviceId=d-3`;
    const [had, hadLocale] = [await etagOf(bundleUrl), await etagOf(localeUrl)];
    await publishText(s, 'sebelum aliran');
    const q = (etag: string | null) => `market=ID&deviceId=d-3&bundleEtag=${encodeURIComponent(etag!)}`;
    const late = await stream(q(had));
    const e = await late.next((x) => x.event === 'published');
    expect(e.id).toBe(String(s.config.snapshot().generation));
    expect(data(e).changed).toEqual({ 'bundle:ID': await etagOf(bundleUrl) });
    // The other text set's page is told of its own key.
    const other = await stream(`${q(hadLocale)}&locale=id-ID`);
    expect(data(await other.next((x) => x.event === 'published')).changed).toEqual({
      'bundle:ID:id-ID': await etagOf(localeUrl),
    });
    // A page with the current bundle, or none named, starts quiet.
    for (const query of [q(await etagOf(bundleUrl)), 'market=ID&deviceId=d-3']) {
      const quiet = await stream(query);
      await new Promise((r) => setTimeout(r, 50));
      expect(quiet.events).toEqual([]);
      expect(quiet.lastId).toBe(String(s.config.snapshot().generation));
    }
    // A resumed stream goes by its Last-Event-ID alone.
    const resumed = await stream(q(had), { 'last-event-id': String(s.config.snapshot().generation) });
    await new Promise((r) => setTimeout(r, 50));
    expect(resumed.events).toEqual([]);
  });

  it('refuses a bad bundleEtag or locale with a JSON 400 naming it', async () => {
    for (const [q, param] of [
      ['market=ID&bundleEtag=', 'bundleEtag'],
      [`market=ID&bundleEtag=${'x'.repeat(129)}`, 'bundleEtag'],
      ['market=ID&bundleEtag=a&bundleEtag=b', 'bundleEtag'],
      ['market=ID&locale=fr-FR', 'locale'],
    ]) {
      const r = await checkedFetch(`${s.url}/config/v1/live?${q}`);
      expect(r.status).toBe(400);
      expect(((await r.json()) as { error: { details: { param: string } } }).error.details.param).toBe(param);
    }
  });

  it('refuses a missing, repeated or unknown market with a JSON 400 naming it', async () => {
    for (const q of ['', 'market=ID&market=IN', 'market=XX']) {
      const r = await checkedFetch(`${s.url}/config/v1/live?${q}`);
      expect(r.status).toBe(400);
      expect(((await r.json()) as { error: { details: { param: string } } }).error.details.param).toBe('market');
    }
  });

  it('answers 204 for a market set to live: false, and ends its open streams', async () => {
    const c = await stream('market=IN');
    await publishEdit(s, 'market', 'IN', (m) => (m.live = false));
    await c.ended;
    const r = await checkedFetch(`${s.url}/config/v1/live?market=IN`);
    expect(r.status).toBe(204);
    expect((await stream('market=ID')).status).toBe(200);
    await publishEdit(s, 'market', 'IN', (m) => delete m.live);
    expect((await stream('market=IN')).status).toBe(200);
  });

  it('is live for the console too: session-checked, drafts and publishes announced', async () => {
    expect((await checkedFetch(`${s.url}/admin/api/live`)).status).toBe(401);
    const cookie = await loginCookie(s.url);
    const c = await openReady(`${s.url}/admin/api/live`, { cookie });
    open.push(c);
    expect(c.status).toBe(200);
    expect(c.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    const rec = (await s.config.store.getDocument('text-set', 'en-IN'))!;
    const content = structuredClone(rec.published!.content as { description?: string });
    content.description = 'a draft';
    await s.config.store.saveDraft({ kind: 'text-set', id: 'en-IN', file: rec.file, content }, rec.revision, {
      user: 'ed',
    });
    await c.next((x) => x.event === 'drafts', 5000);
    await publishText(s, 'konsol');
    const pub = data(await c.next((x) => x.event === 'published' && 'doc:text-set/id-ID' in data(x).changed));
    expect(pub.changed['doc:text-set/id-ID']).toBe((await s.config.store.getDocument('text-set', 'id-ID'))!.etag);
  });
});

/** A viewer's session cookie (the SSE client sends it as a browser's EventSource would). */
async function loginCookie(base: string): Promise<string> {
  const r = await checkedFetch(`${base}/admin/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user: 'vera', password: PASSWORD }),
  });
  return r.headers.get('set-cookie')!.split(';')[0];
}

describe('the stream cap', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ env: { LIVE_MAX_STREAMS: '1' } });
  }, 60_000);
  afterAll(() => s?.stop());

  it('answers 503 with Retry-After beyond LIVE_MAX_STREAMS, and has room again once a stream closes', async () => {
    const first = await openReady(`${s.url}/config/v1/live?market=ID`);
    expect(first.status).toBe(200);
    const r = await checkedFetch(`${s.url}/config/v1/live?market=ID`);
    expect(r.status).toBe(503);
    expect(r.headers.get('retry-after')).toBe('3');
    expect(((await r.json()) as { error: { details: unknown } }).error.details).toEqual({ limit: 'LIVE_MAX_STREAMS' });
    first.close();
    const deadline = Date.now() + 2000;
    while (s.config.live.size && Date.now() < deadline) await new Promise((x) => setTimeout(x, 10));
    const again = await openReady(`${s.url}/config/v1/live?market=ID`);
    expect(again.status).toBe(200);
    again.close();
  });
});
