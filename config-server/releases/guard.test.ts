/**
 * The guard on a real server: beacons in, an automatic rollback out, audited with the figures; two replicas
 * deciding at once roll back once; the console's list shows each arm and the verdict.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, startTestServer, type Client, type TestServer } from '../testing/test-helpers.js';
import { GUARD_ACTOR, releaseGuard } from './guard.js';
import { releaseFigures } from './release-stats.js';
import { startTestRelease } from './testing/test-release.js';
import { postBeacon, reportViews } from './testing/test-tickets.js';

/** Real views, each with its ticket (test-tickets.ts): the guard judges only those. */
const beacon = reportViews;

interface ListedRelease {
  id: string;
  status: string;
  arms: Record<'base' | 'candidate', { pageViews: number; errors: number; errorRate: number; p75Lcp: number | null }>;
  verdict: { status: string; message: string };
}

describe('the guard', () => {
  let s: TestServer;
  let pat: Client;
  beforeAll(async () => {
    // The guard's own timer never fires here: each test looks when it means to.
    // Every view from loopback: the per-address cap is beacon-address-cap.test.ts's subject, not this file's.
    s = await startTestServer({ guardMs: 3_600_000, env: { BEACON_VIEWS_PER_ADDRESS: '10000' } });
    pat = await login(s.url, 'pat');
  }, 60_000);
  afterAll(() => s?.stop());

  const listed = async (id: string) =>
    ((await (await pat.req('GET', '/admin/api/releases')).json()) as { releases: ListedRelease[] }).releases.find(
      (r) => r.id === id,
    )!;

  it('rolls a guarded release back when its candidate fails and its base does not, naming the figures', async () => {
    const r = await startTestRelease(s, { screens: ['complaint-entry'], guard: true });
    await beacon(s.url, 'complaint-entry', r.id, 'candidate', { pageViews: 12, apiFailures: 12 });
    await beacon(s.url, 'complaint-entry', r.id, 'base', { pageViews: 20, lcp: [900, 1000, 1100] });
    expect(await listed(r.id)).toMatchObject({
      status: 'rolling',
      verdict: { status: 'collecting', message: 'collecting: 12 of 20 candidate page views' },
    });
    expect(await s.config.guard.look()).toEqual([]);

    await beacon(s.url, 'complaint-entry', r.id, 'candidate', { pageViews: 10, apiFailures: 9 });
    // Views without a ticket count for nothing here.
    expect(
      await postBeacon(s.url, [{ screen: 'complaint-entry', pageViews: 50, apiFailures: { problemInit: 50 } }]),
    ).toBe(204);
    expect(await s.config.guard.look()).toEqual([r.id]);

    const after = await listed(r.id);
    expect(after).toMatchObject({
      status: 'rolled-back',
      arms: {
        base: { pageViews: 20, errors: 0, errorRate: 0, p75Lcp: 1113 },
        candidate: { pageViews: 22, errors: 21, p75Lcp: null },
      },
      verdict: { status: 'regressed' },
    });
    const [audit] = await s.config.store.audit({ actor: GUARD_ACTOR });
    expect(audit).toMatchObject({ action: 'release.rollback', kind: 'release', id: r.id });
    expect(audit.note).toMatch(
      /^automatic rollback: error rate 95 % candidate vs 0 % base over 22 \/ 20 page views \(p = .+ < 0\.001\)$/,
    );
    expect(after.verdict.message).toBe(audit.note);
    // Everyone is back on the base: this replica's snapshot no longer holds the release.
    expect(s.config.snapshot().releases.map((x) => x.id)).not.toContain(r.id);
    expect(await s.config.guard.look()).toEqual([]);
  });

  it('leaves an unguarded release alone whatever its figures, and says the guard is off', async () => {
    const r = await startTestRelease(s, { screens: ['complaint-list'], guard: false });
    await beacon(s.url, 'complaint-list', r.id, 'candidate', { pageViews: 40, apiFailures: 40 });
    await beacon(s.url, 'complaint-list', r.id, 'base', { pageViews: 40 });
    expect(await s.config.guard.look()).toEqual([]);
    expect(await listed(r.id)).toMatchObject({
      status: 'rolling',
      arms: { candidate: { errorRate: 1 } },
      verdict: { status: 'off' },
    });
    await s.config.store.releases.rollbackRelease(r.id, { user: 'pat', reason: 'test over' });
    await s.config.refresh();
  });

  it('judges a release of a bundle document on every screen, and calls healthy what is', async () => {
    const r = await startTestRelease(s, { documents: [{ kind: 'bridge-map', id: 'default' }], guard: true });
    await beacon(s.url, 'complaint-list', r.id, 'candidate', { pageViews: 30, apiFailures: 1 });
    await beacon(s.url, 'not-found', r.id, 'base', { pageViews: 28, apiFailures: 1 });
    expect(await s.config.guard.look()).toEqual([]);
    expect(await listed(r.id)).toMatchObject({
      status: 'rolling',
      arms: { base: { pageViews: 28, errors: 1 }, candidate: { pageViews: 30, errors: 1 } },
      verdict: {
        status: 'healthy',
        message:
          'healthy: error rate 3 % candidate vs 4 % base, LCP collecting (0 of 30 in each arm), INP collecting (0 of 30 in each arm), over 30 / 28 page views',
      },
    });
    await s.config.store.releases.rollbackRelease(r.id, { user: 'pat', reason: 'test over' });
    await s.config.refresh();
  });

  it('rolls back once when two replicas decide at the same moment (the other gets 409 and lets it be)', async () => {
    const r = await startTestRelease(s, { screens: ['not-found'], guard: true });
    await beacon(s.url, 'not-found', r.id, 'candidate', { pageViews: 30, apiFailures: 30 });
    await beacon(s.url, 'not-found', r.id, 'base', { pageViews: 30 });
    const logs: string[] = [];
    const replica = () =>
      releaseGuard({
        releases: () => [r],
        figures: (x) => releaseFigures(s.config.telemetry, x),
        rollback: (id, by) => s.config.store.releases.rollbackRelease(id, by),
        onRolledBack: () => s.config.refresh(),
        log: (m) => logs.push(m),
        everyMs: 3_600_000,
      });
    const [a, b] = [replica(), replica()];
    const won = await Promise.all([a.look(), b.look()]);
    await Promise.all([a.close(), b.close()]);
    expect(won.flat()).toEqual([r.id]);
    expect(logs.filter((m) => !m.startsWith('guard: release'))).toEqual([]);
    expect((await s.config.store.audit({ id: r.id })).filter((e) => e.action === 'release.rollback')).toHaveLength(1);
    expect((await s.config.store.releases.getRelease(r.id))?.status).toBe('rolled-back');
  });
});
