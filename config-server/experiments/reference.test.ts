/**
 * Reference values: for fixed counts, the engine's lifts, always-valid intervals and p-values equal GrowthBook's own
 * engine (gbstats `SequentialTwoSidedTTest`, relative, α 0.05, tuning 5000), and its SRM p equals scipy's
 * `chisquare` and gbstats' `check_srm`. The fixture is made by reference/make-gbstats-fixture.py (how to run it is
 * in the script).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sampleRatioP } from './chi-square.js';
import { experimentResults } from './experiment-results.js';
import { DEFAULT_EXPERIMENT_SETTINGS } from './experiment-settings.js';
import type { ArmCounts } from './relative-lift.js';

interface FixtureCase {
  name: string;
  candidateShare: number;
  exposures: { base: number; candidate: number };
  base: ArmCounts;
  candidate: ArmCounts;
  gbstats: { estimate: number; low: number; high: number; p: number } | { errorMessage: string };
  srm: { gbstatsCheckSrm: number; scipyChisquare: number };
}

const fixture = JSON.parse(
  readFileSync(fileURLToPath(new URL('./reference/gbstats-fixture.json', import.meta.url)), 'utf8'),
) as { settings: { alpha: number; sequentialTuningParameter: number }; cases: FixtureCase[] };

const TOLERANCE = 1e-3;
const settings = { ...DEFAULT_EXPERIMENT_SETTINGS, minDays: 0 };

function resultsOf(c: FixtureCase) {
  return experimentResults(
    {
      exposures: c.exposures,
      candidateShare: c.candidateShare,
      goals: [{ metric: 'registered', higherIsBetter: true, base: c.base, candidate: c.candidate }],
      startedAt: 0,
      now: 0,
    },
    settings,
  );
}

describe('results engine against gbstats and scipy', () => {
  it('uses the settings the fixture was made with', () => {
    expect(fixture.settings.alpha).toBe(settings.alpha);
    expect(fixture.settings.sequentialTuningParameter).toBe(settings.sequentialTuning);
    expect(fixture.cases.length).toBeGreaterThanOrEqual(10);
  });

  it.each(fixture.cases.map((c) => [c.name, c] as const))('%s: lift, interval and p', (_name, c) => {
    const [goal] = resultsOf(c).goals;
    if ('errorMessage' in c.gbstats) {
      // gbstats declines (no base conversions or no variance): so does the engine, and it gives no verdict.
      expect(goal.lift).toEqual({ estimate: null, low: null, high: null });
      expect(goal.p).toBeNull();
      expect(goal.verdict).toBe('not-enough-data');
      return;
    }
    const deviations = [
      goal.lift.estimate! - c.gbstats.estimate,
      goal.lift.low! - c.gbstats.low,
      goal.lift.high! - c.gbstats.high,
      goal.p! - c.gbstats.p,
    ].map(Math.abs);
    expect(Math.max(...deviations)).toBeLessThan(TOLERANCE);
  });

  it.each(fixture.cases.map((c) => [c.name, c] as const))('%s: SRM p', (_name, c) => {
    const p = sampleRatioP(c.exposures.base, c.exposures.candidate, c.candidateShare);
    expect(Math.abs(p - c.srm.scipyChisquare)).toBeLessThan(TOLERANCE);
    expect(Math.abs(p - c.srm.gbstatsCheckSrm)).toBeLessThan(TOLERANCE);
    // Relative agreement too, so a p of 2e-9 is not passed by any small number.
    expect(Math.abs(p - c.srm.scipyChisquare)).toBeLessThanOrEqual(1e-9 * c.srm.scipyChisquare);
  });

  it('the largest deviation from gbstats over every figure of every case stays far below 1e-3', () => {
    let max = 0;
    for (const c of fixture.cases) {
      if ('errorMessage' in c.gbstats) continue;
      const [goal] = resultsOf(c).goals;
      const pairs: [number | null, number][] = [
        [goal.lift.estimate, c.gbstats.estimate],
        [goal.lift.low, c.gbstats.low],
        [goal.lift.high, c.gbstats.high],
        [goal.p, c.gbstats.p],
      ];
      for (const [ours, theirs] of pairs) max = Math.max(max, Math.abs(ours! - theirs));
    }
    // Measured: about 1e-15 (both compute the same closed forms in double precision).
    expect(max).toBeLessThan(1e-9);
  });
});
