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
] as const;

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
