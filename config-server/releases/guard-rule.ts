/**
 * The guard's rule (issue 36): when the figures say a release's candidate hurts borrowers more than its base. Pure: the
 * figures in, a verdict out; guard.ts applies it and release-stats.ts shows it in the console.
 *
 * Error rate (render errors plus API failures per page view), once the candidate has 20 page views: an exact one-sided
 * conditional test that the candidate's rate exceeds the base's by more than 2 percentage points. The margin enters as
 * ⌈0.02 · base page views⌉ errors added to the base; conditional on the total, the candidate's share of the errors is
 * then Binomial(total, candidate views / all views) when the two rates differ by exactly the margin (the errors of
 * each arm counted as Poisson); the candidate is regressed when P(share ≥ observed) < 0.001. The added errors have
 * less spread than Poisson ones, so the test errs on the side of not rolling back. 20 page views, not 30: with 30, a
 * broken candidate at 50 % is still undecided at 80 page views in 1.3 % of random splits (guard-rule.test.ts); 20 adds
 * no false rollback (with equal arms, deciding that early takes 13 failures in the candidate's first 20 views).
 *
 * p75 LCP, once each arm has 30 LCP measurements: the share of candidate LCPs above the base's p75 is 25 % when the
 * arms are alike; regressed when an exact one-sided binomial test says it exceeds 25 % + 15 points at α = 0.001
 * (bins: only candidate LCPs in bins wholly above the base's p75 bin count, which again errs towards not rolling back).
 *
 * Each look tests anew at α = 0.001, so many looks add up. Measured false-rollback rate (guard-rule.test.ts, 50 %
 * arms drawn at random, a look after every page view until the candidate has 1,000; npm run test:hardening): 0 of
 * 50,000 A/A releases at a 2 % error rate (under 0.01 % at 95 % confidence), 0 of 2,500 with alike LCPs too, 2 of
 * 2,000 at a 20 % error rate. A broken candidate (every page view fails) against a healthy base at 50 % is rolled back
 * at its 20th page view: 32 to 67 page views in all, median 40.
 */
import { binomialUpperTail } from './binomial.js';
import { countAbove, histogramTotal, quantileBin, quantileMs, type Histogram } from './timing-bins.js';

export interface GuardRule {
  /** Candidate page views before the error rate is judged. */
  minPageViews: number;
  /** How much worse the candidate's error rate may be (absolute, 0.02 = 2 percentage points). */
  errorMargin: number;
  /** Significance of each look. */
  alpha: number;
  /** LCP measurements each arm needs before p75 LCP is judged. */
  minLcps: number;
  /** Share of candidate LCPs above the base's p75 that is still alike (0.25 + margin). */
  lcpShare: number;
  lcpMargin: number;
}

export const DEFAULT_RULE: GuardRule = {
  minPageViews: 20,
  errorMargin: 0.02,
  alpha: 0.001,
  minLcps: 30,
  lcpShare: 0.25,
  lcpMargin: 0.15,
};

export interface ArmFigures {
  pageViews: number;
  /** Render errors plus API failures. */
  errors: number;
  /** LCP histogram (timing-bins.ts). */
  lcp: Histogram;
}

export type VerdictStatus = 'collecting' | 'healthy' | 'regressed';

export interface Judgement {
  status: VerdictStatus;
  /** Human-readable, with the figures; for a regression, the rollback's audit reason. */
  message: string;
  /** The regressed metric. */
  metric?: 'error-rate' | 'p75-lcp';
}

const pct = (x: number) => `${Math.round(x * 100)} %`;
const pValue = (p: number) => (p < 1e-4 ? p.toExponential(1) : p.toPrecision(2));

/** P-value of "candidate error rate > base error rate + margin" (1 when there is nothing to test yet). */
export function errorRatePValue(base: ArmFigures, candidate: ArmFigures, rule: GuardRule = DEFAULT_RULE): number {
  if (!candidate.pageViews || !base.pageViews || !candidate.errors) return 1;
  const margin = Math.ceil(rule.errorMargin * base.pageViews);
  const total = candidate.errors + base.errors + margin;
  return binomialUpperTail(total, candidate.errors, candidate.pageViews / (candidate.pageViews + base.pageViews));
}

/** P-value of "more than lcpShare + lcpMargin of candidate LCPs exceed the base's p75", with the figures it used. */
export function lcpTest(base: ArmFigures, candidate: ArmFigures, rule: GuardRule = DEFAULT_RULE) {
  const n = histogramTotal(candidate.lcp);
  const above = countAbove(candidate.lcp, quantileBin(base.lcp, 0.75));
  return { p: binomialUpperTail(n, above, rule.lcpShare + rule.lcpMargin), above, n };
}

/**
 * The regressed metric and its p-value, or null: the rule alone, without the words (the simulation in
 * guard-rule.test.ts calls it after every simulated page view). A test whose observed share is not above what the
 * null hypothesis expects has a p-value of about a half or more and is skipped.
 */
export function regression(
  base: ArmFigures,
  candidate: ArmFigures,
  rule: GuardRule = DEFAULT_RULE,
): { metric: 'error-rate' | 'p75-lcp'; p: number } | null {
  if (candidate.pageViews < rule.minPageViews || !base.pageViews) return null;
  const share = candidate.pageViews / (candidate.pageViews + base.pageViews);
  const total = candidate.errors + base.errors + Math.ceil(rule.errorMargin * base.pageViews);
  if (candidate.errors > total * share) {
    const p = errorRatePValue(base, candidate, rule);
    if (p < rule.alpha) return { metric: 'error-rate', p };
  }
  const baseLcps = histogramTotal(base.lcp);
  const candLcps = histogramTotal(candidate.lcp);
  if (baseLcps < rule.minLcps || candLcps < rule.minLcps) return null;
  const lcp = lcpTest(base, candidate, rule);
  return lcp.above > lcp.n * (rule.lcpShare + rule.lcpMargin) && lcp.p < rule.alpha
    ? { metric: 'p75-lcp', p: lcp.p }
    : null;
}

/** The verdict with its figures in words (the console's, and the rollback's audit reason). */
export function judge(base: ArmFigures, candidate: ArmFigures, rule: GuardRule = DEFAULT_RULE): Judgement {
  if (candidate.pageViews < rule.minPageViews) {
    return {
      status: 'collecting',
      message: `collecting: ${candidate.pageViews} of ${rule.minPageViews} candidate page views`,
    };
  }
  const views = `${candidate.pageViews} / ${base.pageViews} page views`;
  const rates = `error rate ${pct(candidate.errors / candidate.pageViews)} candidate vs ${pct(base.errors / (base.pageViews || 1))} base`;
  const p75 = `p75 LCP ${quantileMs(candidate.lcp, 0.75) ?? '–'} ms candidate vs ${quantileMs(base.lcp, 0.75) ?? '–'} ms base`;
  const found = regression(base, candidate, rule);
  if (found?.metric === 'error-rate') {
    return {
      status: 'regressed',
      metric: found.metric,
      message: `automatic rollback: ${rates} over ${views} (p = ${pValue(found.p)} < ${rule.alpha})`,
    };
  }
  if (found) {
    const lcp = lcpTest(base, candidate, rule);
    const why = `${pct(lcp.above / lcp.n)} of ${lcp.n} candidate LCPs above the base's p75; p = ${pValue(found.p)} < ${rule.alpha}`;
    return { status: 'regressed', metric: found.metric, message: `automatic rollback: ${p75} over ${views} (${why})` };
  }
  const lcps = Math.min(histogramTotal(base.lcp), histogramTotal(candidate.lcp));
  const lcpPart = lcps < rule.minLcps ? `LCP collecting (${lcps} of ${rule.minLcps} in each arm)` : p75;
  return { status: 'healthy', message: `healthy: ${rates}, ${lcpPart}, over ${views}` };
}
