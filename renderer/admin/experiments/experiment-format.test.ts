import { describe, expect, it } from 'vitest';
import { exposuresPerDay, liftText, liftWithInterval, missingData, pText, srmText } from './experiment-format';

const settings = { minExposedPerArm: 150, minConversionsPerArm: 150, minDays: 7, alpha: 0.05, srmAlpha: 0.001 };
const arm = (exposed: number, conversions: number) => ({
  exposed,
  conversions,
  rate: exposed ? conversions / exposed : 0,
});

describe('experiment wording', () => {
  it('writes p as the verdict sentence does: two significant digits, and < 0.0001 below that', () => {
    expect([0.2, 0.0123, 0.00042, 0.00009].map((p) => pText(p, 0.05))).toEqual([
      'p = 0.20',
      'p = 0.012',
      'p = 0.00042',
      'p < 0.0001',
    ]);
  });

  it('never rounds p across the threshold it was judged by, nor a lift that is not zero to 0.0 %', () => {
    expect(pText(0.0496, 0.05)).toBe('p = 0.0496');
    expect(pText(0.04997, 0.05)).toBe('p = 0.04997');
    expect(pText(0.0501, 0.05)).toBe('p = 0.050');
    expect(pText(0.000998, 0.001)).toBe('p = 0.000998');
    expect(liftWithInterval({ estimate: 0.27, low: 0.0002, high: 0.54 }, 0.05)).toBe(
      '+27.0 % (95 % always-valid interval +0.02 % to +54.0 %)',
    );
    expect(liftWithInterval({ estimate: -0.2, low: -0.39, high: -0.00001 }, 0.05)).toBe(
      '−20.0 % (95 % always-valid interval −39.0 % to −0.001 %)',
    );
    expect(liftText(0)).toBe('0.0 %');
  });

  it('says how many more borrowers, conversions and days a goal needs for a verdict', () => {
    const goal = { base: arm(100, 20), candidate: arm(400, 160) };
    const missing = missingData(goal, settings, '2026-11-20T00:00:00Z', '2026-11-22T12:00:00Z');
    expect(missing).toEqual([
      // 130 conversions at 20 % take about 650 borrowers, more than the 50 exposures missing.
      'The base needs 50 more exposed borrowers and 130 more conversions (about 650 more borrowers at its rate so far, 20.0 %).',
      'It must run 5 more days (at least 7 in all).',
    ]);
  });

  it('has nothing to add once every threshold is met', () => {
    const goal = { base: arm(600, 160), candidate: arm(600, 170) };
    expect(missingData(goal, { ...settings, minDays: 0 }, '2026-11-20T00:00:00Z', '2026-11-20T00:10:00Z')).toEqual([]);
  });

  it('says a broken split is not the copy, and a healthy one with its p', () => {
    expect(srmText({ flagged: true, p: 1e-6, message: null }, 0.001).text).toMatch(/says nothing about the copy/);
    expect(srmText({ flagged: false, p: 0.4321, message: null }, 0.001).text).toMatch(
      /p = 0\.43, flagged below 0\.001/,
    );
    expect(srmText({ flagged: false, p: null, message: null }, 0.001).text).toMatch(/8 exposed/);
  });

  it('gives the lift with its interval, or why there is none', () => {
    expect(liftWithInterval({ estimate: 0.12, low: -0.031, high: 0.21 }, 0.05)).toBe(
      '+12.0 % (95 % always-valid interval −3.1 % to +21.0 %)',
    );
    expect(liftWithInterval({ estimate: 0.12, low: -0.031, high: 0.21 }, 0.01)).toMatch(/^\+12\.0 % \(99 % always/);
    expect(liftWithInterval({ estimate: null, low: null, high: null }, 0.05)).toMatch(/no lift yet/);
  });

  it('turns running totals into exposures of each day', () => {
    const day = (d: string, base: number, candidate: number) => ({ day: d, exposures: { base, candidate }, goals: [] });
    expect(exposuresPerDay([day('2026-11-27', 10, 12), day('2026-11-28', 25, 30)])).toEqual([
      { day: '2026-11-27', base: 10, candidate: 12 },
      { day: '2026-11-28', base: 15, candidate: 18 },
    ]);
  });
});
