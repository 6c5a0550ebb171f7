/**
 * Market constants that code reads (not documents). `npm run validate` counts these as read, so a
 * constant that neither a document nor this list reads fails validation: an ops edit of it would do
 * nothing. Keep every such read in this file, next to the list; the one exception is code loaded lazily, whose import of
 * this file would split it off the first chunk: `telemetry.sampleRate` is read by telemetry/sample-rate.ts.
 */
export const MARKET_READS_BY_CODE = [
  'limits.toastDefaultMs',
  'limits.toastMinMs',
  'limits.appToastMs',
  'telemetry.sampleRate',
  'offline.worker',
  'offline.keepAnswersHours',
] as const;

export interface OfflineSettings {
  /** The service worker is wanted (`offline.worker: on`); off removes it from every page. */
  worker: boolean;
  /** How long a read's answer is kept for opening its screen offline (ms). */
  keepAnswersMs: number;
}

/** The spec's figures, used while a market says nothing: the worker on, answers kept a day. */
export const DEFAULT_OFFLINE: OfflineSettings = { worker: true, keepAnswersMs: 24 * 3600_000 };

export function offlineOf(market: Record<string, unknown> | undefined): OfflineSettings {
  const o = (market?.offline ?? {}) as Record<string, unknown>;
  const hours = o.keepAnswersHours;
  return {
    worker: o.worker !== 'off',
    keepAnswersMs:
      typeof hours === 'number' && Number.isFinite(hours) && hours >= 0
        ? Math.min(hours, 24) * 3600_000
        : DEFAULT_OFFLINE.keepAnswersMs,
  };
}

export interface ToastLimits {
  /** A toast without a duration (or under `minMs`) shows this long. */
  defaultMs: number;
  minMs: number;
  /** Server messages, network failures and validation messages. */
  appMs: number;
}

/** The spec's figures, used until a market document is known (and when it holds nonsense). */
export const DEFAULT_TOAST_LIMITS: ToastLimits = { defaultMs: 3000, minMs: 300, appMs: 2000 };

const positive = (v: unknown, fallback: number) =>
  typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : fallback;

export function toastLimitsOf(market: Record<string, unknown> | undefined): ToastLimits {
  const limits = (market?.limits ?? {}) as Record<string, unknown>;
  return {
    defaultMs: positive(limits.toastDefaultMs, DEFAULT_TOAST_LIMITS.defaultMs),
    minMs: positive(limits.toastMinMs, DEFAULT_TOAST_LIMITS.minMs),
    appMs: positive(limits.appToastMs, DEFAULT_TOAST_LIMITS.appMs),
  };
}
