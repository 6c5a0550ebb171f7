/**
 * LCP and INP from the browser's own performance timeline (no library): the latest largest-contentful-paint candidate
 * until the borrower first interacts, and every interaction's duration from input to next paint (event timing). The
 * observers read the buffered entries too, so a sender loaded after the first screen still sees that screen's paint.
 */
export interface VitalsSink {
  lcp(ms: number): void;
  interaction(startTime: number, duration: number): void;
}

/** Interactions faster than this are not slow enough to matter for INP (and the browser's floor is 16 ms). */
const DURATION_THRESHOLD_MS = 40;

/** Event timing entries of a discrete interaction carry its id (not in TypeScript's DOM types yet). */
type EventTiming = PerformanceEventTiming & { interactionId?: number };

const supports = (type: string) =>
  typeof PerformanceObserver === 'function' && (PerformanceObserver.supportedEntryTypes ?? []).includes(type);

/** Starts observing; returns `finalLcp`, which hands the LCP over (called on first input and when the page hides). */
export function observeVitals(sink: VitalsSink): () => void {
  let latest: number | undefined;
  let lcpObserver: PerformanceObserver | undefined;
  const finalLcp = () => {
    lcpObserver?.disconnect();
    lcpObserver = undefined;
    if (latest !== undefined) sink.lcp(latest);
    latest = undefined;
  };
  try {
    if (supports('largest-contentful-paint')) {
      lcpObserver = new PerformanceObserver((list) => {
        for (const e of list.getEntries()) latest = e.startTime;
      });
      lcpObserver.observe({ type: 'largest-contentful-paint', buffered: true });
      // The browser stops reporting LCP at the first input: so does this.
      for (const type of ['pointerdown', 'keydown']) addEventListener(type, finalLcp, { once: true, capture: true });
    }
    if (supports('event')) {
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as EventTiming[])
          if (e.interactionId) sink.interaction(e.startTime, e.duration);
      }).observe({
        type: 'event',
        buffered: true,
        durationThreshold: DURATION_THRESHOLD_MS,
      } as PerformanceObserverInit);
    }
  } catch {
    // A browser without these entry types reports counts only.
  }
  return finalLcp;
}
