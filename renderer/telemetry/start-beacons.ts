import type { MarketDocument } from '../../schemas/generated/types';
import { readBootData } from '../boot/boot-types';
import { isPreview } from '../boot/config-client';
import { sampleRateOf } from './sample-rate';
import { MARKET_ID } from './beacon-batch';
import { createCollector } from './beacon-collector';
import { sendBeacon } from './send-beacon';
import { inbox } from './telemetry-inbox';
import { observeVitals } from './web-vitals';

let started = false;

/**
 * The beacon sender, loaded after the first screen (boot/App.tsx): drains the inbox as notes arrive and sends what
 * was counted when the page is hidden or closed, or when the batch is full. Whether this page load is in the sample
 * is decided once, here; it is sampling, not a release's arm (that is the server's, by deviceId). A draft preview
 * reports nothing: those are not borrowers. Returns `stop` (tests: the next one is a fresh page load).
 */
export function startBeacons(market: MarketDocument, send: (body: string) => void = sendBeacon): () => void {
  if (started || isPreview || !MARKET_ID.test(market.id)) return () => {};
  started = true;
  const stop = () => {
    started = false;
    inbox.length = 0;
    inbox.wake = undefined;
    document.removeEventListener('visibilitychange', onVisibility);
    removeEventListener('pagehide', flush);
  };
  let flush = () => {};
  const onVisibility = () => document.visibilityState === 'hidden' && flush();
  try {
    const collector = createCollector({
      market: market.id,
      sampled: Math.random() < sampleRateOf(market),
      boot: readBootData(),
      send,
    });
    let queued = false;
    const drain = () => {
      queued = false;
      const now = performance.now();
      for (const n of inbox.splice(0)) collector.take(n, now);
    };
    // Notes arrive while React renders: counted a moment later, never inside a render.
    inbox.wake = () => {
      if (!queued) queueMicrotask(() => guarded(drain));
      queued = true;
    };
    drain();
    const finalLcp = observeVitals(collector);
    flush = () =>
      guarded(() => {
        drain();
        finalLcp();
        collector.flush();
      });
    document.addEventListener('visibilitychange', onVisibility);
    addEventListener('pagehide', flush);
  } catch {
    // Telemetry is best effort: it never stops the page.
  }
  return stop;
}

function guarded(fn: () => void) {
  try {
    fn();
  } catch {
    // As above: a bug here must not reach the borrower.
  }
}
