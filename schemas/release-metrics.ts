/**
 * The metric catalog: every figure a release is watched by, declared once. The renderer's beacons (beacon.json must
 * name the same beacon metrics, a test checks), the server's counts, the guard, the release figures of the admin API
 * (its ArmStats are filled from here) and the console's arms table all read it. Adding a metric is an entry here and
 * its test (config-server/releases/README.md shows how).
 *
 * Kinds: a `count` is summed (per arm, over the screens a release touches); a `rate` divides counts by the page views;
 * a `timing` is a list of measurements in ms, kept as a histogram and shown at its 75th percentile; a `conversion` is
 * the share of views that reached a goal (one count per view at most), for experiments. Each entry says how the
 * beacon carries it (if it does), whether the guard judges it and how, and its words in the console.
 */

/** How the guard judges a metric; config-server/releases/guard-rule.ts has one exact test per way. */
export type GuardTest =
  /** The candidate's rate exceeds the base's by more than `margin` (absolute), once the candidate has `minViews`. */
  | { test: 'rate-above-base'; minViews: number; margin: number }
  /** More than `share` + `margin` of candidate measurements exceed the base's p75, once each arm has `minEach`. */
  | { test: 'p75-share'; minEach: number; share: number; margin: number };

export interface MetricEntry {
  kind: 'count' | 'rate' | 'timing' | 'conversion';
  /** What one of it is: shown after numbers, and how the console formats them. */
  unit: 'views' | 'errors' | 'nodes' | 'warnings' | 'ratio' | 'ms';
  /** In the beacon: a count per screen entry, counts by endpoint, or a list of ms. Absent: the server derives it. */
  beacon?: 'count' | 'count-by-endpoint' | 'timings';
  /** A count that is an error: added up into the error rate and capped per view. */
  error?: boolean;
  /** A sum's counts, or a rate's (a conversion's) numerator: its denominator is the page views. */
  of?: readonly string[];
  guard?: GuardTest;
  words: {
    /** The console's column heading; absent: not a column. */
    column?: string;
    /** How the guard's verdict names it ("error rate"; a timing's measurement, "LCP"). */
    name: string;
    description: string;
  };
}

export const RELEASE_METRICS = {
  pageViews: {
    kind: 'count',
    unit: 'views',
    beacon: 'count',
    words: { column: 'Page views', name: 'page views', description: 'Times a screen the release touches was shown.' },
  },
  renderErrors: {
    kind: 'count',
    unit: 'errors',
    beacon: 'count',
    error: true,
    words: { name: 'render errors', description: 'Errors caught by node error boundaries (a widget that threw).' },
  },
  apiFailures: {
    kind: 'count',
    unit: 'errors',
    beacon: 'count-by-endpoint',
    error: true,
    words: { name: 'API failures', description: 'Network errors and non-success codes, by the API map endpoint.' },
  },
  unknownNodes: {
    kind: 'count',
    unit: 'nodes',
    beacon: 'count',
    words: { name: 'unknown nodes', description: 'Nodes of a type the renderer does not know (drawn as nothing).' },
  },
  expressionWarnings: {
    kind: 'count',
    unit: 'warnings',
    beacon: 'count',
    words: { name: 'expression warnings', description: 'Warnings of binding and condition expressions.' },
  },
  errors: {
    kind: 'count',
    unit: 'errors',
    of: ['renderErrors', 'apiFailures'],
    words: { column: 'Errors', name: 'errors', description: 'Render errors plus API failures.' },
  },
  errorRate: {
    kind: 'rate',
    unit: 'ratio',
    of: ['errors'],
    guard: { test: 'rate-above-base', minViews: 20, margin: 0.02 },
    words: { column: 'Error rate', name: 'error rate', description: 'Errors per page view.' },
  },
  lcp: {
    kind: 'timing',
    unit: 'ms',
    beacon: 'timings',
    guard: { test: 'p75-share', minEach: 30, share: 0.25, margin: 0.15 },
    words: { column: 'p75 LCP', name: 'LCP', description: 'Largest Contentful Paint, 75th percentile.' },
  },
  inp: {
    kind: 'timing',
    unit: 'ms',
    beacon: 'timings',
    guard: { test: 'p75-share', minEach: 30, share: 0.25, margin: 0.15 },
    words: { column: 'p75 INP', name: 'INP', description: 'Interaction to Next Paint, 75th percentile.' },
  },
} as const satisfies Record<string, MetricEntry>;

export type MetricId = keyof typeof RELEASE_METRICS;
type Where<C> = { [K in MetricId]: (typeof RELEASE_METRICS)[K] extends C ? K : never }[MetricId];

/** Metrics the beacon carries as one count per screen entry. */
export type CountMetric = Where<{ beacon: 'count' }>;
/** Metrics the beacon carries as measurements in ms. */
export type TimingMetric = Where<{ kind: 'timing' }>;
/** Metrics the guard judges. */
export type GuardedMetric = Where<{ guard: GuardTest }>;

const ids = Object.keys(RELEASE_METRICS) as MetricId[];
const entry = (id: MetricId): MetricEntry => RELEASE_METRICS[id];

export const COUNT_METRICS = ids.filter((id) => entry(id).beacon === 'count') as CountMetric[];
export const TIMING_METRICS = ids.filter((id) => entry(id).kind === 'timing') as TimingMetric[];
/** What the beacon schema names, besides the screen and its ticket. */
export const BEACON_METRICS = ids.filter((id) => entry(id).beacon);
/** Error counts, in the order a view's errors give way to its cap. */
export const ERROR_METRICS = ids.filter((id) => entry(id).error);
/** The guard's metrics, in the order it judges them. */
export const GUARDED_METRICS = ids.filter((id) => entry(id).guard) as GuardedMetric[];
/** The console's columns, in order. */
export const COLUMN_METRICS = ids.filter((id) => entry(id).words.column);

/** The admin API's name of a metric's figure for one arm: a timing's is its p75 (`p75Lcp`). */
export const statKey = (id: MetricId) =>
  entry(id).kind === 'timing' ? `p75${id[0].toUpperCase()}${id.slice(1)}` : (id as string);
