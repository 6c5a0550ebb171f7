/**
 * What borrowers' pages did, as the stores keep it: counters and timing histograms per release, arm,
 * screen and metric, added to by beacons (releases/beacon-routes.ts) and by the server's own failed prefetches.
 * In the database, not in a replica's memory: the guard of every replica judges a release on the same figures.
 *
 * Only sums are kept: no row says who, when or from where. A row's key is bounded by what is published (screens,
 * API map endpoints, releases in flight), so a stream of made-up names cannot grow the tables (beacon-counts.ts).
 * Beside them: the view ids of tickets already counted, until they expire, and per release what each client
 * address (an HMAC of it) has counted, for the caps.
 */

export type Arm = 'base' | 'candidate';

/** Counter and timing metrics come from the metric catalog; API failures are counted as `apiFailures:<endpoint>`. */
export { COUNT_METRICS, TIMING_METRICS, type TimingMetric } from '../../schemas/release-metrics.js';
import type { TimingMetric } from '../../schemas/release-metrics.js';
export const API_FAILURES = 'apiFailures:';
/**
 * The server's own failed first calls, by endpoint. Kept apart from the pages' `apiFailures`: the page reports what the
 * borrower met, including its own retry of a call the server could not make, so adding the server's failure to the
 * error rate would count one failed screen twice, and a screen the page then loaded fine as a failure.
 */
export const SERVER_API_FAILURES = 'serverApiFailures:';

/** One counter increment. `release` and `arm` are '' for the screen's figures regardless of any release. */
export interface CountRow {
  release: string;
  arm: Arm | '';
  screen: string;
  metric: string;
  n: number;
}

/** One histogram increment: `n` more measurements fell into bin `bin` (releases/timing-bins.ts). */
export interface BinRow {
  release: string;
  arm: Arm | '';
  screen: string;
  metric: TimingMetric;
  bin: number;
  n: number;
}

/** What one beacon (or one flush of the server's own failures) adds, written in one transaction. */
export interface TelemetryBatch {
  counts: CountRow[];
  bins: BinRow[];
}

/** A release's figures (or the no-release figures: release ''), summed over the screens asked for, per arm. */
export interface ReleaseFigures {
  counts: { arm: Arm | ''; metric: string; n: number }[];
  bins: { arm: Arm | ''; metric: TimingMetric; bin: number; n: number }[];
}

/**
 * One view a valid ticket vouches for (releases/view-ticket.ts), as it counts for one release: one page view, its
 * errors (render errors and API failures, already capped per view, in the order they give way to the address cap),
 * its other counts and at most one LCP and one INP.
 */
export interface ViewRelease {
  release: string;
  arm: Arm;
  screen: string;
  errors: { metric: string; n: number }[];
  others: { metric: string; n: number }[];
  bins: { metric: TimingMetric; bin: number }[];
}

export interface TicketedView {
  /** The ticket's random view id: the first beacon carrying it counts, later ones count nothing for a release. */
  view: string;
  /** The ticket's expiry (epoch seconds): its view id is kept until then, and purged after. */
  expiresAt: number;
  releases: ViewRelease[];
}

/** Ticketed views of one beacon, from one client address (an HMAC of it, never the address itself). */
export interface TicketedViews {
  address: string;
  /** Counted page views, and counted errors, per address and release at most. */
  cap: number;
  /** Epoch seconds: view ids that expired before are purged. */
  now: number;
  views: TicketedView[];
}

/** What one address has counted for one release so far. */
export interface AddressUse {
  views: number;
  errors: number;
}

/**
 * What a ticketed view adds for one release, given what its address has counted for it (`used`, updated in place):
 * nothing once the address has `cap` page views there; else one page view, its errors up to what is left of the
 * address's `cap` errors, its other counts and timings. One rule for both stores.
 */
export function admitView(v: ViewRelease, used: AddressUse, cap: number, out: TelemetryBatch): void {
  if (used.views >= cap) return;
  used.views++;
  const row = (metric: string, n: number) =>
    out.counts.push({ release: v.release, arm: v.arm, screen: v.screen, metric, n });
  row('pageViews', 1);
  for (const e of v.errors) {
    const n = Math.min(e.n, cap - used.errors);
    if (n <= 0) break;
    used.errors += n;
    row(e.metric, n);
  }
  for (const o of v.others) row(o.metric, o.n);
  for (const b of v.bins)
    out.bins.push({ release: v.release, arm: v.arm, screen: v.screen, metric: b.metric, bin: b.bin, n: 1 });
}

export interface TelemetryStore {
  /**
   * Adds a batch in one transaction: all of it or, when the database fails, none. `ticketed`: views vouched for by a
   * ticket, each counted in the same transaction only when its view id is new (across replicas) and within its
   * address's caps (admitView).
   */
  add(batch: TelemetryBatch, ticketed?: TicketedViews): Promise<void>;
  /** A secret every replica shares, made by `fresh` the first time any replica asks (releases/view-ticket.ts). */
  sharedSecret(name: string, fresh: () => string): Promise<string>;
  /** Sums of a release's rows over `screens` (every screen when undefined). */
  figures(release: string, screens?: readonly string[]): Promise<ReleaseFigures>;
}

const keyOf = (r: { release: string; arm: string; screen: string; metric: string }, bin = -1) =>
  `${r.release}\u0000${r.arm}\u0000${r.screen}\u0000${r.metric}\u0000${bin}`;

/**
 * The batch with each key once (its increments summed), in key order, zeros dropped: PostgreSQL refuses a row twice
 * in one upsert, and two transactions locking the same rows in the same order never deadlock.
 */
export function normaliseBatch(batch: TelemetryBatch): TelemetryBatch {
  const counts = new Map<string, CountRow>();
  for (const r of batch.counts) {
    if (!(r.n > 0)) continue;
    const k = keyOf(r);
    const had = counts.get(k);
    counts.set(k, had ? { ...had, n: had.n + r.n } : { ...r });
  }
  const bins = new Map<string, BinRow>();
  for (const r of batch.bins) {
    if (!(r.n > 0)) continue;
    const k = keyOf(r, r.bin);
    const had = bins.get(k);
    bins.set(k, had ? { ...had, n: had.n + r.n } : { ...r });
  }
  const sorted = <T>(m: Map<string, T>) =>
    [...m.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v);
  return { counts: sorted(counts), bins: sorted(bins) };
}
