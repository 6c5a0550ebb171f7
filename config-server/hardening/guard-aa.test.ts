/**
 * No false alarms: an A/A release (an identical copy edit of the market's text set) at 50 %,
 * guarded, with 2 % injected API failures in both arms. Each repetition: 200 page views of distinct borrowers, each
 * from its own address, fetching the screen (its view ticket says their arm) and sending a real beacon with
 * that ticket; the guard looks every 50 ms, and once more at the end. Every view counts, once. No repetition may be rolled back. GUARD_AA_REPS sets the count (npm test: 2;
 * `npm run test:hardening`: 20). The figure is printed for the README.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validStateCheck } from '../validation/publish-checks.js';
import { GUARD_ACTOR } from '../releases/guard.js';
import { releaseFigures } from '../releases/release-stats.js';
import { fetchTicket, postBeacon } from '../releases/testing/test-tickets.js';
import { startTestServer, type TestServer } from '../testing/test-helpers.js';

const REPS = Number(process.env.GUARD_AA_REPS ?? 2);
const VIEWS = 200;
const FAILURE_RATE = 0.02;

/** mulberry32: the same borrowers on every run. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('guard: A/A releases under 2 % API failures', () => {
  let s: TestServer;
  beforeAll(async () => {
    // Loopback is the trusted proxy: X-Forwarded-For gives each borrower its own address.
    s = await startTestServer({
      guardMs: 50,
      beaconLimit: { limit: 1_000_000, windowMs: 60_000 },
      env: { TRUST_PROXY: 'loopback' },
    });
  }, 60_000);
  afterAll(() => s?.stop());

  /** An identical copy edit: the market's text set saved as it is, published to 50 % with the guard on. */
  async function aaRelease() {
    const store = s.config.store;
    const rec = (await store.getDocument('text-set', 'id-ID'))!;
    await store.saveDraft(
      { kind: 'text-set', id: 'id-ID', file: rec.file, content: rec.published!.content },
      rec.revision,
      { user: 'ed' },
    );
    const rollout = { percent: 50, audience: {}, startAt: null, endAt: null, guard: true };
    const r = await store.releases.publishRelease(
      [{ kind: 'text-set', id: 'id-ID' }],
      { user: 'pat', note: 'A/A', rollout },
      validStateCheck,
    );
    await s.config.refresh();
    return r.id;
  }

  it(`${REPS} repetitions of ${VIEWS} page views: no automatic rollback`, async () => {
    const outcomes: {
      release: string;
      views: Record<string, number>;
      failures: Record<string, number>;
      status: string;
    }[] = [];
    for (let rep = 0; rep < REPS; rep++) {
      const id = await aaRelease();
      const r = rng(3600 + rep);
      const views = { base: 0, candidate: 0 };
      const failures = { base: 0, candidate: 0 };
      for (let i = 0; i < VIEWS; i++) {
        const address = `203.0.${rep}.${i}`;
        const { ticket, arm } = await fetchTicket(s.url, 'complaint-entry', `aa-${rep}-${i}`, id, address);
        const failed = r() < FAILURE_RATE;
        views[arm]++;
        if (failed) failures[arm]++;
        const lcp = Math.round(1500 * Math.exp(0.5 * Math.sqrt(-2 * Math.log(1 - r())) * Math.cos(2 * Math.PI * r())));
        const screen = {
          screen: 'complaint-entry',
          ticket,
          pageViews: 1,
          ...(failed ? { apiFailures: { problemInit: 1 } } : {}),
          lcp: [Math.min(lcp, 60_000)],
        };
        expect(await postBeacon(s.url, [screen], address)).toBe(204);
      }
      const release = (await s.config.store.releases.getRelease(id))!;
      const counted = await releaseFigures(s.config.telemetry, release);
      expect([
        counted.candidate.pageViews,
        counted.base.pageViews,
        counted.candidate.errors,
        counted.base.errors,
      ]).toEqual([views.candidate, views.base, failures.candidate, failures.base]);
      await s.config.guard.look();
      const status = (await s.config.store.releases.getRelease(id))!.status;
      outcomes.push({ release: id, views, failures, status });
      if (status === 'rolling')
        await s.config.store.releases.rollbackRelease(id, { user: 'pat', reason: 'A/A repetition over' });
      await s.config.refresh();
    }
    const rolledBack = outcomes.filter((o) => o.status !== 'rolling');
    const guardEntries = (await s.config.store.audit({ actor: GUARD_ACTOR })).map((e) => `${e.id}: ${e.note}`);
    console.log(
      `guard A/A: ${rolledBack.length} automatic rollbacks in ${REPS} releases of ${VIEWS} page views at 50 % with ${FAILURE_RATE * 100} % API failures ` +
        `(candidate/base page views ${outcomes.map((o) => `${o.views.candidate}/${o.views.base}`).join(', ')}; failures ${outcomes.map((o) => `${o.failures.candidate}/${o.failures.base}`).join(', ')})`,
    );
    expect(guardEntries).toEqual([]);
    expect(rolledBack).toEqual([]);
  }, 600_000);
});
