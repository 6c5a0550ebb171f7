/**
 * A release's figures as the console and the guard read them (issue 36): per arm, page views, errors (render errors
 * plus API failures), error rate and p75 LCP, summed in the store over the screens the release touches, and the
 * guard's verdict on them (guard-rule.ts). Every replica reads the same sums, so every replica reaches the same verdict.
 */
import type { StoredRelease } from '../store/release-records.js';
import { API_FAILURES, type Arm, type ReleaseFigures, type TelemetryStore } from '../store/telemetry-records.js';
import { DEFAULT_RULE, judge, type ArmFigures, type GuardRule, type Judgement } from './guard-rule.js';
import { quantileMs } from './timing-bins.js';

/** What one arm of a release did to its borrowers. */
export interface ArmStats {
  pageViews: number;
  /** Render errors plus API failures. */
  errors: number;
  /** errors / pageViews (0 without page views). */
  errorRate: number;
  /** 75th percentile of Largest Contentful Paint, ms (null: no measurement yet). */
  p75Lcp: number | null;
}

export interface Verdict {
  status: 'off' | 'collecting' | 'healthy' | 'regressed';
  /** In words, with the figures (e.g. "collecting: 12 of 20 candidate page views"). */
  message: string;
}

export interface ReleaseView {
  arms: { base: ArmStats; candidate: ArmStats };
  verdict: Verdict;
}

/** Where the console's figures come from. */
export type ReleaseStats = (release: StoredRelease) => Promise<ReleaseView>;

/**
 * The screens whose figures judge a release: its screens when it changes only screens; every screen when it changes
 * anything a bundle carries (route map, API map, text set, market, bridge map) or a landing template, which any page may use.
 */
export function touchedScreens(r: Pick<StoredRelease, 'documents'>): string[] | undefined {
  return r.documents.every((d) => d.kind === 'screen') ? r.documents.map((d) => d.id) : undefined;
}

/** Both arms' figures from the store's sums. */
export function armFiguresOf(f: ReleaseFigures): Record<Arm, ArmFigures> {
  const arm = (a: Arm): ArmFigures => {
    const n = (metric: string) => f.counts.find((c) => c.arm === a && c.metric === metric)?.n ?? 0;
    const apiFailures = f.counts
      .filter((c) => c.arm === a && c.metric.startsWith(API_FAILURES))
      .reduce((s, c) => s + c.n, 0);
    const lcp: number[] = [];
    for (const b of f.bins) if (b.arm === a && b.metric === 'lcp') lcp[b.bin] = b.n;
    return { pageViews: n('pageViews'), errors: n('renderErrors') + apiFailures, lcp };
  };
  return { base: arm('base'), candidate: arm('candidate') };
}

export async function releaseFigures(telemetry: TelemetryStore, r: StoredRelease): Promise<Record<Arm, ArmFigures>> {
  return armFiguresOf(await telemetry.figures(r.id, touchedScreens(r)));
}

export const armStats = (f: ArmFigures): ArmStats => ({
  pageViews: f.pageViews,
  errors: f.errors,
  errorRate: f.pageViews ? f.errors / f.pageViews : 0,
  p75Lcp: quantileMs(f.lcp, 0.75),
});

/** The guard's reading of a release: off when it is not guarded, else the rule's judgement of its figures. */
export function verdictOf(
  r: Pick<StoredRelease, 'guard' | 'status'>,
  figures: Record<Arm, ArmFigures>,
  rule: GuardRule = DEFAULT_RULE,
): Verdict & Pick<Judgement, 'metric'> {
  if (!r.guard) return { status: 'off', message: 'guard off: this release is rolled back only by hand' };
  if (r.status === 'scheduled') return { status: 'collecting', message: 'collecting: not started yet' };
  return judge(figures.base, figures.candidate, rule);
}

/** The console's figures, from the telemetry in the store. */
export function telemetryReleaseStats(telemetry: TelemetryStore, rule: GuardRule = DEFAULT_RULE): ReleaseStats {
  return async (r) => {
    const figures = await releaseFigures(telemetry, r);
    const { status, message } = verdictOf(r, figures, rule);
    return {
      arms: { base: armStats(figures.base), candidate: armStats(figures.candidate) },
      verdict: { status, message },
    };
  };
}
