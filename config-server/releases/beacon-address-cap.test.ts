/**
 * One machine with a thousand deviceIds cannot decide a release: one address fetches 1,000 real
 * tickets and posts failing beacons for every candidate one; a healthy guarded release with healthy views from
 * borrowers at other addresses is not rolled back, and that address counts at most BEACON_VIEWS_PER_ADDRESS (4) page
 * views and 4 errors.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-helpers.js';
import { releaseFigures, verdictOf } from './release-stats.js';
import { regression } from './guard-rule.js';
import { startTestRelease } from './testing/test-release.js';
import { fetchTicket, postBeacon, type FetchedTicket } from './testing/test-tickets.js';

const SCREEN = 'complaint-entry';
const ATTACKER = '192.0.2.66';

describe('the per-address cap', () => {
  let s: TestServer;
  let release: string;
  beforeAll(async () => {
    s = await startTestServer({ guardMs: 3_600_000, env: { TRUST_PROXY: 'loopback' } });
    release = (await startTestRelease(s, { screens: [SCREEN], guard: true })).id;
  }, 60_000);
  afterAll(() => s?.stop());

  it('keeps one address with 1,000 deviceIds from rolling back a healthy release', async () => {
    // 40 real borrowers, each at its own address, each one healthy view.
    for (let i = 0; i < 40; i++) {
      const address = `198.51.100.${i + 1}`;
      const { ticket } = await fetchTicket(s.url, SCREEN, `real-${i}`, release, address);
      expect(await postBeacon(s.url, [{ screen: SCREEN, ticket, pageViews: 1, lcp: [1200] }], address)).toBe(204);
    }
    const r = () => s.config.snapshot().releases.find((x) => x.id === release)!;
    const healthy = await releaseFigures(s.config.telemetry, r());
    expect(healthy.base.pageViews + healthy.candidate.pageViews).toBe(40);
    expect(healthy.candidate.errors + healthy.base.errors).toBe(0);

    // The attacker: 1,000 deviceIds from one address, every candidate view reported broken (beacons of 10 views).
    const tickets: FetchedTicket[] = [];
    for (let i = 0; i < 1000; i++) tickets.push(await fetchTicket(s.url, SCREEN, `bot-${i}`, release, ATTACKER));
    const broken = tickets
      .filter((t) => t.arm === 'candidate')
      .map((t) => ({
        screen: SCREEN,
        ticket: t.ticket,
        pageViews: 1,
        renderErrors: 20,
        apiFailures: { problemInit: 20 },
        lcp: [30_000],
      }));
    expect(broken.length).toBeGreaterThan(400);
    const statuses = new Set<number>();
    for (let i = 0; i < broken.length; i += 10)
      statuses.add(await postBeacon(s.url, broken.slice(i, i + 10), ATTACKER));
    expect([...statuses]).toEqual([204]);

    const after = await releaseFigures(s.config.telemetry, r());
    expect(after.candidate.pageViews - healthy.candidate.pageViews).toBe(4);
    expect(after.candidate.errors).toBe(4);
    expect(after.base).toEqual(healthy.base);
    expect(verdictOf(r(), after).status).not.toBe('regressed');
    expect(await s.config.guard.look()).toEqual([]);
    expect(r().status).toBe('rolling');
    // What the cap stopped: the same views uncapped (each counted once, as tickets do) would have rolled it back.
    const uncapped = {
      ...after.candidate,
      pageViews: healthy.candidate.pageViews + broken.length,
      errors: broken.length * 20,
    };
    expect(regression(after.base, uncapped)?.metric).toBe('error-rate');
  }, 120_000);
  it('counts one IPv6 /64 as one address: a phone rotating its own addresses stays within the cap', async () => {
    // A phone on a mobile network is given a whole /64 and may pick a fresh address in it for every request.
    const own = (await startTestRelease(s, { screens: ['complaint-list'], guard: true })).id;
    const at = (i: number) => `2001:db8:4:7::${(i + 1).toString(16)}`;
    const broken: Record<string, unknown>[] = [];
    for (let i = 0; broken.length < 40; i++) {
      const t = await fetchTicket(s.url, 'complaint-list', `v6-bot-${i}`, own, at(i));
      if (t.arm === 'candidate')
        broken.push({ screen: 'complaint-list', ticket: t.ticket, pageViews: 1, renderErrors: 20 });
    }
    for (let i = 0; i < broken.length; i++) expect(await postBeacon(s.url, [broken[i]], at(1000 + i))).toBe(204);
    const r = s.config.snapshot().releases.find((x) => x.id === own)!;
    const f = await releaseFigures(s.config.telemetry, r);
    expect(f.candidate.pageViews).toBe(4);
    expect(f.candidate.errors).toBe(4);
  }, 60_000);
});
