/**
 * A release for an audience (platforms, markets, versions) splits only the borrowers in it: one outside it, who says so
 * in the query, is in neither arm. Counted as the base's, anyone could pick the base for made-up borrowers
 * (`platform=ios`), and a real audience would fill the base with borrowers the candidate was never offered to: the
 * split looks broken, and the guard compares the audience's candidate with everyone else.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkedFetch as fetch } from '../openapi/check.js';
import { startTestServer, type TestServer } from '../testing/test-helpers.js';
import { startTestRelease } from './testing/test-release.js';

const SCREEN = 'complaint-entry';

describe('a release for an audience', () => {
  let s: TestServer;
  let release: string;
  beforeAll(async () => {
    s = await startTestServer({ guardMs: 3_600_000 });
    const experiment = { goals: ['registered'], guardrails: [] };
    release = (await startTestRelease(s, { screens: [SCREEN], experiment, audience: { platforms: ['android'] } })).id;
  }, 60_000);
  afterAll(() => s?.stop());

  const open = async (deviceId: string, platform: string) => {
    const r = await fetch(`${s.url}/config/v1/screens/${SCREEN}?market=ID&platform=${platform}&deviceId=${deviceId}`);
    await r.arrayBuffer();
    const ticket = r.headers.get('x-view-ticket');
    const named = ticket
      ? (JSON.parse(Buffer.from(ticket.split('.')[0], 'base64url').toString()) as { r: [string, string][] }).r
      : [];
    return named.find(([id]) => id === release)?.[1];
  };

  it('exposes and tickets only the borrowers in the audience, in both arms', async () => {
    const outside = [];
    for (let i = 0; i < 30; i++) outside.push(await open(`ios-${i}`, 'ios'));
    expect(outside.filter((a) => a !== undefined)).toEqual([]);
    const inside = [];
    for (let i = 0; i < 30; i++) inside.push(await open(`android-${i}`, 'android'));
    await s.config.exposures.flush();
    const c = await s.config.store.experiments.experimentCounts(release);
    const of = (arm: string) => c.exposures.filter((e) => e.arm === arm).reduce((a, e) => a + e.n, 0);
    expect([of('base'), of('candidate')]).toEqual([
      inside.filter((a) => a === 'b').length,
      inside.filter((a) => a === 'c').length,
    ]);
  });
});
