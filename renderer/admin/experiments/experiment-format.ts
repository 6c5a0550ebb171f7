/**
 * An experiment's results in ops' words: rates and lifts as percentages, each verdict as a sentence, what a goal
 * still lacks before it can have one, the sample-ratio state, and the exposures of each day. Pure, so the page and
 * its tests agree on every wording; the figures themselves are the server's.
 */
import type { ExperimentGoal, ExperimentResults } from '../admin-types';

export type Verdict = ExperimentGoal['verdict'];
type Settings = ExperimentResults['settings'];

const pct = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1, minimumFractionDigits: 1 });
/** For a figure that one decimal would show as 0.0: its first significant digit. */
const small = new Intl.NumberFormat('en-GB', { maximumSignificantDigits: 1 });
const int = new Intl.NumberFormat('en-GB');

/** A percentage to one decimal; one that is not zero never reads 0.0 (an interval end beside no change decides). */
const percentText = (x: number) => {
  const v = x * 100;
  return pct.format(v) === '0.0' && v !== 0 ? small.format(v) : pct.format(v);
};

/** 0.1534 → `15.3 %`. */
export const rateText = (rate: number) => `${percentText(rate)} %`;
/** 0.12 → `+12.0 %` (a relative lift), 0.0002 → `+0.02 %`, null → `—`. */
export const liftText = (lift: number | null) =>
  lift === null ? '—' : `${lift > 0 ? '+' : lift < 0 ? '−' : ''}${percentText(Math.abs(lift))} %`;
export const countText = (n: number) => int.format(n);
/**
 * A p-value as the server's verdict sentence writes it (`verdict-words.ts`), so the two lines of a goal agree: two
 * significant digits, more where two would round it across the threshold it was judged by (0.0496 against 0.05).
 */
export const pText = (p: number, threshold: number) => {
  if (p < 0.0001) return 'p < 0.0001';
  let digits = 2;
  while (Number(p.toPrecision(digits)) < threshold !== p < threshold && digits < 17) digits++;
  return `p = ${p.toPrecision(digits)}`;
};

/** The intervals' confidence from the server's α: 0.05 → `95 %`. */
export const levelText = (alpha: number) => `${Number(((1 - alpha) * 100).toFixed(1))} %`;

/** The lift and its interval: `+12.0 % (95 % always-valid interval +3.1 % to +21.0 %)`. */
export function liftWithInterval(l: ExperimentGoal['lift'], alpha: number): string {
  if (l.estimate === null) return 'no lift yet (the base has no conversions, or an arm converted all or none)';
  const interval =
    l.low === null || l.high === null
      ? ''
      : ` (${levelText(alpha)} always-valid interval ${liftText(l.low)} to ${liftText(l.high)})`;
  return `${liftText(l.estimate)}${interval}`;
}

export const VERDICT_LABELS: Record<Verdict, string> = {
  'candidate-better': 'Candidate better',
  'base-better': 'Base better',
  'no-difference': 'No difference',
  'not-enough-data': 'Not enough data',
};

/** The tone of a verdict's badge, for a goal whose more is better or worse. */
export function verdictTone(v: Verdict): 'good' | 'bad' | 'neutral' | 'waiting' {
  if (v === 'candidate-better') return 'good';
  if (v === 'base-better') return 'bad';
  return v === 'no-difference' ? 'neutral' : 'waiting';
}

const DAY = 86_400_000;

/**
 * What a `not-enough-data` goal still lacks, each a sentence: more borrowers exposed, more conversions (with the
 * borrowers that takes at the arm's current rate) and more days. Empty when the thresholds are met (then the reason
 * is the split, which the server's words say).
 */
export function missingData(
  goal: Pick<ExperimentGoal, 'base' | 'candidate'>,
  settings: Settings,
  startedAt: string,
  at: string,
): string[] {
  const out: string[] = [];
  for (const [name, arm] of [
    ['base', goal.base],
    ['candidate', goal.candidate],
  ] as const) {
    const exposed = Math.max(0, settings.minExposedPerArm - arm.exposed);
    const conversions = Math.max(0, settings.minConversionsPerArm - arm.conversions);
    // Borrowers it takes to see the missing conversions at the arm's rate so far.
    const forConversions = conversions && arm.rate > 0 ? Math.ceil(conversions / arm.rate) : 0;
    const more = Math.max(exposed, forConversions);
    if (!exposed && !conversions) continue;
    const parts: string[] = [];
    if (exposed) parts.push(`${countText(exposed)} more exposed borrower${exposed === 1 ? '' : 's'}`);
    if (conversions) parts.push(`${countText(conversions)} more conversion${conversions === 1 ? '' : 's'}`);
    const estimate =
      conversions && arm.rate > 0
        ? ` (about ${countText(more)} more borrowers at its rate so far, ${rateText(arm.rate)})`
        : conversions
          ? ' (no conversions yet, so no estimate of the borrowers it takes)'
          : '';
    out.push(`The ${name} needs ${parts.join(' and ')}${estimate}.`);
  }
  const ran = Math.max(0, Date.parse(at) - Date.parse(startedAt));
  const days = Math.ceil((settings.minDays * DAY - ran) / DAY);
  if (days > 0) out.push(`It must run ${days} more day${days === 1 ? '' : 's'} (at least ${settings.minDays} in all).`);
  return out;
}

/**
 * The split's state, named and in words: a broken split is the assignment's fault, never the copy's; one not checked
 * yet is not called healthy.
 */
export function srmText(
  srm: ExperimentResults['srm'],
  srmAlpha: number,
): { flagged: boolean; label: string; text: string } {
  if (srm.flagged)
    return {
      flagged: true,
      label: 'Split broken',
      text:
        srm.message ??
        'The split is broken: borrowers are assigned, served or counted unevenly. This says nothing about the copy; no verdict is given until it is fixed.',
    };
  if (srm.p === null)
    return {
      flagged: false,
      label: 'Split not checked yet',
      text: 'The split is checked once it should give each arm 8 exposed borrowers.',
    };
  return {
    flagged: false,
    label: 'Split healthy',
    text: `The split matches the configured share (sample-ratio check ${pText(srm.p, srmAlpha)}, flagged below ${srmAlpha}).`,
  };
}

/** Exposures of each day (the server's `days` are running totals up to each day's end). */
export function exposuresPerDay(days: ExperimentResults['days']): { day: string; base: number; candidate: number }[] {
  return days.map((d, i) => {
    const prev = days[i - 1]?.exposures ?? { base: 0, candidate: 0 };
    return { day: d.day, base: d.exposures.base - prev.base, candidate: d.exposures.candidate - prev.candidate };
  });
}

/** One goal's lift over the days, as the chart and its table read it. */
export function liftOverTime(days: ExperimentResults['days'], metric: string) {
  return days.map((d) => {
    const g = d.goals.find((x) => x.metric === metric);
    return {
      day: d.day,
      estimate: g?.lift.estimate ?? null,
      low: g?.lift.low ?? null,
      high: g?.lift.high ?? null,
      verdict: (g?.verdict ?? 'not-enough-data') as Verdict,
    };
  });
}
