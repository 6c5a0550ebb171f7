/**
 * The live streams' metrics: `sdui_streams_open` (read when scraped, so opening a stream costs nothing) and
 * `sdui_stream_events_total{event}`.
 */
import { Counter, Gauge, type Registry } from 'prom-client';

/** Registers both metrics; returns what counts one written event (a no-op without a registry). */
export function liveMetrics(registry: Registry | undefined, open: () => number): (event: string) => void {
  if (!registry) return () => {};
  const registers = [registry];
  new Gauge({
    name: 'sdui_streams_open',
    help: 'Live streams open on this replica, borrowers and console together (caps LIVE_MAX_STREAMS, LIVE_MAX_CONSOLE_STREAMS)',
    registers,
    collect() {
      this.set(open());
    },
  });
  const events = new Counter({
    name: 'sdui_stream_events_total',
    help: 'Events written to live streams, by event (published, release, drafts)',
    labelNames: ['event'],
    registers,
  });
  // One child per event name, looked up once: the fan-out counts an event per stream.
  const children = new Map<string, Counter.Internal>();
  return (event) => {
    let c = children.get(event);
    if (!c) children.set(event, (c = events.labels(event)));
    c.inc();
  };
}
