/**
 * The server's own failed prefetches count: a release whose API map breaks the complaint entry's first call
 * (a wrong path) makes every page the server draws for that arm fail its call, counted for the candidate only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validStateCheck } from '../validation/publish-checks.js';
import type { TelemetryStore } from '../store/telemetry-records.js';
import { startTestServer, type TestServer } from '../testing/test-helpers.js';
import { prefetchFailures } from './prefetch-failures.js';

describe('server prefetch failures', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ guardMs: 3_600_000 });
  }, 60_000);
  afterAll(() => s?.stop());

  it('count as API failures of the screen, in the arm the page was drawn in', async () => {
    const store = s.config.store;
    const rec = (await store.getDocument('api-map', 'default'))!;
    const apiMap = structuredClone(rec.published!.content) as { endpoints: Record<string, { path: string }> };
    apiMap.endpoints.problemInit.path = '/user-problem/no-such-path';
    await store.saveDraft({ kind: 'api-map', id: 'default', file: rec.file, content: apiMap }, rec.revision, {
      user: 'ed',
    });
    const rollout = { percent: 50, audience: {}, startAt: null, endAt: null, guard: false };
    const release = await store.releases.publishRelease(
      [{ kind: 'api-map', id: 'default' }],
      { user: 'pat', note: 'wrong path', rollout },
      validStateCheck,
    );
    await s.config.refresh();

    const arms = { base: 0, candidate: 0 };
    for (let i = 0; i < 30; i++) {
      const r = await fetch(`${s.url}/complaint?market=ID&deviceId=prefetch-${i}&token=tok-${i}`);
      expect(r.status).toBe(200);
      await r.text();
      const arm = new RegExp(`${release.id}=(base|candidate)`).exec(r.headers.get('x-config-release') ?? '')?.[1] as
        'base' | 'candidate';
      arms[arm]++;
    }
    expect(arms.base).toBeGreaterThan(3);
    expect(arms.candidate).toBeGreaterThan(3);
    await s.config.prefetchFailures.flush();
    const figures = await s.config.telemetry.figures(release.id, ['complaint-entry']);
    expect(figures.counts).toEqual([{ arm: 'candidate', metric: 'serverApiFailures:problemInit', n: arms.candidate }]);
    expect((await s.config.telemetry.figures('', ['complaint-entry'])).counts).toEqual([
      { arm: '', metric: 'serverApiFailures:problemInit', n: arms.candidate },
    ]);
  });

  it('are written once a second as one batch, and what a failed write loses is only logged', async () => {
    const batches: number[] = [];
    let fail = false;
    const telemetry: TelemetryStore = {
      add: async (b) => {
        if (fail) throw new Error('database gone');
        batches.push(b.counts.length);
      },
      figures: async () => ({ counts: [], bins: [] }),
      sharedSecret: async (_name, fresh) => fresh(),
    };
    const logs: string[] = [];
    const p = prefetchFailures(telemetry, (m) => logs.push(m), 3_600_000);
    p.failed('complaint-entry', 'problemInit', 'rel-0123456789=candidate, rel-abcdefabcd=base');
    p.failed('complaint-entry', 'problemInit', undefined);
    await p.flush();
    expect(batches).toEqual([4]);
    fail = true;
    p.failed('complaint-entry', 'problemInit', undefined);
    await p.close();
    expect(logs).toEqual(['telemetry: 1 prefetch failure counts not written: database gone']);
  });
});
