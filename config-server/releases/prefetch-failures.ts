/**
 * The server's own failed prefetches count too, for the screen and for each release arm the page was drawn
 * in, under their own metric (`serverApiFailures:<endpoint>`, telemetry-records.ts): the page then makes the call
 * itself and its beacon reports whether the borrower met a failure, which is what the guard's error rate counts.
 * Written once a second as one batch, not once per page request: a backend that fails under load must not add a
 * database write to every page the server draws.
 */
import type { CountRow, TelemetryStore } from '../store/telemetry-records.js';
import { prefetchFailureRows } from './beacon-counts.js';

/** How many rows wait at most; past that a burst's further failures are dropped (and said once in the log). */
const MAX_PENDING = 10_000;

export interface PrefetchFailures {
  /** One failed first call of `screen` (`release`: the page's X-Config-Release, if any). */
  failed(screen: string, endpoint: string, release: string | undefined): void;
  /** Writes what waits now (tests; and at close). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export function prefetchFailures(
  telemetry: TelemetryStore,
  log: (message: string) => void,
  everyMs = 1000,
): PrefetchFailures {
  let pending: CountRow[] = [];
  let dropped = false;
  let writing: Promise<void> = Promise.resolve();

  const flush = () => {
    if (!pending.length) return writing;
    const batch = pending;
    pending = [];
    writing = writing
      .then(() => telemetry.add({ counts: batch, bins: [] }))
      .catch((e: unknown) =>
        log(`telemetry: ${batch.length} prefetch failure counts not written: ${(e as Error).message}`),
      );
    return writing;
  };
  const timer = setInterval(() => void flush(), everyMs);
  timer.unref();

  return {
    failed(screen, endpoint, release) {
      if (pending.length >= MAX_PENDING) {
        if (!dropped)
          log(`telemetry: more than ${MAX_PENDING} prefetch failures in a second, the rest of them not counted`);
        dropped = true;
        return;
      }
      dropped = false;
      pending.push(...prefetchFailureRows(screen, endpoint, release));
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}
