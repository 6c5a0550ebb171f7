/**
 * A real browser's beacons count once each. With a release in flight (an identical copy edit of
 * the market's text set at 50 %), a borrower opens `/complaint` in Chromium and puts the app in the background: its
 * beacon carries the view ticket the drawn page handed over (no deviceId, no arm of its own), and the release's
 * figures gain exactly one page view. The same beacon replayed (as an attacker would) adds nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, type Client } from '../../config-server/testing/test-helpers';
import { PASSWORD } from './admin-helpers';
import { commonParams, screenVisible, startHarness, type Harness } from './harness';

let h: Harness;
let ops: Client;
let release: string;

interface ReleaseRow {
  id: string;
  arms: Record<'base' | 'candidate', { pageViews: number; errors: number }>;
}

beforeAll(async () => {
  h = await startHarness({
    locale: 'id-ID',
    env: { ADMIN_USER: 'ops', ADMIN_PASSWORD: PASSWORD, ADMIN_ROLE: 'publisher', TRUST_PROXY: 'loopback' },
    log: () => {},
  });
  ops = await login(h.url, 'ops', PASSWORD);
  const doc = await ops.req('GET', '/admin/api/documents/text-set/id-ID');
  const content = { ...(await doc.json()).published.content, description: 'identical copy, for the beacon test' };
  expect(
    (
      await ops.req('PUT', '/admin/api/documents/text-set/id-ID/draft', content, {
        'if-match': doc.headers.get('etag')!,
      })
    ).status,
  ).toBe(200);
  const published = await ops.req('POST', '/admin/api/publish', {
    documents: [{ kind: 'text-set', id: 'id-ID' }],
    note: 'A/A for beacons',
    rollout: { percent: 50 },
  });
  expect(published.status).toBe(200);
  release = (await published.json()).release.id;
}, 60_000);
afterAll(async () => h?.close());

const views = async () => {
  const row = ((await (await ops.req('GET', '/admin/api/releases')).json()).releases as ReleaseRow[]).find(
    (r) => r.id === release,
  )!;
  return row.arms.base.pageViews + row.arms.candidate.pageViews;
};

describe("a real page's beacon", () => {
  it('counts its view once, by the ticket the page was handed, and a replay counts nothing', async () => {
    const rec = await h.newPage({ headers: { 'x-forwarded-for': '198.51.100.7' } });
    const sender = rec.page.waitForResponse((r) => /\/assets\/start-beacons-[^/]+\.js$/.test(r.url()));
    // What the page hands navigator.sendBeacon, kept to replay (the protocol does not expose a beacon Blob's body).
    await rec.page.addInitScript(() => {
      const kept: string[] = ((window as unknown as { __beacons: string[] }).__beacons = []);
      const send = navigator.sendBeacon.bind(navigator);
      navigator.sendBeacon = (url, data) => {
        if (data instanceof Blob) void data.text().then((t) => kept.push(t));
        return send(url, data);
      };
    });
    const beacons: string[] = [];
    const read = async () =>
      beacons.splice(
        0,
        beacons.length,
        ...(await rec.page.evaluate(() => (window as unknown as { __beacons: string[] }).__beacons)),
      ).length;
    const deviceId = 'beacon-ticket-1';
    await rec.page.goto(`${h.url}/complaint?${new URLSearchParams({ ...commonParams('beacon-ticket'), deviceId })}`);
    await screenVisible(rec.page);
    expect(await views()).toBe(0);
    await sender;
    await rec.page.evaluate(() =>
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' }),
    );
    await expect
      .poll(
        async () => {
          await rec.page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
          await read();
          return beacons.length;
        },
        { timeout: 10_000 },
      )
      .toBeGreaterThan(0);
    await expect.poll(views, { timeout: 5_000 }).toBe(1);

    const body = JSON.parse(beacons[0]) as { screens: { screen: string; ticket?: string; releases?: unknown }[] };
    const entry = body.screens.find((s) => s.screen === 'complaint-entry')!;
    expect(entry.ticket).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(entry.releases).toBeUndefined();
    expect(beacons[0]).not.toContain(deviceId);

    // Replayed from elsewhere, twice: the ticket was counted already.
    for (const address of ['198.51.100.8', '198.51.100.9']) {
      const r = await fetch(`${h.url}/config/v1/beacon`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: beacons[0],
      });
      expect(r.status).toBe(204);
    }
    expect(await views()).toBe(1);
    expect(rec.pageErrors).toEqual([]);
  });
});
