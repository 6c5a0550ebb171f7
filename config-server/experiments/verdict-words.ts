/**
 * The verdicts in words for ops, figures included. A broken split is said to be the split's fault, never the copy's:
 * a mismatch means borrowers are assigned, served or counted unevenly, so every rate on the page is suspect.
 */
import type { ArmCounts } from './relative-lift.js';
import type { SequentialLift } from './sequential-interval.js';

type DecidedVerdict = 'candidate-better' | 'base-better' | 'no-difference';

/**
 * A share in percent, one decimal below 10 %; a share that is not zero never reads 0.0 %, so an interval end just
 * above or below no change (which decided the verdict) keeps a digit that says so.
 */
const percent = (x: number) => {
  const v = Math.abs(x) * 100;
  let digits = Math.abs(x) < 0.1 ? 1 : 0;
  while (v > 0 && Number(v.toFixed(digits)) === 0 && digits < 20) digits++;
  return `${v.toFixed(digits)} %`;
};
/** A relative change with its sign, as every verdict writes it (the audit entry of a decision too). */
export const signed = (x: number) => `${x > 0 ? '+' : x < 0 ? '−' : ''}${percent(Math.abs(x))}`;
/**
 * A p-value to two significant digits, with more where two would round it across the threshold it was judged by
 * (0.0496 is not written 0.050 beside a verdict taken at p < 0.05).
 */
const pText = (p: number, threshold: number) => {
  if (p < 0.0001) return 'p < 0.0001';
  let digits = 2;
  while (Number(p.toPrecision(digits)) < threshold !== p < threshold && digits < 17) digits++;
  return `p = ${p.toPrecision(digits)}`;
};

export function srmWords(base: number, candidate: number, candidateShare: number, p: number, srmAlpha: number): string {
  const actual = candidate / (base + candidate);
  return (
    `Verdicts withheld: the split is broken. The release asks for ${percent(candidateShare)} of borrowers in the ` +
    `candidate, but ${candidate} of ${base + candidate} exposed borrowers (${percent(actual)}) are there ` +
    `(sample-ratio mismatch, ${pText(p, srmAlpha)}). Borrowers are being assigned, served or counted unevenly, so no goal can ` +
    `be judged; this says nothing about the copy. Find and fix the cause before reading any result.`
  );
}

export const notEnoughWords = {
  days: (days: number, minDays: number) =>
    `Not enough data yet: the experiment has run ${Math.floor(days)} of the ${minDays} days it needs.`,
  exposed: (arm: 'base' | 'candidate', exposed: number, min: number) =>
    `Not enough data yet: ${exposed} of the ${min} borrowers needed are exposed in the ${arm} arm.`,
  conversions: (arm: 'base' | 'candidate', conversions: number, min: number) =>
    `Not enough data yet: ${conversions} of the ${min} conversions needed in the ${arm} arm.`,
  noLift: (base: ArmCounts, candidate: ArmCounts, minConversions: number) => {
    const flat = (arm: ArmCounts) => arm.conversions === 0 || arm.conversions === arm.exposed;
    const [name, arm, otherName, other] =
      base.conversions === 0 || !flat(candidate)
        ? (['base', base, 'candidate', candidate] as const)
        : (['candidate', candidate, 'base', base] as const);
    const none = arm.conversions === 0;
    // Waiting helps only while the other arm is small too: beside an arm with many borrowers converting (or, for an
    // arm where all converted, many not), the method's lift stays undefined however long the experiment runs.
    const otherSide = none ? other.conversions : other.exposed - other.conversions;
    if (!flat(other) && otherSide >= minConversions)
      return (
        `No verdict, and more data will not give one: ${none ? 'no' : 'every'} borrower in the ${name} arm converted ` +
        `(${arm.conversions} of ${arm.exposed}), against ${other.conversions} of ${other.exposed} ` +
        `(${percent(other.conversions / other.exposed)}) in the ${otherName}. The relative lift and its interval need ` +
        `borrowers converting and not converting in both arms (as in GrowthBook), so this method cannot judge the ` +
        `goal; a gap this large usually means an arm, or the counting of its conversions, is broken: check both.`
      );
    if (base.conversions === 0)
      return 'Not enough data yet: no borrower in the base arm has converted, so a relative change cannot be measured.';
    return `Not enough data yet: ${none ? 'no' : 'every'} borrower in the ${name} arm converted, so the rates cannot be compared.`;
  },
};

export function decidedWords(
  verdict: DecidedVerdict,
  estimate: number,
  interval: SequentialLift,
  alpha: number,
): string {
  const range = `${signed(estimate)}, ${percent(1 - alpha)} always-valid interval ${signed(interval.low)} to ${signed(interval.high)}, ${pText(interval.p, alpha)}`;
  if (verdict === 'no-difference')
    return `No difference shown: the candidate's rate differs from the base's by ${range}; the interval still includes no change.`;
  const who = verdict === 'candidate-better' ? 'The candidate is better' : 'The base is better';
  return `${who}: the candidate's rate differs from the base's by ${range}.`;
}

/** The method behind every figure of the results, named so ops (and anyone checking) can look it up. */
export function methodWords(s: { alpha: number; sequentialTuning: number; srmAlpha: number }): string {
  return (
    `Relative lift of the conversion rate, (candidate − base) / base, its variance by the delta method; ` +
    `${percent(1 - s.alpha)} always-valid interval and p by GrowthBook's sequential test (gbstats ` +
    `SequentialTwoSidedTTest: the asymptotic confidence sequence of Waudby-Smith et al., arXiv:2103.06476, tuned at ` +
    `${s.sequentialTuning.toLocaleString('en')} borrowers), valid however often the results are read; a verdict when ` +
    `the interval excludes no change. Split checked by Pearson's chi-square against the configured share, flagged ` +
    `below p = ${s.srmAlpha}.`
  );
}
