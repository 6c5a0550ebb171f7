/**
 * The guard on three replicas sharing one PostgreSQL: beacons arrive at any replica and add to the same
 * sums; every replica's guard looks once a second, one of them rolls the regressed release back (once: the others
 * get 409), and every replica serves the base soon after, through LISTEN/NOTIFY (the periodic check is slow here).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { GUARD_ACTOR } from '../releases/guard.js';
import { startTestRelease } from '../releases/testing/test-release.js';
import { reportViews } from '../releases/testing/test-tickets.js';
import { startTestServer, type TestServer } from '../testing/test-helpers.js';
import { sharedTestPostgres } from '../testing/pg-test-server.js';
import { describePostgres } from '../testing/describe-postgres.js';

async function armOn(base: string, deviceId: string) {
  const r = await fetch(`${base}/config/v1/bundle?market=ID&deviceId=${deviceId}`);
  await r.arrayBuffer();
  return /=(base|candidate)$/.exec(r.headers.get('x-config-release') ?? '')?.[1] ?? 'none';
}

describePostgres('guard on postgres replicas', () => {
  let replicas: TestServer[];
  beforeAll(async () => {
    const url = await (await sharedTestPostgres()).createDatabase();
    replicas = await Promise.all(
      Array.from({ length: 3 }, () =>
        startTestServer({ databaseUrl: url, pollMs: 5000, guardMs: 1000, env: { BEACON_VIEWS_PER_ADDRESS: '10000' } }),
      ),
    );
  }, 90_000);
  afterAll(() => Promise.all(replicas?.map((r) => r.stop()) ?? []));

  it('rolls a failing candidate back once, and every replica serves the base within 2 s of the deciding beacon', async () => {
    const r = await startTestRelease(replicas[0], { documents: [{ kind: 'text-set', id: 'id-ID' }], guard: true });
    await Promise.all(replicas.map((x) => x.config.refresh()));
    const candidates: string[] = [];
    for (let i = 0; candidates.length < 3; i++)
      if ((await armOn(replicas[0].url, `guard-${i}`)) === 'candidate') candidates.push(`guard-${i}`);
    // Five real views with their tickets (each replica signs with the key they share through the store).
    const send = (i: number, arm: 'base' | 'candidate', failures: number) =>
      reportViews(replicas[i % 3].url, 'complaint-entry', r.id, arm, { pageViews: 5, apiFailures: failures });
    for (let i = 0; i < 3; i++) await send(i, 'base', 0);
    for (let i = 0; i < 3; i++) await send(i, 'candidate', 5);
    expect((await replicas[2].config.telemetry.figures(r.id)).counts).toEqual([
      { arm: 'base', metric: 'pageViews', n: 15 },
      { arm: 'candidate', metric: 'apiFailures:problemInit', n: 15 },
      { arm: 'candidate', metric: 'pageViews', n: 15 },
    ]);
    // The deciding beacon: 20 candidate page views.
    const t0 = performance.now();
    await send(1, 'candidate', 5);
    const served = async () =>
      (await Promise.all(replicas.flatMap((x) => candidates.map((d) => armOn(x.url, d))))).every((a) => a === 'none');
    while (!(await served())) {
      if (performance.now() - t0 > 2000)
        throw new Error('not every replica serves the base 2 s after the deciding beacon');
      await new Promise((res) => setTimeout(res, 20));
    }
    console.log(
      `guard on 3 postgres replicas: everyone on the base ${Math.round(performance.now() - t0)} ms after the deciding beacon`,
    );
    await new Promise((res) => setTimeout(res, 1200));
    const entries = (await replicas[0].config.store.audit({ id: r.id })).filter((e) => e.action === 'release.rollback');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor: GUARD_ACTOR,
      note: expect.stringMatching(
        /^automatic rollback: error rate 100 % candidate vs 0 % base over 20 \/ 15 page views/,
      ),
    });
  });
});
