/**
 * A deviceId comes from the query: one the database cannot hold (a NUL character) must not cost real borrowers their
 * exposures. PostgreSQL refuses NUL in text, and exposures gathered in one tick are written in one statement.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkedFetch as fetch } from '../openapi/check.js';
import { describePostgres } from '../testing/describe-postgres.js';
import { sharedTestPostgres } from '../testing/pg-test-server.js';
import { startTestServer, type TestServer } from '../testing/test-helpers.js';
import { startTestRelease } from './testing/test-release.js';

const SCREEN = 'complaint-entry';

describePostgres('exposures on postgres, deviceIds from the query', () => {
  let s: TestServer;
  let release: string;
  beforeAll(async () => {
    const url = await (await sharedTestPostgres()).createDatabase();
    s = await startTestServer({ databaseUrl: url, guardMs: 3_600_000 });
    const experiment = { goals: ['registered'], guardrails: [] };
    release = (await startTestRelease(s, { screens: [SCREEN], experiment })).id;
  }, 90_000);
  afterAll(() => s?.stop());

  it("keeps real borrowers' exposures when a deviceId with a NUL character arrives beside them", async () => {
    // Such a request is served a ticket like any other (its deviceId reaches the exposures).
    const forged = await fetch(`${s.url}/config/v1/screens/${SCREEN}?market=ID&deviceId=%00bot`);
    await forged.arrayBuffer();
    expect(forged.headers.get('x-view-ticket')).toBeTruthy();
    await s.config.exposures.flush();
    // In one tick, as concurrent requests land: the forged one and ten real borrowers.
    const saw = s.config.exposures.saw;
    saw([{ id: release, arm: 'base' }], { deviceId: '\u0000bot-2', market: 'ID' });
    for (let i = 0; i < 10; i++) saw([{ id: release, arm: 'base' }], { deviceId: `real-${i}`, market: 'ID' });
    await s.config.exposures.flush();
    const c = await s.config.store.experiments.experimentCounts(release);
    expect(c.exposures.reduce((a, e) => a + e.n, 0)).toBe(10);
  });
});
