/**
 * Experiments run on the server's one clock, as releases do: a borrower's exposure, the backend's conversion and the
 * results are dated by the clock the server was given, so a conversion reported at the server's "now" counts for the
 * exposure it follows, and the results say when they were computed in the same time as the release's own dates.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkedFetch as fetch } from '../openapi/check.js';
import { fixedClock } from '../clock.js';
import { login, startTestServer, type Client, type TestServer } from '../testing/test-helpers.js';
import { startTestRelease } from './testing/test-release.js';
import { fetchTicket } from './testing/test-tickets.js';

const KEY = 'conversion-key-for-the-clock-0123456789';
const SCREEN = 'complaint-entry';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('experiments on the server clock', () => {
  // Far from the machine's time on purpose: any part reading Date itself lands weeks away from the rest.
  const clock = fixedClock(Date.now() + 40 * DAY);
  let s: TestServer;
  let vera: Client;
  let release: string;

  beforeAll(async () => {
    s = await startTestServer({ clock, guardMs: 3_600_000, env: { EXPERIMENT_MIN_DAYS: '0', CONVERSION_KEYS: KEY } });
    const experiment = { goals: ['registered'], guardrails: [] };
    release = (await startTestRelease(s, { screens: [SCREEN], experiment })).id;
  }, 60_000);
  afterAll(() => s?.stop());

  it('counts a conversion reported at the server time for the exposure it follows, and dates the results so', async () => {
    await fetchTicket(s.url, SCREEN, 'dev-clock', release);
    await s.config.exposures.flush();
    const { exposures } = await s.config.store.experiments.experimentCounts(release);
    expect(exposures.map((e) => e.day)).toEqual([Math.floor(clock.now() / DAY)]);

    clock.advance(HOUR);
    const r = await fetch(`${s.url}/config/v1/conversions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY}` },
      body: JSON.stringify({
        events: [
          { id: 'clock-1', metric: 'registered', deviceId: 'dev-clock', at: new Date(clock.now()).toISOString() },
        ],
      }),
    });
    expect([r.status, await r.json()]).toEqual([200, { accepted: 1, duplicates: 0, counted: 1 }]);

    // Logged in now: a session made before the hour passed would have timed out idle.
    vera = await login(s.url, 'vera');
    const results = await vera.req('GET', `/admin/api/releases/${release}/results`);
    expect(results.status).toBe(200);
    expect((await results.json()).at).toBe(new Date(clock.now()).toISOString());
  });
});
