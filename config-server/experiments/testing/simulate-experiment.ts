/**
 * Simulated experiments for the engine's tests: borrowers arrive one at a time, each assigned to an arm at random and
 * converting at their arm's rate at once, and ops look at the results after every `lookEvery` exposures. Seeded, so
 * every run of the tests sees the same borrowers.
 */
import { experimentResults, type Verdict } from '../experiment-results.js';
import type { ExperimentSettings } from '../experiment-settings.js';

/** mulberry32: a small seeded generator (as the guard's simulations use). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface SimulatedExperiment {
  baseRate: number;
  candidateRate: number;
  /** The split the release is configured with. */
  candidateShare: number;
  /** The share borrowers really land in the candidate with (a broken split when it differs). */
  actualCandidateShare?: number;
  lookEvery: number;
  maxExposures: number;
  higherIsBetter?: boolean;
  settings: ExperimentSettings;
}

export interface SimulatedOutcome {
  /** The first decided verdict (candidate-better or base-better) and the exposures at that look; null if none. */
  winner: Verdict | null;
  exposuresAtWinner: number | null;
  /** Exposures at the first look that flagged a sample-ratio mismatch, null if none did. */
  exposuresAtSrm: number | null;
  /** Looks that flagged a mismatch and still gave a goal a verdict other than not-enough-data (must stay 0). */
  verdictsDespiteSrm: number;
}

/** One experiment, looked at until a winner is named or `maxExposures` is reached. */
export function simulateExperiment(spec: SimulatedExperiment, random: () => number): SimulatedOutcome {
  const actualShare = spec.actualCandidateShare ?? spec.candidateShare;
  const arms = { base: { exposed: 0, conversions: 0 }, candidate: { exposed: 0, conversions: 0 } };
  let exposuresAtSrm: number | null = null;
  let verdictsDespiteSrm = 0;
  for (let exposures = 1; exposures <= spec.maxExposures; exposures++) {
    const candidate = random() < actualShare;
    const arm = candidate ? arms.candidate : arms.base;
    arm.exposed += 1;
    if (random() < (candidate ? spec.candidateRate : spec.baseRate)) arm.conversions += 1;
    if (exposures % spec.lookEvery !== 0) continue;
    const results = experimentResults(
      {
        exposures: { base: arms.base.exposed, candidate: arms.candidate.exposed },
        candidateShare: spec.candidateShare,
        goals: [
          {
            metric: 'simulated',
            higherIsBetter: spec.higherIsBetter ?? true,
            base: { ...arms.base },
            candidate: { ...arms.candidate },
          },
        ],
        startedAt: 0,
        now: 0,
      },
      spec.settings,
    );
    const { verdict } = results.goals[0];
    if (results.srm.flagged) {
      exposuresAtSrm ??= exposures;
      if (verdict !== 'not-enough-data') verdictsDespiteSrm += 1;
    }
    if (verdict === 'candidate-better' || verdict === 'base-better')
      return { winner: verdict, exposuresAtWinner: exposures, exposuresAtSrm, verdictsDespiteSrm };
  }
  return { winner: null, exposuresAtWinner: null, exposuresAtSrm, verdictsDespiteSrm };
}

/** `runs` experiments from consecutive seeds. */
export function simulateMany(spec: SimulatedExperiment, runs: number, firstSeed: number): SimulatedOutcome[] {
  return Array.from({ length: runs }, (_, i) => simulateExperiment(spec, seededRandom(firstSeed + i)));
}

/** The median of exposures to a winner over all runs, a run with no winner counting as never: null if half never. */
export function medianExposuresToWinner(outcomes: readonly SimulatedOutcome[]): number | null {
  const sorted = outcomes.map((o) => o.exposuresAtWinner ?? Infinity).sort((a, b) => a - b);
  const mid = sorted.length / 2;
  const median = sorted.length % 2 ? sorted[Math.floor(mid)] : (sorted[mid - 1] + sorted[mid]) / 2;
  return Number.isFinite(median) ? median : null;
}
