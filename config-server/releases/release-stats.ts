/**
 * A release's figures as the console and the guard read them: per arm, the metric catalog's figures (page
 * views, errors, error rate, p75 LCP and INP), summed in the store over the screens the release touches, and the
 * guard's verdict on them (guard-rule.ts). Every replica reads the same sums, so every replica reaches the same verdict.
 */
import type { StoredRelease } from '../store/release-records.js';
import { API_FAILURES, type Arm, type ReleaseFigures, type TelemetryStore } from '../store/telemetry-records.js';
import { DEFAULT_RULE, judge, type ArmFigures, type GuardRule, type Judgement } from './guard-rule.js';
import { quantileMs } from './timing-bins.js';
import {
  COLUMN_METRICS,
  RELEASE_METRICS,
  statKey,
  TIMING_METRICS,
  type MetricEntry,
  type MetricId,
  type TimingMetric,
} from '../../schemas/release-metrics.js';

/**
 * What one arm of a release did to its borrowers: a figure per console column of the metric catalog (page views,
 * errors, error rate, p75 of each timing in ms, null without a measurement), by its admin API name (`statKey`).
 */
export type ArmStats = Record<string, number | null>;

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

/** Both arms' figures from the store's sums: every count of the catalog (a sum's parts added up) and every timing. */
export function armFiguresOf(f: ReleaseFigures): Record<Arm, ArmFigures> {
  const arm = (a: Arm): ArmFigures => {
    const counts = f.counts.filter((c) => c.arm === a);
    const n = (metric: MetricId): number =>
      RELEASE_METRICS[metric].kind !== 'count'
        ? 0
        : 'of' in RELEASE_METRICS[metric]
          ? (RELEASE_METRICS[metric].of as readonly MetricId[]).reduce((s, m) => s + n(m), 0)
          : counts
              .filter((c) => c.metric === metric || (metric === 'apiFailures' && c.metric.startsWith(API_FAILURES)))
              .reduce((s, c) => s + c.n, 0);
    const out: ArmFigures = { pageViews: n('pageViews'), errors: n('errors') };
    for (const id of Object.keys(RELEASE_METRICS) as MetricId[])
      if (RELEASE_METRICS[id].kind === 'count') out[id] = n(id);
    for (const t of TIMING_METRICS) {
      const h: number[] = [];
      for (const b of f.bins) if (b.arm === a && b.metric === t) h[b.bin] = b.n;
      out[t] = h;
    }
    return out;
  };
  return { base: arm('base'), candidate: arm('candidate') };
}

export async function releaseFigures(telemetry: TelemetryStore, r: StoredRelease): Promise<Record<Arm, ArmFigures>> {
  return armFiguresOf(await telemetry.figures(r.id, touchedScreens(r)));
}

/** An arm's figure of each console column, by unit: counts as they are, a rate per page view, a timing's p75. */
export const armStats = (f: ArmFigures): ArmStats =>
  Object.fromEntries(
    COLUMN_METRICS.map((id) => {
      const m: MetricEntry = RELEASE_METRICS[id];
      if (m.kind === 'timing') return [statKey(id), quantileMs((f[id as TimingMetric] as number[]) ?? [], 0.75)];
      if (m.kind === 'rate' || m.kind === 'conversion') {
        const top = (m.of ?? []).reduce((s, k) => s + ((f[k] as number) ?? 0), 0);
        return [statKey(id), f.pageViews ? top / f.pageViews : 0];
      }
      return [statKey(id), (f[id] as number) ?? 0];
    }),
  );

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
