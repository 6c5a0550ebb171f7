/**
 * What the page-drawing code reports for /metrics (metrics.ts implements it). A plain interface so the
 * renderer router and the server prefetch depend on no metrics library; without metrics it does nothing.
 */
export type DrawnOutcome = 'with_data' | 'without_data' | 'cache_hit' | 'not_drawn';
export type PrefetchOutcome = 'ok' | 'timeout' | 'unreachable' | 'refused' | 'too_large';

export interface Telemetry {
  /** A page request the server drew a screen for: drawn with prefetched data, without, from the cache, or not at all. */
  pageDrawn(outcome: DrawnOutcome): void;
  /** One server prefetch call (pages/backend-call.ts): how it ended and how long it took. */
  prefetched(outcome: PrefetchOutcome, seconds: number): void;
  /**
   * A page's first data call, made by the server, failed (unreachable, or a failure the backend answered): an API
   * failure of the borrower's screen, counted with the arm of each release the page was drawn in
   * (`release` is the page's X-Config-Release).
   */
  prefetchFailed?(screen: string, endpoint: string, release: string | undefined): void;
}

export const noTelemetry: Telemetry = { pageDrawn() {}, prefetched() {} };
