/**
 * The verdict's words never contradict the verdict by rounding: an interval end that decided it is not written as no
 * change, and a p-value is not rounded up to the threshold it was judged against.
 */
import { describe, expect, it } from 'vitest';
import { experimentResults } from './experiment-results.js';
import { DEFAULT_EXPERIMENT_SETTINGS } from './experiment-settings.js';

const settings = { ...DEFAULT_EXPERIMENT_SETTINGS, minDays: 0 };

function judged(exposures: [number, number], base: number, candidate: number, higherIsBetter = true) {
  return experimentResults(
    {
      exposures: { base: exposures[0], candidate: exposures[1] },
      candidateShare: 0.5,
      goals: [
        {
          metric: 'registered',
          higherIsBetter,
          base: { exposed: exposures[0], conversions: base },
          candidate: { exposed: exposures[1], conversions: candidate },
        },
      ],
      startedAt: 0,
      now: 0,
    },
    settings,
  );
}

describe('verdict words at the edge of the threshold', () => {
  it('a winner just past the threshold keeps the digits that show it: interval above 0, p below 0.05', () => {
    // 303 of 2,000 against 385 of 2,000: low end +0.02 %, p = 0.0496.
    const [g] = judged([2000, 2000], 303, 385).goals;
    expect(g.verdict).toBe('candidate-better');
    expect(g.lift.low!).toBeGreaterThan(0);
    expect(g.lift.low!).toBeLessThan(0.0005);
    expect(g.p!).toBeGreaterThan(0.0495);
    expect(g.reason).not.toMatch(/[+−]0\.0 %/);
    expect(g.reason).not.toMatch(/p = 0\.050/);
    const [, low] = /interval \+(\d+\.\d+) % to/.exec(g.reason)!;
    expect(Number(low)).toBeGreaterThan(0);
    const [, p] = /p = (0\.\d+)/.exec(g.reason)!;
    expect(Number(p)).toBeLessThan(0.05);
  });

  it('a loser just past the threshold: the high end reads below 0', () => {
    // 300 of 2,000 against 241 of 2,000: high end −0.001 %, p = 0.04997.
    const [g] = judged([2000, 2000], 300, 241).goals;
    expect(g.verdict).toBe('base-better');
    expect(g.lift.high!).toBeLessThan(0);
    expect(g.lift.high!).toBeGreaterThan(-0.0005);
    expect(g.reason).not.toMatch(/[+−]0\.0 %/);
    const [, high] = /to −(\d+\.\d+) %/.exec(g.reason)!;
    expect(Number(high)).toBeGreaterThan(0);
    expect(Number(/p = (0\.\d+)/.exec(g.reason)![1])).toBeLessThan(0.05);
  });

  it('a flagged split never reads p = 0.0010 against a flag raised below 0.001', () => {
    // 475 base, 582 candidate on a 50/50 split: p = 0.000998.
    const r = judged([475, 582], 0, 0);
    expect(r.srm.flagged).toBe(true);
    expect(r.srm.message).not.toMatch(/p = 0\.0010\b/);
    expect(Number(/p = (0\.\d+)/.exec(r.srm.message!)![1])).toBeLessThan(0.001);
  });

  it('ordinary figures keep their two digits', () => {
    const [g] = judged([5000, 5000], 750, 900).goals;
    expect(g.reason).toMatch(/by \+20 %, 95 % always-valid interval \+\d+\.\d %? to \+\d+ %, p = 0\.\d{2,}/);
  });
});
