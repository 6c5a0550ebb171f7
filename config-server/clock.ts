/**
 * The server's one source of time. The app is given a Clock at start (the system's in production) and hands it to the
 * stores, releases, live updates and admin routes, so none of them asks `Date` itself and a test can fix or move time.
 */
export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** The clock's time as ISO 8601 (UTC), as the stores write it. */
export const isoNow = (clock: Clock) => new Date(clock.now()).toISOString();

/** A clock for tests: stands at `start` (epoch ms or ISO 8601) until moved on. */
export function fixedClock(
  start: number | string,
): Clock & { advance(ms: number): void; set(at: number | string): void } {
  let t = typeof start === 'string' ? Date.parse(start) : start;
  return {
    now: () => t,
    advance(ms) {
      t += ms;
    },
    set(at) {
      t = typeof at === 'string' ? Date.parse(at) : at;
    },
  };
}
