import { describe, expect, it } from 'vitest';
import { initialRollout, parsePercent, rolloutOf } from './rollout-form';

const NOW = Date.parse('2026-05-01T00:00:00Z');
const MARKETS = ['ID', 'IN'];

describe('rollout form', () => {
  it('starts as a guarded 10 % to everyone, sent without an audience', () => {
    expect(rolloutOf(initialRollout(MARKETS), MARKETS, 'Asia/Jakarta', NOW)).toEqual({
      rollout: { percent: 10, guard: true },
      errors: {},
    });
  });

  it('reads shares as the server does', () => {
    expect(parsePercent('0.1')).toBe(0.1);
    expect(parsePercent('12,5')).toBe(12.5);
    expect(parsePercent('100')).toBe(100);
    for (const bad of ['0', '0.05', '101', '1.234', 'ten', '', '-5']) expect(parsePercent(bad)).toBeNull();
  });

  it('narrows the audience only where something is unticked or typed, times in the market zone', () => {
    const form = {
      ...initialRollout(MARKETS),
      percent: '25',
      markets: ['ID'],
      platforms: ['android' as const, 'ios' as const],
      minVersion: '2.1',
      startAt: '2026-05-02T09:00',
      endAt: '2026-05-09T21:30',
      guard: false,
    };
    expect(rolloutOf(form, MARKETS, 'Asia/Jakarta', NOW).rollout).toEqual({
      percent: 25,
      guard: false,
      audience: { markets: ['ID'], platforms: ['android', 'ios'], minVersion: '2.1' },
      startAt: '2026-05-02T09:00:00+07:00',
      endAt: '2026-05-09T21:30:00+07:00',
    });
  });

  it('names each wrong field', () => {
    const form = {
      ...initialRollout(MARKETS),
      percent: '0',
      markets: [],
      platforms: [],
      minVersion: '3.0',
      maxVersion: '2.9',
      endAt: '2026-04-30T09:00',
    };
    const { rollout, errors } = rolloutOf(form, MARKETS, 'Asia/Jakarta', NOW);
    expect(rollout).toBeNull();
    expect(errors).toEqual({
      percent: expect.stringMatching(/0\.1 to 100/),
      markets: expect.any(String),
      platforms: expect.any(String),
      maxVersion: expect.stringMatching(/3\.0/),
      endAt: 'Must be in the future.',
    });
    expect(rolloutOf({ ...initialRollout(MARKETS), minVersion: 'v2' }, MARKETS, 'UTC', NOW).errors).toEqual({
      minVersion: expect.stringMatching(/dotted/),
    });
    expect(
      rolloutOf(
        { ...initialRollout(MARKETS), startAt: '2026-05-03T10:00', endAt: '2026-05-03T09:00' },
        MARKETS,
        'UTC',
        NOW,
      ).errors,
    ).toEqual({ endAt: 'Must be after the start.' });
  });
});
