import type { Beacon, BeaconScreen } from '../../schemas/generated/types';
import { COUNT_METRICS, TIMING_METRICS, type CountMetric, type TimingMetric } from '../../schemas/release-metrics';

/**
 * What is counted until the next beacon, per view ticket (a view the server handed out in a release) or, for
 * views without one, per screen, within the limits of schemas/beacon.json: a beacon outside them is refused whole, so
 * the batch is full (and sent) before any count, list or body would cross one, and names the schema would refuse are
 * not counted at all. A ticket counts on the server once, with the first beacon that carries it: what its view does
 * after that beacon is counted without it (the screen's own figures).
 */
export const MAX_BODY_BYTES = 4096;
const MAX_SCREENS = 20;
const MAX_COUNT = 100;
const MAX_TIMINGS = 20;
const MAX_API_NAMES = 20;
const MAX_MS = 60_000;
const SCREEN_ID = /^[a-z0-9][a-z0-9-]{0,63}$/;
const ENDPOINT = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/;
/** The beacon schema's ticket: anything else would get the whole beacon refused. */
const TICKET = /^[A-Za-z0-9_-]{20,640}\.[A-Za-z0-9_-]{43}$/;
export const MARKET_ID = /^[A-Z]{2}$/;

/** The beacon's counts and timings are the metric catalog's. */
export type Count = CountMetric;

export interface BeaconBatch {
  count(screen: string, ticket: string | undefined, what: Count | { api: string }): void;
  timing(screen: string, ticket: string | undefined, what: TimingMetric, ms: number): void;
  /** Another count could cross a limit: send what is here first. */
  full(): boolean;
  /** What was counted, as beacon bodies of at most MAX_BODY_BYTES each; the batch is empty after. */
  take(): string[];
}

export function createBatch(market: string): BeaconBatch {
  let entries = new Map<string, BeaconScreen>();
  /** Tickets already sent: the server has counted them (or never will). */
  const spent = new Set<string>();
  const entryOf = (screen: string, ticket: string | undefined) => {
    if (!SCREEN_ID.test(screen)) return undefined;
    const t = ticket && TICKET.test(ticket) && !spent.has(ticket) ? ticket : undefined;
    const key = `${screen}|${t ?? ''}`;
    let e = entries.get(key);
    if (!e && entries.size < MAX_SCREENS) entries.set(key, (e = t ? { screen, ticket: t } : { screen }));
    return e;
  };
  const atLimit = (e: BeaconScreen) =>
    [...COUNT_METRICS.map((m) => e[m]), ...Object.values(e.apiFailures ?? {})].some((n) => (n ?? 0) >= MAX_COUNT) ||
    Object.keys(e.apiFailures ?? {}).length >= MAX_API_NAMES ||
    TIMING_METRICS.some((m) => (e[m]?.length ?? 0) >= MAX_TIMINGS);

  return {
    count(screen, ticket, what) {
      if (typeof what !== 'string' && !ENDPOINT.test(what.api)) return;
      const e = entryOf(screen, ticket);
      if (!e) return;
      if (typeof what === 'string') {
        e[what] = Math.min(MAX_COUNT, (e[what] ?? 0) + 1);
      } else {
        const api = (e.apiFailures ??= {});
        if (Object.hasOwn(api, what.api) || Object.keys(api).length < MAX_API_NAMES)
          api[what.api] = Math.min(MAX_COUNT, (api[what.api] ?? 0) + 1);
      }
    },
    timing(screen, ticket, what, ms) {
      const e = Number.isFinite(ms) ? entryOf(screen, ticket) : undefined;
      if (!e) return;
      const list = (e[what] ??= []);
      if (list.length < MAX_TIMINGS) list.push(Math.max(0, Math.min(MAX_MS, Math.round(ms))));
    },
    full: () => entries.size >= MAX_SCREENS || [...entries.values()].some(atLimit),
    take() {
      const screens = [...entries.values()];
      entries = new Map();
      for (const s of screens) if (s.ticket) spent.add(s.ticket);
      const bodies: string[] = [];
      let part: BeaconScreen[] = [];
      const bodyOf = (s: BeaconScreen[]) => JSON.stringify({ v: 1, market, screens: s } as Beacon);
      for (const s of screens) {
        if (part.length && bodyOf([...part, s]).length > MAX_BODY_BYTES) {
          bodies.push(bodyOf(part));
          part = [];
        }
        // One screen alone always fits within the limits above (~2 KB at most); this is the belt to those braces.
        if (bodyOf([s]).length <= MAX_BODY_BYTES) part.push(s);
      }
      if (part.length) bodies.push(bodyOf(part));
      return bodies;
    },
  };
}
