/**
 * POST /config/v1/beacon over HTTP: what a beacon counts, what it may not carry, and the per-client cap.
 * Every exchange is checked against the OpenAPI description.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkedFetch as fetch } from '../openapi/check.js';
import type { TelemetryStore } from '../store/telemetry-records.js';
import { startTestServer, type TestServer } from '../testing/test-helpers.js';
import { startTestRelease } from './testing/test-release.js';
import { fetchTicket } from './testing/test-tickets.js';

const send = (base: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}/config/v1/beacon`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

const sums = async (t: TelemetryStore, release: string, screens?: string[]) =>
  Object.fromEntries((await t.figures(release, screens)).counts.map((c) => [`${c.arm || '-'} ${c.metric}`, c.n]));

describe('POST /config/v1/beacon', () => {
  let s: TestServer;
  let release: string;
  beforeAll(async () => {
    s = await startTestServer();
    release = (await startTestRelease(s, { screens: ['complaint-entry'] })).id;
  }, 60_000);
  afterAll(() => s?.stop());

  it("counts a beacon: 204, the screen's own figures and its ticket's arm of a release in flight", async () => {
    const { ticket, arm } = await fetchTicket(s.url, 'complaint-entry', 'routes-1', release);
    const r = await send(s.url, {
      v: 1,
      market: 'ID',
      screens: [
        {
          screen: 'complaint-entry',
          ticket,
          pageViews: 2,
          renderErrors: 1,
          unknownNodes: 3,
          expressionWarnings: 4,
          apiFailures: { problemInit: 2, noSuchEndpoint: 1 },
          lcp: [1234, 1250],
          inp: [80],
        },
        { screen: 'complaint-list', pageViews: 1 },
      ],
    });
    expect(r.status).toBe(204);
    expect(await r.text()).toBe('');
    const t = s.config.telemetry;
    // One view (the ticket's), in the ticket's arm; its first LCP and INP.
    expect(await sums(t, release)).toEqual({
      [`${arm} pageViews`]: 1,
      [`${arm} renderErrors`]: 1,
      [`${arm} unknownNodes`]: 3,
      [`${arm} expressionWarnings`]: 4,
      [`${arm} apiFailures:problemInit`]: 2,
      [`${arm} apiFailures:(other)`]: 1,
    });
    expect((await t.figures(release)).bins).toEqual([
      { arm, metric: 'inp', bin: 1, n: 1 },
      { arm, metric: 'lcp', bin: 24, n: 1 },
    ]);
    expect(await sums(t, '')).toMatchObject({ '- pageViews': 2, '- apiFailures:problemInit': 2 });
  });

  it('counts nothing of a screen or market that is not published, and nothing for a release no longer in flight', async () => {
    const t = s.config.telemetry;
    const before = await sums(t, '');
    expect(
      (await send(s.url, { v: 1, market: 'ID', screens: [{ screen: 'no-such-screen', pageViews: 5 }] })).status,
    ).toBe(204);
    expect(
      (await send(s.url, { v: 1, market: 'ZZ', screens: [{ screen: 'complaint-entry', pageViews: 5 }] })).status,
    ).toBe(204);
    expect(await sums(t, '')).toEqual(before);
    const other = await startTestRelease(s, { screens: ['not-found'] });
    const { ticket } = await fetchTicket(s.url, 'not-found', 'routes-2', other.id);
    await s.config.store.releases.rollbackRelease(other.id, { user: 'pat', reason: 'over' });
    await s.config.refresh();
    expect(
      (await send(s.url, { v: 1, market: 'ID', screens: [{ screen: 'not-found', ticket, pageViews: 1 }] })).status,
    ).toBe(204);
    expect(await sums(t, other.id)).toEqual({});
    expect((await sums(t, ''))['- pageViews']).toBe(before['- pageViews'] + 1);
  });

  it('refuses what does not fit the schema with 400 naming the JSON pointer, and counts nothing of it', async () => {
    const t = s.config.telemetry;
    const before = [await sums(t, ''), await sums(t, release)];
    const cases: [unknown, RegExp][] = [
      [
        { v: 1, market: 'ID', screens: [{ screen: 'complaint-entry', pageViews: 101 }] },
        /at \/screens\/0\/pageViews: must be <= 100/,
      ],
      [
        { v: 1, market: 'ID', screens: [{ screen: 'complaint-entry', pageViews: 1, token: 'abc' }] },
        /at \/screens\/0: must NOT have additional properties \(token\)/,
      ],
      [
        { v: 1, market: 'ID', deviceId: 'd-1', screens: [{ screen: 'complaint-entry' }] },
        /at \/: must NOT have additional properties \(deviceId\)/,
      ],
      [
        { v: 1, market: 'ID', screens: [{ screen: 'complaint-entry', apiFailures: { '0812-3456-7890': 1 } }] },
        /at \/screens\/0\/apiFailures: must match pattern/,
      ],
      [
        { v: 1, market: 'ID', screens: [{ screen: 'complaint-entry', lcp: [1.5] }] },
        /at \/screens\/0\/lcp\/0: must be integer/,
      ],
      [{ v: 2, market: 'ID', screens: [{ screen: 'complaint-entry' }] }, /at \/v: must be equal to constant/],
      [{ v: 1, market: 'ID', screens: [] }, /at \/screens: must NOT have fewer than 1 items/],
      [[1, 2], /at \/: must be object/],
    ];
    for (const [body, message] of cases) {
      const r = await send(s.url, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      const err = (await r.json()) as { error: { message: string }; errors: { instancePath: string }[] };
      expect(err.error.message).toMatch(message);
      expect(err.errors).toHaveLength(1);
    }
    expect((await send(s.url, '{"v": 1, "market": ')).status).toBe(400);
    expect((await send(s.url, 'null')).status).toBe(400);
    const big = {
      v: 1,
      market: 'ID',
      screens: [{ screen: 'complaint-entry', pageViews: 1, lcp: [1000] }],
      pad: 'x'.repeat(4096),
    };
    const tooLarge = await send(s.url, big);
    expect(tooLarge.status).toBe(413);
    expect(((await tooLarge.json()) as { error: { message: string } }).error.message).toMatch(/limit is 4096 bytes/);
    expect(
      (
        await send(
          s.url,
          JSON.stringify({ v: 1, market: 'ID', screens: [{ screen: 'complaint-entry', pageViews: 1 }] }),
          { 'content-type': 'text/plain' },
        )
      ).status,
    ).toBe(415);
    expect([await sums(t, ''), await sums(t, release)]).toEqual(before);
  });
});

describe('the per-client beacon cap', () => {
  let s: TestServer;
  beforeAll(async () => {
    // TRUST_PROXY=1: the load balancer in front says who the client is (X-Forwarded-For).
    s = await startTestServer({ beaconLimit: { limit: 5, windowMs: 60_000 }, env: { TRUST_PROXY: '1' } });
  }, 60_000);
  afterAll(() => s?.stop());

  it("refuses a client's beacons beyond the cap with 429 and counts none of them; other clients go on", async () => {
    const beacon = { v: 1, market: 'ID', screens: [{ screen: 'complaint-entry', pageViews: 1 }] };
    const a = { 'x-forwarded-for': '203.0.113.7' };
    const statuses = [];
    for (let i = 0; i < 8; i++) statuses.push((await send(s.url, beacon, a)).status);
    expect(statuses).toEqual([204, 204, 204, 204, 204, 429, 429, 429]);
    expect((await sums(s.config.telemetry, ''))['- pageViews']).toBe(5);
    const refused = await send(s.url, beacon, a);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(
      /Too many beacons from your address: at most 5 per 60 s/,
    );
    expect((await send(s.url, beacon, { 'x-forwarded-for': '198.51.100.9' })).status).toBe(204);
    expect((await sums(s.config.telemetry, ''))['- pageViews']).toBe(6);
  });
});
