/**
 * Always-valid (sequential) two-sided intervals and p-values on the relative lift: the asymptotic confidence sequence
 * of Waudby-Smith, Arbour, Sinha, Kennedy and Ramdas ("Time-uniform central limit theory and asymptotic confidence
 * sequences", arXiv:2103.06476, eq. 9; its normal-mixture boundary goes back to Howard, Ramdas, McAuliffe and Sekhon,
 * "Time-uniform, nonparametric, nonasymptotic confidence sequences", Annals of Statistics 2021), exactly as
 * GrowthBook's `SequentialTwoSidedTTest` computes it. The interval holds at every sample size at once with
 * probability 1 − α, so ops may look daily, or after every borrower, without inflating false winners.
 */
import type { LiftMoments } from './relative-lift.js';

export interface SequentialSettings {
  /** Two-sided error rate over the whole experiment, every look included. */
  alpha: number;
  /** The sample size (both arms) where the interval is tightest: GrowthBook's `sequential_tuning_parameter`. */
  sequentialTuning: number;
}

export interface SequentialLift {
  low: number;
  high: number;
  /** The always-valid p-value: 1 / the mixture e-value, capped at 1. */
  p: number;
}

/** The mixture's ρ for α and the tuning sample size (arXiv:2103.06476 eq. 161). */
export function sequentialRho({ alpha, sequentialTuning }: SequentialSettings): number {
  const l = -2 * Math.log(alpha);
  return Math.sqrt((l + Math.log(l + 1)) / sequentialTuning);
}

/** The interval and p-value of a lift whose moments are known, at its current sample size. */
export function sequentialLift(moments: LiftMoments, settings: SequentialSettings): SequentialLift {
  const { estimate, standardError, n } = moments;
  const rho2 = sequentialRho(settings) ** 2;
  // The variance of one unit's contribution, as the confidence sequence is stated per unit.
  const s2 = standardError ** 2 * n;
  const nr2p1 = n * rho2 + 1;
  const halfwidth =
    Math.sqrt(s2) * Math.sqrt((2 * nr2p1 * Math.log(Math.sqrt(nr2p1) / settings.alpha)) / (n * n * rho2));
  const st2 = (estimate ** 2 * n) / standardError ** 2;
  const eValue = Math.exp((rho2 * st2) / (2 * nr2p1)) / Math.sqrt(nr2p1);
  return { low: estimate - halfwidth, high: estimate + halfwidth, p: Math.min(1 / eValue, 1) };
}
