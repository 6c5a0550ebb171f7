/**
 * What the beacon sender reports, noted in order from the first render on: screens shown, problems logged, failed API
 * calls and the view ticket of each config answer. This is all of telemetry in the first chunk; the sender itself
 * loads after the first screen (start-beacons.ts) and drains it. Bounded, so what never loads the sender (a draft
 * preview; the server, whose first-call prefetch uses the same API client) cannot grow it.
 */
export type Note =
  /** A screen was shown (its first commit): one page view. */
  | { view: string }
  /** A message logged (boot/log-error.ts); screen problems start with `screen <id>: `. */
  | { log: string }
  /** A call of this logical endpoint failed: network error, unreadable answer or a non-success code. */
  | { api: string }
  /** A screen answer's `X-View-Ticket` (null: no release in flight, or no borrower) for its cache key (`screen:<id>`). */
  | { key: string; ticket: string | null };

const MAX = 300;

export const inbox: Note[] & { wake?: () => void } = [];

export function note(n: Note): void {
  if (inbox.length < MAX) inbox.push(n);
  inbox.wake?.();
}
