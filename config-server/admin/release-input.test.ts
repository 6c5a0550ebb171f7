import { describe, expect, it } from 'vitest';
import { compareVersions } from '../store/release-records.js';
import { percentOf, rolloutOf } from './release-input.js';

const MARKETS = ['ID', 'IN'];
const NOW = Date.parse('2026-05-01T00:00:00Z');

describe('rollout input', () => {
  it('takes a full rollout, normalising times to UTC and sorting the audience', () => {
    expect(
      rolloutOf(
        {
          percent: 12.5,
          audience: {
            markets: ['IN', 'ID', 'IN'],
            platforms: ['web', 'android'],
            minVersion: '2.1',
            maxVersion: '2.10.3',
          },
          startAt: '2026-05-02T07:00:00+07:00',
          endAt: '2026-05-09T00:00:00Z',
          guard: true,
        },
        MARKETS,
        NOW,
      ),
    ).toEqual({
      percent: 12.5,
      audience: { markets: ['ID', 'IN'], platforms: ['android', 'web'], minVersion: '2.1', maxVersion: '2.10.3' },
      startAt: '2026-05-02T00:00:00.000Z',
      endAt: '2026-05-09T00:00:00.000Z',
      guard: true,
    });
    expect(rolloutOf({ percent: 100 }, MARKETS, NOW)).toEqual({
      percent: 100,
      audience: {},
      startAt: null,
      endAt: null,
      guard: false,
    });
    expect(rolloutOf({ percent: 5, seed: 'campaign-2026-05' }, MARKETS, NOW)).toMatchObject({
      seed: 'campaign-2026-05',
    });
  });

  it.each([
    [null, /rollout must be an object/],
    [[], /rollout must be an object/],
    [{}, /rollout.percent must be a number from 0.1 to 100/],
    [{ percent: 0.05 }, /0.1 to 100/],
    [{ percent: 100.01 }, /0.1 to 100/],
    [{ percent: '10' }, /0.1 to 100/],
    [{ percent: 10.005 }, /steps of 0.01/],
    [{ percent: 10, share: 5 }, /unknown field\(s\) share/],
    [{ percent: 10, audience: { markets: ['XX'] } }, /Unknown market\(s\) XX/],
    [{ percent: 10, audience: { markets: [] } }, /non-empty list of markets/],
    [{ percent: 10, audience: { platforms: ['windows'] } }, /ios, android, web/],
    [{ percent: 10, audience: { minVersion: 'latest' } }, /minVersion must be a dotted version/],
    [{ percent: 10, audience: { minVersion: '3.0', maxVersion: '2.9' } }, /above maxVersion/],
    [{ percent: 10, audience: { country: 'ID' } }, /unknown field\(s\) country/],
    [{ percent: 10, startAt: 'tomorrow' }, /startAt must be an ISO 8601 time/],
    [{ percent: 10, startAt: 1770000000000 }, /startAt must be an ISO 8601 time/],
    [{ percent: 10, endAt: '2026-04-30T00:00:00Z' }, /endAt must be after now/],
    [{ percent: 10, startAt: '2026-05-03T00:00:00Z', endAt: '2026-05-02T00:00:00Z' }, /endAt must be after startAt/],
    [{ percent: 10, guard: 'yes' }, /guard must be true or false/],
    [{ percent: 10, seed: 'short' }, /seed must be 8-64/],
  ])('refuses %j with a 400 naming the field', (input, message) => {
    expect(() => rolloutOf(input, MARKETS, NOW)).toThrow(
      expect.objectContaining({ status: 400, message: expect.stringMatching(message) }),
    );
  });

  it('compares versions as dotted numbers', () => {
    expect(compareVersions('2.10', '2.9')).toBe(1);
    expect(compareVersions('2.9.0', '2.9')).toBe(0);
    expect(compareVersions('1', '1.0.1')).toBe(-1);
    expect(percentOf(0.1)).toBe(0.1);
    expect(percentOf(33.33)).toBe(33.33);
  });
});
