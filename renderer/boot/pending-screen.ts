/**
 * A newer version of the screen on display (found by background revalidation) waits for the next
 * navigation: swapping it in at once would remount the screen, re-run its onLoad and throw away what
 * the borrower is doing (an open SMS step, a half-chosen payment method).
 */
export interface Pending<T> {
  doc: T;
  /** The location the borrower was on when the newer version arrived. */
  atKey: string;
}

/** What to render: the pending version once the location changed since it arrived, else the current one. */
export function screenToShow<T>(current: T, pending: Pending<T> | null, locationKey: string): T {
  return pending && pending.atKey !== locationKey ? pending.doc : current;
}
