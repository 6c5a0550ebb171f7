/**
 * The relative lift of a conversion rate, (candidate − base) / base, with its standard error by the delta method:
 * GrowthBook's `EffectMoments` for two `ProportionStatistic`s (gbstats `frequentist_variance`, `variance_of_ratios`
 * with no covariance, since the arms are independent borrowers). Each borrower is one Bernoulli unit: converted or
 * not, at most once per goal.
 */

export interface ArmCounts {
  /** Borrowers of the arm exposed to the experiment (the goal's units). */
  exposed: number;
  /** Of those, borrowers who converted on the goal within its window. */
  conversions: number;
}

export interface LiftMoments {
  /** (candidate rate − base rate) / base rate. */
  estimate: number;
  standardError: number;
  /** Borrowers in both arms: the sample size the sequential interval is tuned on. */
  n: number;
}

/** Rate and Bernoulli variance p (1 − p) of one arm, as gbstats computes them (population variance). */
function rateOf(arm: ArmCounts): { rate: number; variance: number } {
  const rate = arm.exposed > 0 ? arm.conversions / arm.exposed : 0;
  return { rate, variance: rate * (1 - rate) };
}

/**
 * The lift's moments, or null where gbstats declines too: an arm with no variance (nobody, or everybody, converted:
 * `ZERO_NEGATIVE_VARIANCE`) or a base with no conversions (`BASELINE_VARIATION_ZERO`), where a relative change has
 * no meaning.
 */
export function relativeLiftMoments(base: ArmCounts, candidate: ArmCounts): LiftMoments | null {
  const a = rateOf(base);
  const b = rateOf(candidate);
  if (a.variance <= 0 || b.variance <= 0 || a.rate === 0) return null;
  // Var((B − A) / A) ≈ Var(B) / A² + Var(A) · B² / A⁴ (first-order Taylor expansion around the means).
  const variance =
    b.variance / candidate.exposed / a.rate ** 2 + ((a.variance / base.exposed) * b.rate ** 2) / a.rate ** 4;
  if (!(variance > 0)) return null;
  return {
    estimate: (b.rate - a.rate) / a.rate,
    standardError: Math.sqrt(variance),
    n: base.exposed + candidate.exposed,
  };
}
