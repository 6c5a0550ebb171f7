/**
 * An experiment's results from counts alone: the exposures per arm, each goal's exposed and converted borrowers, the
 * configured split, when it started and what time it is now (both passed in, so the same counts always give the same
 * answer). No store, clock or React here: the results route, the console's figures over time and the simulations all
 * call this one function.
 *
 * Order of judgement: a broken split (SRM) withholds every verdict; then the minimum duration; then, per goal, the
 * minimum exposed borrowers and conversions per arm and a lift that can be computed at all; then the always-valid interval decides.
 */
import { sampleRatioP } from './chi-square.js';
import type { ExperimentSettings } from './experiment-settings.js';
import { relativeLiftMoments, type ArmCounts } from './relative-lift.js';
import { sequentialLift } from './sequential-interval.js';
import { decidedWords, notEnoughWords, srmWords } from './verdict-words.js';

export type { ArmCounts } from './relative-lift.js';

export type Verdict = 'candidate-better' | 'base-better' | 'no-difference' | 'not-enough-data';

export interface GoalCounts {
  /** The metric document's id. */
  metric: string;
  /** The metric document's direction: more conversions are good (registered) or bad (complaintFiled). */
  higherIsBetter: boolean;
  base: ArmCounts;
  candidate: ArmCounts;
}

export interface ExperimentCounts {
  exposures: { base: number; candidate: number };
  /** The candidate's configured share of borrowers, 0 < share < 1 (the release's rollout percent / 100). */
  candidateShare: number;
  goals: readonly GoalCounts[];
  /** When the experiment started and the time of these counts, milliseconds since the epoch. */
  startedAt: number;
  now: number;
}

export interface ArmResult extends ArmCounts {
  rate: number;
}

export interface GoalResult {
  metric: string;
  base: ArmResult;
  candidate: ArmResult;
  /** Relative lift of the candidate's rate over the base's, with its always-valid interval; null until computable. */
  lift: { estimate: number | null; low: number | null; high: number | null };
  p: number | null;
  verdict: Verdict;
  /** The verdict in words, figures included. */
  reason: string;
}

export interface ExperimentResults {
  exposures: { base: number; candidate: number };
  /** p is null until the split should give each arm the minimum exposures to check; flagged withholds every verdict. */
  srm: { p: number | null; flagged: boolean; message: string | null };
  goals: GoalResult[];
}

const DAY_MS = 86_400_000;

function checkCount(value: number, field: string): void {
  if (!Number.isInteger(value) || value < 0) throw new RangeError(`${field} must be a whole number ≥ 0 (got ${value})`);
}

function checkInput(input: ExperimentCounts): void {
  const share = input.candidateShare;
  if (!(share > 0 && share < 1)) throw new RangeError(`candidateShare must lie between 0 and 1 (got ${share})`);
  checkCount(input.exposures.base, 'exposures.base');
  checkCount(input.exposures.candidate, 'exposures.candidate');
  if (!Number.isFinite(input.startedAt) || !Number.isFinite(input.now))
    throw new RangeError('startedAt and now must be times in milliseconds');
  input.goals.forEach((goal, i) => {
    for (const arm of ['base', 'candidate'] as const) {
      const field = `goals[${i}].${arm}`;
      checkCount(goal[arm].exposed, `${field}.exposed`);
      checkCount(goal[arm].conversions, `${field}.conversions`);
      if (goal[arm].conversions > goal[arm].exposed)
        throw new RangeError(`${field}.conversions (${goal[arm].conversions}) exceeds exposed (${goal[arm].exposed})`);
    }
  });
}

function armResult(arm: ArmCounts): ArmResult {
  return {
    exposed: arm.exposed,
    conversions: arm.conversions,
    rate: arm.exposed > 0 ? arm.conversions / arm.exposed : 0,
  };
}

function srmOf(input: ExperimentCounts, settings: ExperimentSettings): ExperimentResults['srm'] {
  const { base, candidate } = input.exposures;
  const total = base + candidate;
  // The minimum is on the counts the split should give each arm, never on the counts it gave: asked of those, a
  // candidate never served (10,000 borrowers in the base, none in the candidate) would never be checked at all.
  const fewest = total * Math.min(input.candidateShare, 1 - input.candidateShare);
  if (fewest < settings.srmMinPerArm) return { p: null, flagged: false, message: null };
  const p = sampleRatioP(base, candidate, input.candidateShare);
  const flagged = p < settings.srmAlpha;
  return {
    p,
    flagged,
    message: flagged ? srmWords(base, candidate, input.candidateShare, p, settings.srmAlpha) : null,
  };
}

function judgeGoal(
  goal: GoalCounts,
  settings: ExperimentSettings,
  withheld: string | null,
): Omit<GoalResult, 'metric' | 'base' | 'candidate'> {
  const moments = relativeLiftMoments(goal.base, goal.candidate);
  const interval = moments && sequentialLift(moments, settings);
  const lift = interval
    ? { estimate: moments.estimate, low: interval.low, high: interval.high }
    : { estimate: null, low: null, high: null };
  const p = interval ? interval.p : null;
  const notEnough = (reason: string) => ({ lift, p, verdict: 'not-enough-data' as const, reason });
  if (withheld !== null) return notEnough(withheld);
  const short = (['base', 'candidate'] as const).find((arm) => goal[arm].exposed < settings.minExposedPerArm);
  if (short) return notEnough(notEnoughWords.exposed(short, goal[short].exposed, settings.minExposedPerArm));
  if (!interval) return notEnough(notEnoughWords.noLift(goal.base, goal.candidate, settings.minConversionsPerArm));
  const fewer = (['base', 'candidate'] as const).find((arm) => goal[arm].conversions < settings.minConversionsPerArm);
  if (fewer)
    return notEnough(notEnoughWords.conversions(fewer, goal[fewer].conversions, settings.minConversionsPerArm));
  let verdict: Verdict = 'no-difference';
  if (interval.low > 0) verdict = goal.higherIsBetter ? 'candidate-better' : 'base-better';
  else if (interval.high < 0) verdict = goal.higherIsBetter ? 'base-better' : 'candidate-better';
  return { lift, p, verdict, reason: decidedWords(verdict, moments.estimate, interval, settings.alpha) };
}

/** The results of one experiment (overall, or one market's) from its counts. */
export function experimentResults(input: ExperimentCounts, settings: ExperimentSettings): ExperimentResults {
  checkInput(input);
  const srm = srmOf(input, settings);
  const days = (input.now - input.startedAt) / DAY_MS;
  const withheld = srm.flagged
    ? srm.message
    : days < settings.minDays
      ? notEnoughWords.days(days, settings.minDays)
      : null;
  return {
    exposures: { base: input.exposures.base, candidate: input.exposures.candidate },
    srm,
    goals: input.goals.map((goal) => ({
      metric: goal.metric,
      base: armResult(goal.base),
      candidate: armResult(goal.candidate),
      ...judgeGoal(goal, settings, withheld),
    })),
  };
}
