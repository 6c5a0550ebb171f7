import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  boundOf,
  bucket,
  bucketFrom,
  inAudience,
  inCandidate as inPrepared,
  prepareDraw,
  seedState,
  BUCKETS,
  type ReleaseDraw,
  type Borrower,
} from './bucket.js';

/** The rule serving uses, on a release as the store holds it. */
const inCandidate = (r: ReleaseDraw, who: Borrower) => inPrepared(prepareDraw(r), who);

const devices = (n: number, prefix = 'device') =>
  Array.from({ length: n }, (_, i) => `${prefix}-${String(i).padStart(5, '0')}`);
const share = (seed: string, percent: number, ids: string[]) =>
  ids.filter((deviceId) => inCandidate({ seed, percent, audience: {} }, { deviceId })).length / ids.length;

describe('bucket', () => {
  it('is stable: the same seed and deviceId give the same bucket, 0-9999, computed either way', () => {
    expect(bucket('seed-a', 'device-1')).toBe(bucket('seed-a', 'device-1'));
    expect(bucketFrom(seedState('seed-a'), 'device-1')).toBe(bucket('seed-a', 'device-1'));
    // Pinned: a change of the function would move borrowers between arms of releases in flight.
    expect([
      bucket('0f3c2a9d8e7b6a51', 'device-00001'),
      bucket('0f3c2a9d8e7b6a51', 'ümlaut-ïd'),
      bucket('', ''),
    ]).toEqual([8160, 3899, 9405]);
    for (const id of devices(2000)) {
      const b = bucket('s', id);
      expect(Number.isInteger(b) && b >= 0 && b < BUCKETS).toBe(true);
    }
  });

  it('gives 10 % of 5,000 sequential deviceIds to a 10 % release (9-11 %), and draws like a fair coin over many seeds', () => {
    const ids = devices(5000);
    for (const seed of ['a1b2c3d4e5f60718', 'ffffffffffffffff', '0000000000000000', 'rel-seed-4']) {
      expect(share(seed, 10, ids)).toBeGreaterThanOrEqual(0.09);
      expect(share(seed, 10, ids)).toBeLessThanOrEqual(0.11);
    }
    // Over 500 random seeds the share is binomial: mean 10 %, spread sqrt(0.1 × 0.9 / 5000) = 0.42 points, so about
    // 1.8 % of seeds land outside 9-11 % by chance alone (bounds here at 5 standard errors: this test does not flake).
    const shares = Array.from({ length: 500 }, () => share(randomBytes(8).toString('hex'), 10, ids));
    const mean = shares.reduce((a, b) => a + b) / shares.length;
    const sd = Math.sqrt(shares.reduce((a, b) => a + (b - mean) ** 2, 0) / shares.length);
    expect(Math.abs(mean - 0.1)).toBeLessThan(0.001);
    expect(sd).toBeGreaterThan(0.0042 * 0.8);
    expect(sd).toBeLessThan(0.0042 * 1.2);
    expect(shares.filter((x) => x < 0.09 || x > 0.11).length / shares.length).toBeLessThan(0.05);
    // And uuid-like ids.
    const uuids = Array.from(
      { length: 5000 },
      (_, i) => `${(i * 2654435761) >>> 0}`.padStart(10, '0') + '-4e1f-9a7b-' + i.toString(16),
    );
    expect(Math.abs(share('seed', 25, uuids) - 0.25)).toBeLessThan(0.015);
  });

  it('keeps everyone who was in when widening, and moves only the top of the range out when narrowing', () => {
    const ids = devices(3000);
    const at = (p: number) =>
      new Set(ids.filter((deviceId) => inCandidate({ seed: 's', percent: p, audience: {} }, { deviceId })));
    const [p5, p10, p25, p100] = [5, 10, 25, 100].map(at);
    for (const id of p10) expect(p25.has(id)).toBe(true);
    for (const id of p5) expect(p10.has(id)).toBe(true);
    expect(p100.size).toBe(ids.length);
    expect(boundOf(0.1)).toBe(10);
    expect(boundOf(33.33)).toBe(3333);
  });

  it('draws each release independently (a different seed, a different share)', () => {
    const ids = devices(4000);
    const inA = new Set(
      ids.filter((deviceId) => inCandidate({ seed: 'release-a', percent: 50, audience: {} }, { deviceId })),
    );
    const both = ids.filter(
      (deviceId) => inA.has(deviceId) && inCandidate({ seed: 'release-b', percent: 50, audience: {} }, { deviceId }),
    ).length;
    expect(Math.abs(both / ids.length - 0.25)).toBeLessThan(0.03);
  });

  it('gives the base to a request without a deviceId, and to a borrower outside the audience', () => {
    const r = { seed: 's', percent: 100, audience: {} };
    expect(inCandidate(r, {})).toBe(false);
    expect(inCandidate(r, { deviceId: '' })).toBe(false);
    expect(inCandidate(r, { deviceId: 'd' })).toBe(true);
    expect(inCandidate({ ...r, audience: { markets: ['IN'] } }, { deviceId: 'd', market: 'ID' })).toBe(false);
  });

  it('matches an audience by market, platform and app version range; a field the request does not answer does not match', () => {
    const a = {
      markets: ['ID'],
      platforms: ['android' as const, 'web' as const],
      minVersion: '2.9',
      maxVersion: '2.12',
    };
    expect(inAudience(a, { market: 'ID', platform: 'Android', version: '2.10.1' })).toBe(true);
    expect(inAudience(a, { market: 'ID', platform: 'web', version: 'v2.12' })).toBe(true);
    expect(inAudience(a, { market: 'ID', platform: 'web', version: '2.12.1' })).toBe(false);
    expect(inAudience(a, { market: 'ID', platform: 'web', version: '2.8.9' })).toBe(false);
    expect(inAudience(a, { market: 'ID', platform: 'ios', version: '2.10' })).toBe(false);
    expect(inAudience(a, { market: 'IN', platform: 'web', version: '2.10' })).toBe(false);
    expect(inAudience(a, { platform: 'web', version: '2.10' })).toBe(false);
    expect(inAudience(a, { market: 'ID', platform: 'web' })).toBe(false);
    expect(inAudience(a, { market: 'ID', platform: 'web', version: 'latest' })).toBe(false);
    expect(inAudience({}, {})).toBe(true);
  });
});
