/**
 * Fixed histogram bins for page timings (LCP, INP): 50 ms wide up to 10 s, then 1 s wide up to 60 s (the beacon's
 * ceiling). Fixed, so every replica adds into the same bins in the database and a quantile can be read from the sums
 * alone; 50 ms is finer than anyone can tell apart in a page load, and above 10 s only "very slow" matters.
 */

const FINE_MS = 50;
const FINE_UNTIL_MS = 10_000;
const COARSE_MS = 1000;
const FINE_BINS = FINE_UNTIL_MS / FINE_MS;
export const MAX_TIMING_MS = 60_000;
/** Bins 0 .. BIN_COUNT - 1. */
export const BIN_COUNT = FINE_BINS + (MAX_TIMING_MS - FINE_UNTIL_MS) / COARSE_MS + 1;

/** The bin of a timing in ms (clamped to 0 .. 60 000). */
export function binOf(ms: number): number {
  const v = Math.min(Math.max(Math.round(ms), 0), MAX_TIMING_MS);
  return v < FINE_UNTIL_MS ? Math.floor(v / FINE_MS) : FINE_BINS + Math.floor((v - FINE_UNTIL_MS) / COARSE_MS);
}

/** The lowest timing of a bin, ms. */
export const binStart = (bin: number) =>
  bin < FINE_BINS ? bin * FINE_MS : FINE_UNTIL_MS + (bin - FINE_BINS) * COARSE_MS;
/** The first timing past a bin, ms. */
export const binEnd = (bin: number) => binStart(bin) + (bin < FINE_BINS ? FINE_MS : COARSE_MS);

/** A histogram: counts by bin (an index missing or undefined counts 0). */
export type Histogram = readonly (number | undefined)[];

export const histogramTotal = (h: Histogram) => h.reduce<number>((s, n) => s + (n ?? 0), 0);

/** The bin holding the q-quantile (0 < q ≤ 1): the first whose cumulative count reaches q of the total; -1 when empty. */
export function quantileBin(h: Histogram, q: number, total = histogramTotal(h)): number {
  if (!total) return -1;
  const want = q * total;
  let seen = 0;
  for (let b = 0; b < h.length; b++) {
    seen += h[b] ?? 0;
    if (seen >= want) return b;
  }
  return h.length - 1;
}

/** The q-quantile in ms, interpolated inside its bin; null when the histogram is empty. */
export function quantileMs(h: Histogram, q: number): number | null {
  const total = histogramTotal(h);
  const b = quantileBin(h, q, total);
  if (b < 0) return null;
  let before = 0;
  for (let i = 0; i < b; i++) before += h[i] ?? 0;
  const inBin = h[b] ?? 0;
  const share = inBin ? (q * total - before) / inBin : 1;
  return Math.round(binStart(b) + share * (binEnd(b) - binStart(b)));
}

/** How many measurements lie in bins after `bin` (all of them certainly above any timing in `bin`). */
export function countAbove(h: Histogram, bin: number): number {
  let n = 0;
  for (let b = bin + 1; b < h.length; b++) n += h[b] ?? 0;
  return n;
}
