/**
 * The guard's rule: when the figures say a release's candidate hurts borrowers more than its base. Pure: the
 * figures in, a verdict out; guard.ts applies it and release-stats.ts shows it in the console. Which metrics it judges,
 * and each one's thresholds, are the metric catalog's (schemas/release-metrics.ts); the two ways of judging are here.
 *
 * A rate (`rate-above-base`; the error rate: render errors plus API failures per page view), once the candidate has 20
 * page views: an exact one-sided conditional test that the candidate's rate exceeds the base's by more than 2
 * percentage points. The margin enters as ⌈0.02 · base page views⌉ errors added to the base; conditional on the total,
 * the candidate's share of the errors is then Binomial(total, candidate views / all views) when the two rates differ by
 * exactly the margin (the errors of each arm counted as Poisson); the candidate is regressed when P(share ≥ observed) <
 * 0.001. The added errors have less spread than Poisson ones, so the test errs on the side of not rolling back. 20 page
 * views, not 30: with 30, a broken candidate at 50 % is still undecided at 80 page views in 1.3 % of random splits
 * (guard-rule.test.ts); 20 adds no false rollback (with equal arms, deciding that early takes 13 failures in the
 * candidate's first 20 views).
 *
 * A timing at its p75 (`p75-share`; LCP and INP), once each arm has 30 measurements: the share of candidate
 * measurements above the base's p75 is 25 % when the arms are alike; regressed when an exact one-sided binomial test
 * says it exceeds 25 % + 15 points at α = 0.001 (bins: only candidate measurements in bins wholly above the base's p75
 * bin count, which again errs towards not rolling back).
 *
 * Each look tests anew at α = 0.001, so many looks add up. Measured false-rollback rate (guard-rule.test.ts, 50 %
 * arms drawn at random, a look after every page view until the candidate has 1,000; npm run test:hardening): 0 of
 * 50,000 A/A releases at a 2 % error rate (under 0.01 % at 95 % confidence), 0 of 2,500 with alike LCPs too, 2 of
 * 2,000 at a 20 % error rate. A broken candidate (every page view fails) against a healthy base at 50 % is rolled back
 * at its 20th page view: 32 to 67 page views in all, median 40.
 */
import {
  GUARDED_METRICS,
  RELEASE_METRICS,
  type GuardedMetric,
  type GuardTest,
  type MetricEntry,
} from '../../schemas/release-metrics.js';
import { binomialUpperTail } from './binomial.js';
import { countAbove, histogramTotal, quantileBin, quantileMs, type Histogram } from './timing-bins.js';

export interface GuardRule {
  /** Significance of each look. */
  alpha: number;
  /** How each judged metric is judged (the catalog's, unless a test says otherwise). */
  tests: Record<GuardedMetric, GuardTest>;
}

export const DEFAULT_RULE: GuardRule = {
  alpha: 0.001,
  tests: Object.fromEntries(GUARDED_METRICS.map((id) => [id, RELEASE_METRICS[id].guard])) as GuardRule['tests'],
};

/** One arm's figures: its counts (page views, errors: render errors plus API failures...) and timing histograms. */
export interface ArmFigures {
  pageViews: number;
  errors: number;
  [metric: string]: number | Histogram | undefined;
}

export type VerdictStatus = 'collecting' | 'healthy' | 'regressed';

/** How a verdict names a metric: `error-rate`, `p75-lcp`, `p75-inp`. */
export type VerdictMetric = string;
export const verdictMetric = (id: GuardedMetric): VerdictMetric =>
  RELEASE_METRICS[id].kind === 'timing'
    ? `p75-${id.toLowerCase()}`
    : id.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

export interface Judgement {
  status: VerdictStatus;
  /** Human-readable, with the figures; for a regression, the rollback's audit reason. */
  message: string;
  /** The regressed metric. */
  metric?: VerdictMetric;
}

const pct = (x: number) => `${Math.round(x * 100)} %`;
const pValue = (p: number) => (p < 1e-4 ? p.toExponential(1) : p.toPrecision(2));
const entry = (id: GuardedMetric): MetricEntry => RELEASE_METRICS[id];
const numerator = (id: GuardedMetric, f: ArmFigures) =>
  (entry(id).of ?? []).reduce((s, m) => s + ((f[m] as number | undefined) ?? 0), 0);
const histogram = (id: GuardedMetric, f: ArmFigures): Histogram => (f[id] as Histogram | undefined) ?? [];
/** Candidate page views before anything is judged: the most any rate test waits for. */
const minViewsOf = new WeakMap<GuardRule, number>();
const minViews = (rule: GuardRule) => {
  let n = minViewsOf.get(rule);
  if (n === undefined) {
    n = Math.max(0, ...Object.values(rule.tests).map((t) => (t.test === 'rate-above-base' ? t.minViews : 0)));
    minViewsOf.set(rule, n);
  }
  return n;
};

/**
 * Whether the candidate's rate is above what "base rate + margin" expects, and the p-value of that (computed only then:
 * a share not above the expected one has a p-value of about a half or more).
 */
export function rateTest(id: GuardedMetric, base: ArmFigures, candidate: ArmFigures, margin: number) {
  const [b, c] = [numerator(id, base), numerator(id, candidate)];
  if (!candidate.pageViews || !base.pageViews || !c) return { p: 1, above: false };
  const total = c + b + Math.ceil(margin * base.pageViews);
  const share = candidate.pageViews / (candidate.pageViews + base.pageViews);
  const above = c > total * share;
  return { p: above ? binomialUpperTail(total, c, share) : 1, above };
}

/** P-value of "more than share + margin of candidate measurements exceed the base's p75", with the figures it used. */
export function p75Test(
  id: GuardedMetric,
  base: ArmFigures,
  candidate: ArmFigures,
  t: { share: number; margin: number },
) {
  const cand = histogram(id, candidate);
  const n = histogramTotal(cand);
  const above = countAbove(cand, quantileBin(histogram(id, base), 0.75));
  return { p: binomialUpperTail(n, above, t.share + t.margin), above, n };
}

/** Whether `id` has the figures it waits for (each arm's measurements for a timing). */
const ready = (id: GuardedMetric, t: GuardTest, base: ArmFigures, candidate: ArmFigures) =>
  t.test === 'rate-above-base' ||
  Math.min(histogramTotal(histogram(id, base)), histogramTotal(histogram(id, candidate))) >= t.minEach;

/**
 * The regressed metric and its p-value, or null: the rule alone, without the words (the simulation in
 * guard-rule.test.ts calls it after every simulated page view). A test whose observed share is not above what the
 * null hypothesis expects has a p-value of about a half or more and is skipped.
 */
export function regression(
  base: ArmFigures,
  candidate: ArmFigures,
  rule: GuardRule = DEFAULT_RULE,
): { metric: VerdictMetric; id: GuardedMetric; p: number } | null {
  if (candidate.pageViews < minViews(rule) || !base.pageViews) return null;
  for (const id of GUARDED_METRICS) {
    const t = rule.tests[id];
    if (!ready(id, t, base, candidate)) continue;
    if (t.test === 'rate-above-base') {
      const r = rateTest(id, base, candidate, t.margin);
      if (r.above && r.p < rule.alpha) return { metric: verdictMetric(id), id, p: r.p };
    } else {
      const r = p75Test(id, base, candidate, t);
      if (r.above > r.n * (t.share + t.margin) && r.p < rule.alpha) return { metric: verdictMetric(id), id, p: r.p };
    }
  }
  return null;
}

/** A metric's figures in words: `error rate 3 % candidate vs 2 % base`, `p75 LCP 1200 ms candidate vs 900 ms base`. */
function figuresText(id: GuardedMetric, t: GuardTest, base: ArmFigures, candidate: ArmFigures): string {
  const name = entry(id).words.name;
  if (t.test === 'rate-above-base')
    return `${name} ${pct(numerator(id, candidate) / candidate.pageViews)} candidate vs ${pct(numerator(id, base) / (base.pageViews || 1))} base`;
  const p75 = (f: ArmFigures) => quantileMs(histogram(id, f), 0.75) ?? '–';
  return `p75 ${name} ${p75(candidate)} ms candidate vs ${p75(base)} ms base`;
}

/** The verdict with its figures in words (the console's, and the rollback's audit reason). */
export function judge(base: ArmFigures, candidate: ArmFigures, rule: GuardRule = DEFAULT_RULE): Judgement {
  const least = minViews(rule);
  if (candidate.pageViews < least)
    return { status: 'collecting', message: `collecting: ${candidate.pageViews} of ${least} candidate page views` };
  const views = `${candidate.pageViews} / ${base.pageViews} page views`;
  const found = regression(base, candidate, rule);
  if (found) {
    const t = rule.tests[found.id];
    const said = figuresText(found.id, t, base, candidate);
    const p = `p = ${pValue(found.p)} < ${rule.alpha}`;
    if (t.test === 'rate-above-base')
      return { status: 'regressed', metric: found.metric, message: `automatic rollback: ${said} over ${views} (${p})` };
    const r = p75Test(found.id, base, candidate, t);
    const why = `${pct(r.above / r.n)} of ${r.n} candidate ${entry(found.id).words.name}s above the base's p75; ${p}`;
    return { status: 'regressed', metric: found.metric, message: `automatic rollback: ${said} over ${views} (${why})` };
  }
  const parts = GUARDED_METRICS.map((id) => {
    const t = rule.tests[id];
    if (t.test === 'p75-share' && !ready(id, t, base, candidate)) {
      const have = Math.min(histogramTotal(histogram(id, base)), histogramTotal(histogram(id, candidate)));
      return `${entry(id).words.name} collecting (${have} of ${t.minEach} in each arm)`;
    }
    return figuresText(id, t, base, candidate);
  });
  return { status: 'healthy', message: `healthy: ${parts.join(', ')}, over ${views}` };
}
