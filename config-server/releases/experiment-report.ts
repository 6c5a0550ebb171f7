/**
 * A release's experiment results as `GET /admin/api/releases/{id}/results` answers them: the store's counts (grouped in
 * SQL per arm, market and day: store/sql-experiments.ts) judged by the statistics engine
 * (experiments/experiment-results.ts), overall and per market, with each day's figures so far for the console's
 * picture over time. Conversions a screen reported (source `app`) never enter a verdict: they are shown apart.
 */
import { experimentResults, type ExperimentResults, type GoalResult } from '../experiments/experiment-results.js';
import type { ExperimentSettings } from '../experiments/experiment-settings.js';
import { methodWords, signed } from '../experiments/verdict-words.js';
import type { PublishedMetric } from '../published/snapshot.js';
import { DAY_MS, type ExperimentCountRows } from '../store/experiment-records.js';
import type { StoredRelease } from '../store/release-records.js';
import type { Arm } from '../store/telemetry-records.js';

type Pair = { base: number; candidate: number };
export type ReportedGoal = GoalResult & { name: string; higherIsBetter: boolean; reportedByApp: Pair };
export interface ArmsResults extends Omit<ExperimentResults, 'goals'> {
  goals: ReportedGoal[];
  guardrails: ReportedGoal[];
}
export interface ReleaseResults extends ArmsResults {
  release: { id: string; status: string; percent: number; startedAt: string };
  experiment: { goals: string[]; guardrails: string[] };
  /** The same figures per market (the borrower's market at their first exposure). */
  markets: Record<string, ArmsResults>;
  /** Each day (UTC) with exposures or conversions: the figures up to its end, for a picture over time. */
  days: {
    day: string;
    exposures: Pair;
    goals: Pick<GoalResult, 'metric' | 'base' | 'candidate' | 'lift' | 'verdict'>[];
  }[];
  settings: Pick<ExperimentSettings, 'minDays' | 'minExposedPerArm' | 'minConversionsPerArm' | 'alpha' | 'srmAlpha'>;
  /** The method behind the lift, interval, p, verdict and split check, named (what the console shows). */
  method: string;
  /** When these figures were read (ISO 8601). */
  at: string;
}

const pair = (): Pair => ({ base: 0, candidate: 0 });

/** The candidate's configured share, kept inside (0, 1) so a fully widened release still reads (its SRM then alone). */
const shareOf = (percent: number) => Math.min(Math.max(percent / 100, 0.0001), 0.9999);

interface Filter {
  market?: string;
}

/** Exposures per arm and goal hits per source, metric and arm, as counted so far. */
class Tally {
  readonly exposures = pair();
  private readonly counted = new Map<string, Map<string, Pair>>();

  add(rows: ExperimentCountRows, keep: (r: { market: string }) => boolean) {
    for (const r of rows.exposures) if (keep(r)) this.exposures[r.arm] += r.n;
    for (const r of rows.hits) if (keep(r)) this.hit(r);
    return this;
  }

  hit(r: ExperimentCountRows['hits'][number]) {
    let bySource = this.counted.get(r.source);
    if (!bySource) this.counted.set(r.source, (bySource = new Map()));
    let p = bySource.get(r.metric);
    if (!p) bySource.set(r.metric, (p = pair()));
    p[r.arm as Arm] += r.n;
  }

  hits(source: string, metric: string): Pair {
    return { ...(this.counted.get(source)?.get(metric) ?? pair()) };
  }
}

function tally(rows: ExperimentCountRows, f: Filter) {
  return new Tally().add(rows, (r) => f.market === undefined || r.market === f.market);
}

function judge(
  release: StoredRelease,
  metricIds: readonly string[],
  t: Tally,
  metrics: ReadonlyMap<string, PublishedMetric>,
  settings: ExperimentSettings,
  now: number,
) {
  const startedAt = Date.parse(release.startAt ?? release.createdAt);
  const goals = metricIds.map((metric) => {
    const hit = t.hits('backend', metric);
    return {
      metric,
      higherIsBetter: metrics.get(metric)?.higherIsBetter ?? true,
      base: { exposed: t.exposures.base, conversions: Math.min(hit.base, t.exposures.base) },
      candidate: { exposed: t.exposures.candidate, conversions: Math.min(hit.candidate, t.exposures.candidate) },
    };
  });
  const counts = { exposures: { ...t.exposures }, candidateShare: shareOf(release.percent), goals, startedAt, now };
  return { results: experimentResults(counts, settings), app: (m: string) => t.hits('app', m) };
}

/**
 * `judge` of the figures up to each day's end, in one pass over the rows by day: a year of days and a dozen goals in
 * three markets are some 50,000 rows, and tallying them all again for each day took seconds of the server's thread.
 */
function eachDay<R>(rows: ExperimentCountRows, days: readonly number[], judgeDay: (t: Tally, day: number) => R): R[] {
  const byDay = (a: { day: number }, b: { day: number }) => a.day - b.day;
  const sorted = { exposures: [...rows.exposures].sort(byDay), hits: [...rows.hits].sort(byDay) };
  const t = new Tally();
  let [e, h] = [0, 0];
  return days.map((day) => {
    for (; e < sorted.exposures.length && sorted.exposures[e].day <= day; e++)
      t.exposures[sorted.exposures[e].arm] += sorted.exposures[e].n;
    for (; h < sorted.hits.length && sorted.hits[h].day <= day; h++) t.hit(sorted.hits[h]);
    return judgeDay(t, day);
  });
}

function armsResults(
  release: StoredRelease,
  rows: ExperimentCountRows,
  f: Filter,
  metrics: ReadonlyMap<string, PublishedMetric>,
  settings: ExperimentSettings,
  now: number,
): ArmsResults {
  const x = release.experiment!;
  // Guardrails that are metric documents are judged as goals are; the guard's own (errorRate, p75Lcp) are the
  // release's guard figures, shown with the release.
  const guardrails = x.guardrails.filter((g) => metrics.has(g));
  const { results, app } = judge(release, [...x.goals, ...guardrails], tally(rows, f), metrics, settings, now);
  const named = results.goals.map((g): ReportedGoal => ({
    ...g,
    name: metrics.get(g.metric)?.name ?? g.metric,
    higherIsBetter: metrics.get(g.metric)?.higherIsBetter ?? true,
    reportedByApp: app(g.metric),
  }));
  return {
    exposures: results.exposures,
    srm: results.srm,
    goals: named.slice(0, x.goals.length),
    guardrails: named.slice(x.goals.length),
  };
}

const dayName = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

export function experimentReport(
  release: StoredRelease,
  rows: ExperimentCountRows,
  metrics: ReadonlyMap<string, PublishedMetric>,
  settings: ExperimentSettings,
  now: number,
): ReleaseResults {
  const x = release.experiment!;
  const overall = armsResults(release, rows, {}, metrics, settings, now);
  const markets = [...new Set(rows.exposures.map((r) => r.market))].sort();
  const days = [...new Set([...rows.exposures, ...rows.hits].map((r) => r.day))].sort((a, b) => a - b);
  return {
    release: {
      id: release.id,
      status: release.status,
      percent: release.percent,
      startedAt: release.startAt ?? release.createdAt,
    },
    experiment: { goals: x.goals, guardrails: x.guardrails },
    ...overall,
    markets: Object.fromEntries(
      markets.map((m) => [m, armsResults(release, rows, { market: m }, metrics, settings, now)]),
    ),
    days: eachDay(rows, days, (t, day) => {
      const { results } = judge(release, x.goals, t, metrics, settings, Math.min(now, (day + 1) * DAY_MS));
      return {
        day: dayName(day),
        exposures: results.exposures,
        goals: results.goals.map(({ metric, base, candidate, lift, verdict }) => ({
          metric,
          base,
          candidate,
          lift,
          verdict,
        })),
      };
    }),
    settings: {
      minDays: settings.minDays,
      minExposedPerArm: settings.minExposedPerArm,
      minConversionsPerArm: settings.minConversionsPerArm,
      alpha: settings.alpha,
      srmAlpha: settings.srmAlpha,
    },
    method: methodWords(settings),
    at: new Date(now).toISOString(),
  };
}

/** The figures of the moment in one line, for the audit entry of shipping or stopping an experiment. */
export function resultsSummary(r: ReleaseResults): string {
  const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
  const goals = [...r.goals, ...r.guardrails].map((g) => {
    const lift =
      g.lift.estimate === null
        ? 'no lift yet'
        : `lift ${signed(g.lift.estimate)} [${signed(g.lift.low ?? NaN)}, ${signed(g.lift.high ?? NaN)}]`;
    return `${g.metric} base ${g.base.conversions}/${g.base.exposed} (${pct(g.base.rate)}), candidate ${g.candidate.conversions}/${g.candidate.exposed} (${pct(g.candidate.rate)}), ${lift}, ${g.verdict}`;
  });
  const srm = r.srm.flagged ? `; sample ratio mismatch (p = ${r.srm.p?.toPrecision(2)})` : '';
  return `results at ${r.at}: exposures base ${r.exposures.base}, candidate ${r.exposures.candidate}${srm}; ${goals.join('; ')}`;
}
