import { describe, expect, it } from 'vitest';
import { experimentResults, type ExperimentCounts, type GoalCounts } from './experiment-results.js';
import {
  DEFAULT_EXPERIMENT_SETTINGS,
  experimentMinDaysFromEnv,
  experimentSettingsFromEnv,
} from './experiment-settings.js';

const DAY = 86_400_000;
const START = Date.UTC(2026, 10, 1);
const settings = { ...DEFAULT_EXPERIMENT_SETTINGS, minDays: 0 };

function goal(metric: string, base: [number, number], candidate: [number, number], higherIsBetter = true): GoalCounts {
  return {
    metric,
    higherIsBetter,
    base: { exposed: base[0], conversions: base[1] },
    candidate: { exposed: candidate[0], conversions: candidate[1] },
  };
}

function counts(goals: GoalCounts[], overrides: Partial<ExperimentCounts> = {}): ExperimentCounts {
  const exposures = { base: goals[0]?.base.exposed ?? 0, candidate: goals[0]?.candidate.exposed ?? 0 };
  return { exposures, candidateShare: 0.5, goals, startedAt: START, now: START + 8 * DAY, ...overrides };
}

describe('experimentResults', () => {
  it('answers in the results shape: exposures, srm, and per goal both rates, the lift, p and a verdict', () => {
    const results = experimentResults(counts([goal('loanConfirmed', [4000, 1200], [4000, 900])]), settings);
    expect(Object.keys(results)).toEqual(['exposures', 'srm', 'goals']);
    expect(results.exposures).toEqual({ base: 4000, candidate: 4000 });
    expect(results.srm).toEqual({ p: 1, flagged: false, message: null });
    const [g] = results.goals;
    expect(Object.keys(g)).toEqual(['metric', 'base', 'candidate', 'lift', 'p', 'verdict', 'reason']);
    expect(g.base).toEqual({ exposed: 4000, conversions: 1200, rate: 0.3 });
    expect(g.candidate).toEqual({ exposed: 4000, conversions: 900, rate: 0.225 });
    expect(g.lift.estimate).toBeCloseTo(-0.25, 12);
    expect(g.lift.low!).toBeLessThan(g.lift.estimate!);
    expect(g.lift.high!).toBeLessThan(0);
    expect(g.verdict).toBe('base-better');
    expect(g.reason).toMatch(/^The base is better: .*−25 %/);
  });

  it('honours the direction: fewer complaints is the candidate winning, more registrations too', () => {
    const results = experimentResults(
      counts([goal('complaintFiled', [20000, 240], [20000, 150], false), goal('registered', [5000, 750], [5000, 900])]),
      settings,
    );
    expect(results.goals.map((g) => [g.metric, g.verdict])).toEqual([
      ['complaintFiled', 'candidate-better'],
      ['registered', 'candidate-better'],
    ]);
  });

  it('says no difference while the interval includes no change', () => {
    const [g] = experimentResults(counts([goal('repaid', [3000, 2700], [3000, 2760])]), settings).goals;
    expect(g.verdict).toBe('no-difference');
    expect(g.lift.low!).toBeLessThan(0);
    expect(g.lift.high!).toBeGreaterThan(0);
    expect(g.reason).toMatch(/^No difference shown/);
  });

  it('gives no verdict below 150 exposed borrowers in either arm, however large the difference', () => {
    // 400 borrowers exposed a side; the goal counts only 149 of the base's so far.
    const input = counts([goal('registered', [149, 10], [400, 200])], { exposures: { base: 400, candidate: 400 } });
    const [g] = experimentResults(input, settings).goals;
    expect(g.verdict).toBe('not-enough-data');
    expect(g.reason).toBe('Not enough data yet: 149 of the 150 borrowers needed are exposed in the base arm.');
    // The figures are still there, for the picture over time.
    expect(g.lift.estimate).not.toBeNull();
  });

  it('gives no verdict before each arm has 150 conversions', () => {
    const few = experimentResults(counts([goal('registered', [4000, 149], [4000, 400])]), settings).goals[0];
    expect(few.verdict).toBe('not-enough-data');
    expect(few.reason).toBe('Not enough data yet: 149 of the 150 conversions needed in the base arm.');
    const enough = experimentResults(counts([goal('registered', [4000, 150], [4000, 400])]), settings).goals[0];
    expect(enough.verdict).toBe('candidate-better');
  });

  it('gives no verdict and no lift when the base has no conversions', () => {
    const [g] = experimentResults(counts([goal('complaintFiled', [400, 0], [400, 6], false)]), settings).goals;
    expect(g).toMatchObject({ lift: { estimate: null, low: null, high: null }, p: null, verdict: 'not-enough-data' });
    expect(g.reason).toMatch(/no borrower in the base arm has converted/);
  });

  it('says plainly when an arm with no (or every) borrower converting can never be judged, beside a busy arm', () => {
    const reason = (base: [number, number], candidate: [number, number]) =>
      experimentResults(counts([goal('registered', base, candidate)]), settings).goals[0];
    const broken = reason([5000, 750], [5000, 0]);
    expect(broken.verdict).toBe('not-enough-data');
    expect(broken.reason).toMatch(/^No verdict, and more data will not give one: no borrower in the candidate arm/);
    expect(broken.reason).toMatch(/\(0 of 5000\), against 750 of 5000 \(15 %\) in the base/);
    expect(broken.reason).toMatch(/is broken: check both\.$/);
    expect(reason([5000, 0], [5000, 750]).reason).toMatch(/^No verdict, .*no borrower in the base arm converted/);
    expect(reason([5000, 750], [5000, 5000]).reason).toMatch(/^No verdict, .*every borrower in the candidate arm/);
    // Small arms may still convert: then it is only too early.
    expect(reason([400, 20], [400, 0]).reason).toBe(
      'Not enough data yet: no borrower in the candidate arm converted, so the rates cannot be compared.',
    );
  });

  it('waits EXPERIMENT_MIN_DAYS (7 by default) from the start before any verdict', () => {
    const week = { ...DEFAULT_EXPERIMENT_SETTINGS };
    const input = (days: number) =>
      counts([goal('loanConfirmed', [4000, 1200], [4000, 900])], { now: START + days * DAY });
    const early = experimentResults(input(6.9), week).goals[0];
    expect(early.verdict).toBe('not-enough-data');
    expect(early.reason).toBe('Not enough data yet: the experiment has run 6 of the 7 days it needs.');
    expect(experimentResults(input(7), week).goals[0].verdict).toBe('base-better');
  });

  it('flags a 47/53 split at 5,000 exposures and withholds every verdict, blaming the split and not the copy', () => {
    const results = experimentResults(
      counts([goal('registered', [2350, 350], [2650, 530]), goal('loanConfirmed', [2350, 700], [2650, 530])], {
        exposures: { base: 2350, candidate: 2650 },
      }),
      settings,
    );
    expect(results.srm.flagged).toBe(true);
    expect(results.srm.p!).toBeLessThan(0.001);
    expect(results.srm.message).toMatch(/the split is broken/);
    expect(results.srm.message).toMatch(/says nothing about the copy/);
    expect(results.srm.message).toMatch(/asks for 50 % .* 2650 of 5000 exposed borrowers \(53 %\)/);
    for (const g of results.goals) {
      expect(g.verdict).toBe('not-enough-data');
      expect(g.reason).toBe(results.srm.message);
      expect(g.lift.estimate).not.toBeNull();
    }
  });

  it('does not flag 47/53 at 2,000 exposures (p = 0.0073), nor check the split before it should give 8 per arm', () => {
    const at2000 = experimentResults(counts([goal('registered', [940, 140], [1060, 160])]), settings);
    expect(at2000.srm.flagged).toBe(false);
    expect(at2000.srm.p!).toBeCloseTo(0.00729, 4);
    // Exact 47/53 counts are first flagged at 3,100 exposures (p = 0.00084; at 3,000, p = 0.00102).
    const split = (n: number) =>
      experimentResults(counts([goal('registered', [n * 0.47, 10], [n * 0.53, 10])]), settings).srm.flagged;
    expect([split(3000), split(3100)]).toEqual([false, true]);
    const tiny = experimentResults(counts([goal('registered', [3, 1], [12, 3])]), settings);
    expect(tiny.srm).toEqual({ p: null, flagged: false, message: null });
    // 15 borrowers at 50/50 should give 7.5 each: not yet; 16 should give 8.
    const sixteen = experimentResults(counts([goal('registered', [7, 1], [9, 3])]), settings);
    expect(sixteen.srm.p!).toBeCloseTo(0.617, 3);
  });

  it('flags a candidate nobody reaches: an empty arm does not hold the check back', () => {
    const input = (base: number, share: number) =>
      counts([goal('registered', [base, base / 10], [0, 0])], {
        exposures: { base, candidate: 0 },
        candidateShare: share,
      });
    const empty = experimentResults(input(10_000, 0.5), settings);
    expect(empty.srm.flagged).toBe(true);
    expect(empty.srm.p!).toBeLessThan(1e-100);
    expect(empty.srm.message).toMatch(/asks for 50 % of borrowers in the candidate, but 0 of 10000/);
    expect(empty.goals[0].verdict).toBe('not-enough-data');
    // On a 1 % rollout, 800 borrowers should give the candidate 8: from there the split is checked, and an empty
    // candidate is flagged from 1,073 (chi-square n / 99 past 10.83).
    expect(experimentResults(input(790, 0.01), settings).srm.p).toBeNull();
    expect(experimentResults(input(800, 0.01), settings).srm.p!).toBeCloseTo(0.0045, 4);
    expect(experimentResults(input(1100, 0.01), settings).srm).toMatchObject({ flagged: true });
  });

  it('checks the split against the configured share, not against 50/50', () => {
    const input = (base: number, candidate: number) =>
      counts([goal('registered', [base, 10], [candidate, 10])], { candidateShare: 0.1 });
    expect(experimentResults(input(9000, 1000), settings).srm.flagged).toBe(false);
    expect(experimentResults(input(5000, 5000), settings).srm.flagged).toBe(true);
  });

  it('refuses counts that cannot be, naming the field', () => {
    expect(() => experimentResults(counts([goal('repaid', [100, 101], [100, 1])]), settings)).toThrow(
      'goals[0].base.conversions (101) exceeds exposed (100)',
    );
    expect(() =>
      experimentResults(counts([goal('repaid', [100, 1], [100, 1])], { candidateShare: 1 }), settings),
    ).toThrow(/candidateShare/);
    const negative = counts([goal('repaid', [100, 1], [-1, 0])], { exposures: { base: 100, candidate: 100 } });
    expect(() => experimentResults(negative, settings)).toThrow(/goals\[0\]\.candidate\.exposed/);
  });
});

describe('experiment settings from the environment', () => {
  it('reads EXPERIMENT_MIN_DAYS, 7 when unset, and names the variable when it is not a day count', () => {
    expect(experimentMinDaysFromEnv({})).toBe(7);
    expect(experimentSettingsFromEnv({ EXPERIMENT_MIN_DAYS: '0' })).toEqual({
      ...DEFAULT_EXPERIMENT_SETTINGS,
      minDays: 0,
    });
    expect(() => experimentMinDaysFromEnv({ EXPERIMENT_MIN_DAYS: 'a week' })).toThrow(
      "EXPERIMENT_MIN_DAYS must be a whole number of days from 0 to 365 (got 'a week')",
    );
  });
});
