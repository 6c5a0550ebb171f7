/**
 * The screen on show, and whether it is failing: a call of its onLoad failed (its first data did not come) or one of
 * its nodes failed to render. A live change (./start-live.ts) waits for the borrower's next navigation, except on a
 * failing screen: there nothing is lost by replacing it at once, and that is how a rollback reaches a borrower stuck
 * on a broken release. Fed by the screen host (first chunk: it must know from the first screen on, before the live
 * module loads); a later call failing (a wrong SMS code) does not count, the borrower is mid-flow there.
 */
export interface ShownScreen {
  readonly id: string;
  /** Its onLoad has run to the end. */
  settled: boolean;
  failing: boolean;
}

let shown: ShownScreen | null = null;

/** One mount of a screen: what its host reports, and `end` when it unmounts. */
export function watchScreen(id: string) {
  const s: ShownScreen = { id, settled: false, failing: false };
  shown = s;
  const fail = () => void (s.failing = true);
  return {
    /** A call failed: counts while onLoad runs. */
    callFailed: () => void (s.settled || fail()),
    /** A node failed to render: the screen is drawn broken, whenever that happens. */
    renderFailed: fail,
    settle: () => void (s.settled = true),
    /** On show again (a remount of the same host: React's strict mode runs effects twice). */
    show: () => void (shown = s),
    end: () => void (shown === s && (shown = null)),
  };
}

export const shownScreen = (): Readonly<ShownScreen> | null => shown;
