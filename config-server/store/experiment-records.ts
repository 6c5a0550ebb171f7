/**
 * Experiments as the stores keep them: each borrower's first exposure to a release (what the server saw when it
 * handed them a view ticket), the conversions the backend (or a screen's goal step) reported, and the goal hits those
 * made. Counts are read per arm, market and day in SQL, never by loading rows (sql-experiments.ts).
 */
import type { Arm } from './telemetry-records.js';

export const CONVERSION_SOURCES = ['backend', 'app'] as const;
/** Who reported a conversion: the backend, server to server, or a screen's goal step in a beacon. */
export type ConversionSource = (typeof CONVERSION_SOURCES)[number];

/** One borrower handed a view ticket naming a release: stored once per borrower and release, the first time. */
export interface Exposure {
  release: string;
  deviceId: string;
  arm: Arm;
  market: string;
  /** Epoch ms. */
  at: number;
}

/** One reported conversion event, checked (experiments/conversion-input.ts). */
export interface ConversionEvent {
  /** The reporter's event id: the same id again is the same event (idempotent). */
  id: string;
  metric: string;
  deviceId: string;
  /** When it happened, epoch ms. */
  at: number;
}

/** What a metric document says about counting (its conversion window, hours after the first exposure). */
export type MetricWindows = ReadonlyMap<string, number>;

export interface ConversionReceipt {
  /** Events new to the store (an id seen before is not counted again). */
  accepted: number;
  duplicates: number;
  /** Goal hits these events made (one per release, metric and borrower, only within the window after exposure). */
  counted: number;
}

/** Counts of one release, grouped, as the results need them. `day`: whole days since the epoch (UTC). */
export interface ExperimentCountRows {
  exposures: { arm: Arm; market: string; day: number; n: number }[];
  hits: { metric: string; source: ConversionSource; arm: Arm; market: string; day: number; n: number }[];
}

/** The experiment half of a ConfigStore (`store.experiments`). */
export interface ExperimentStore {
  /** Stores each borrower's first exposure to each release; later ones change nothing. */
  recordExposures(exposures: readonly Exposure[]): Promise<void>;
  /**
   * Stores new events (by id) and counts each once per release, metric, source and borrower, for releases whose
   * experiment names the metric, when the borrower was exposed before the event and the event lies within the
   * metric's window.
   */
  addConversions(
    events: readonly ConversionEvent[],
    source: ConversionSource,
    windows: MetricWindows,
    receivedAt: number,
  ): Promise<ConversionReceipt>;
  /** One release's exposures and goal hits, counted per arm, market and day. */
  experimentCounts(release: string): Promise<ExperimentCountRows>;
}

export const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;
