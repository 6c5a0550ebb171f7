/**
 * The render section's rows from its samples: every ratio is the median of per-run ratios (each run loads the apps
 * back to back, so slow drift of the machine cancels within a pair; a ratio of two medians moved 10-11 % between
 * otherwise identical runs), with its spread (quartiles and extremes) and each side's median in the note.
 */
import { median, row, type Row } from '../lib/table.js';
import type { ProbeResult } from './page-probe.js';
import type { LoadCost } from './load-cost.js';
import { IDLE_QUIET_MS } from './load-cost.js';

export type Sample = { cold: ProbeResult; warm: ProbeResult; cost?: LoadCost };
export type Phase = 'cold' | 'warm';

/** The first budgets against the plain page: content visible cold / warm, first contentful paint cold. */
export const PLAIN_BUDGETS = { contentCold: 0.8, contentWarm: 0.9, fcpCold: 0.6 };
/** Budgets for ours: JS over the whole first load, gzip as served, and the heap after load. */
const LOAD_BUDGETS = { jsBytes: 125 * 1024, heapBytes: 3 * 1024 * 1024 };
/** The end of the last long task, ours / plain, and no long task over 50 ms on a borrower route. */
export const QUIET_BUDGET = 1.0;
export const LONG_TASK_BUDGET_MS = 50;

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.max(0, Math.round(q * (s.length - 1))))] : NaN;
};
/** `median [p25-p75] (min-max)` of xs with f formatting each. */
export const spread = (xs: number[], f: (x: number) => string) =>
  xs.length
    ? `${f(median(xs))} [${f(quantile(xs, 0.25))}-${f(quantile(xs, 0.75))}] (${f(Math.min(...xs))}-${f(Math.max(...xs))})`
    : '-';
const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`;
const mb = (b: number) => `${(b / 1024 / 1024).toFixed(2)} MB`;
const r3 = (x: number) => x.toFixed(2);
const ms = (xs: (number | null)[]) => xs.filter((x): x is number => x !== null);

function paired(ours: (number | null)[], base: (number | null)[]) {
  const ratios = ours.flatMap((o, i) => (o !== null && base[i] != null && base[i]! > 0 ? [o / base[i]!] : []));
  return {
    ratio: median(ratios),
    pairs: ratios.length,
    note: `median [quartiles] (range) of ${ratios.length} paired ratios ${spread(ratios, r3)}`,
  };
}

type Pick = (p: ProbeResult) => number | null;
const FIGURES: Record<'content' | 'fcp' | 'quiet' | 'longest', { label: string; pick: Pick }> = {
  content: { label: 'content visible', pick: (p) => p.content },
  fcp: { label: 'first contentful paint', pick: (p) => p.fcp },
  quiet: { label: 'quiet (end of the last long task)', pick: (p) => p.quiet },
  longest: { label: 'longest main-thread task', pick: (p) => p.longestTask },
};

function ratioRow(
  label: string,
  what: keyof typeof FIGURES,
  phase: Phase,
  ours: Sample[],
  other: Sample[],
  who: string,
  limit?: number,
): Row {
  const { pick } = FIGURES[what];
  const o = ours.map((x) => pick(x[phase]));
  const b = other.map((x) => pick(x[phase]));
  const r = paired(o, b);
  const name = `${label} ${phase === 'cold' ? 'cold (first visit)' : 'reload'}: ${FIGURES[what].label} ours / ${who}`;
  return row(
    'render',
    name,
    r.ratio,
    'x',
    limit === undefined ? undefined : { op: '<=', limit },
    `${r.note}; medians ours ${median(ms(o)).toFixed(0)} ms, ${who} ${median(ms(b)).toFixed(0)} ms`,
  );
}

export function plainRows(
  label: string,
  ours: Sample[],
  plain: Sample[],
  budgets: typeof PLAIN_BUDGETS & { quietCold?: number },
): Row[] {
  const who = 'plain react+fetch';
  return [
    ratioRow(label, 'content', 'cold', ours, plain, who, budgets.contentCold),
    ratioRow(label, 'fcp', 'cold', ours, plain, who, budgets.fcpCold),
    ratioRow(label, 'quiet', 'cold', ours, plain, who, budgets.quietCold),
    ratioRow(label, 'content', 'warm', ours, plain, who, budgets.contentWarm),
    ratioRow(label, 'fcp', 'warm', ours, plain, who),
  ];
}

/** Ours's cold content time (median, informational) and its spread over first visits: p90 / median <= `limit`. */
export function contentSpreadRows(label: string, ours: Sample[], limit: number): Row[] {
  const c = ms(ours.map((x) => x.cold.content));
  const note = `${spread(c, (x) => x.toFixed(0))} ms, p90 ${quantile(c, 0.9).toFixed(0)} ms, ${c.length} first visits`;
  return [
    row(
      'render',
      `${label} cold (first visit): content visible, ours`,
      c.length ? median(c) : null,
      'ms',
      undefined,
      note,
    ),
    row(
      'render',
      `${label} cold (first visit): content visible spread, ours p90 / median`,
      c.length ? quantile(c, 0.9) / median(c) : null,
      'x',
      { op: '<=', limit },
      note,
    ),
  ];
}

/**
 * Ours against another build of this project (`BENCH_AGAINST`), loaded beside it in every round: the paired ratios of
 * content, first contentful paint and quiet, and of the longest main-thread task. No budget: a change's effect, read
 * with its spread (a ratio whose quartiles straddle 1 is no change this run can see).
 */
export function againstRows(label: string, ours: Sample[], other: Sample[]): Row[] {
  const who = 'other build';
  return (['content', 'fcp', 'quiet', 'longest'] as const).map((what) =>
    ratioRow(label, what, 'cold', ours, other, who),
  );
}

export function baselineRows(label: string, ours: Sample[], base: Sample[]): Row[] {
  const rows: Row[] = [];
  for (const phase of ['cold', 'warm'] as const) {
    rows.push(ratioRow(label, 'content', phase, ours, base, 'hand-written', 1.15));
    const o = ours.map((x) => x[phase].mark),
      b = base.map((x) => x[phase].mark);
    const r = paired(o, b);
    rows.push(
      row(
        'render',
        `${label} ${phase}: sdui:screen-visible mark ours / hand-written`,
        r.ratio,
        'x',
        undefined,
        `${r.note}; ours ${median(ms(o)).toFixed(0)} ms (${ms(o).length}/${o.length} runs set it), hand-written ${median(ms(b)).toFixed(0)} ms`,
      ),
    );
  }
  return rows;
}

/** Ours alone: the longest task of a cold load (budget: none over 50 ms) and the quiet moment in ms. */
export function mainThreadRows(label: string, ours: Sample[]): Row[] {
  const longest = ours.map((x) => x.cold.longestTask);
  const count = ours.map((x) => x.cold.longTasks);
  const quiet = ms(ours.map((x) => x.cold.quiet));
  return [
    row(
      'render',
      `${label} cold: longest main-thread task, ours`,
      median(longest),
      'ms',
      { op: '<=', limit: LONG_TASK_BUDGET_MS },
      `median [quartiles] (range) ${spread(longest, (x) => x.toFixed(0))} ms; long tasks (> 50 ms) per load ${spread(count, String)}; quiet at ${spread(quiet, (x) => x.toFixed(0))} ms`,
    ),
  ];
}

/**
 * Tap-to-effect: from a tap made as soon as its target is on screen until its effect is visible. A lost tap
 * (no effect within the probe's wait) has no time: counted apart. Ratio against the plain page where one exists.
 */
export function tapRows(label: string, ours: Sample[], plain: Sample[] | undefined): Row[] {
  const t = (x: Sample) => (x.cold.tapAt !== null && x.cold.effectAt !== null ? x.cold.effectAt - x.cold.tapAt : null);
  const o = ours.map(t);
  const lost = o.filter((x) => x === null).length;
  const at = ms(ours.map((x) => x.cold.tapAt));
  // When the borrower sees the effect, from navigation start: the plain page's target only shows with its data.
  const seenAt = (xs: Sample[]) => median(ms(xs.map((x) => x.cold.effectAt)));
  const rows = [
    row(
      'render',
      `${label} cold: tap-to-effect, ours`,
      ms(o).length ? median(ms(o)) : null,
      'ms',
      undefined,
      `tap as soon as its target is visible (median at ${median(at).toFixed(0)} ms, effect seen at ${seenAt(ours).toFixed(0)} ms); ${spread(ms(o), (x) => x.toFixed(0))} ms; lost (no effect within 20 s) in ${lost}/${o.length} loads`,
    ),
  ];
  if (plain?.length) {
    const p = plain.map(t);
    const r = paired(o, p);
    const plainAt = ms(plain.map((x) => x.cold.tapAt));
    rows.push(
      row(
        'render',
        `${label} cold: tap-to-effect ours / plain react+fetch`,
        r.pairs ? r.ratio : null,
        'x',
        undefined,
        `${r.note}; plain ${spread(ms(p), (x) => x.toFixed(0))} ms, tapped at ${median(plainAt).toFixed(0)} ms (its target appears with its data), effect seen at ${seenAt(plain).toFixed(0)} ms; plain lost ${p.filter((x) => x === null).length}/${p.length}`,
      ),
    );
  }
  return rows;
}

/**
 * Two rows per app: JS transferred over the whole cold load (every script until the network was idle
 * IDLE_QUIET_MS after the load event) and the JS heap after it, read in loads with nothing injected.
 */
export function costRows(label: string, side: 'ours' | 'plain', samples: Sample[]): Row[] {
  const costs = samples.flatMap((x) => (x.cost ? [x.cost] : []));
  if (!costs.length) return [];
  const js = costs.map((c) => c.jsBytes);
  const heap = costs.map((c) => c.heapBytes).filter(Number.isFinite);
  // Which chunks: the scripts of the run whose total is the median (the first such run).
  const typical = costs.find((c) => c.jsBytes === median(js)) ?? costs[0];
  const after = costs.map((c) => c.afterLoad.length);
  const who = side === 'ours' ? 'ours' : 'plain react+fetch';
  return [
    row(
      'render',
      `${label} cold: JS transferred over the load, ${who}`,
      median(js),
      'B',
      side === 'ours' ? { op: '<=', limit: LOAD_BUDGETS.jsBytes } : undefined,
      `${spread(js, kb)} over ${js.length} cold loads, every script until the network was idle ${IDLE_QUIET_MS / 1000} s after load, bytes as served; requests after load per run: ${spread(after, String)}; scripts (bytes): ${typical.scripts.join(', ')}`,
    ),
    row(
      'render',
      `${label} cold: JS heap after load, ${who}`,
      heap.length ? median(heap) / 1024 / 1024 : null,
      'MB',
      side === 'ours' ? { op: '<=', limit: LOAD_BUDGETS.heapBytes / 1024 / 1024 } : undefined,
      `${spread(heap, mb)} over ${heap.length} loads with nothing injected, JSHeapUsedSize after HeapProfiler.collectGarbage once the network was idle`,
    ),
  ];
}
