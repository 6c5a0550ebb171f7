/**
 * Releases start and end by themselves at their `startAt` and `endAt`. Every replica keeps a timer for the
 * next such moment of the open releases its snapshot holds; when it fires, the replica asks the store to advance them.
 * The database decides (a conditional UPDATE ... WHERE status = 'scheduled'): each change happens and is audited
 * exactly once, whichever replicas ask; the others see it by its notification or their own refresh right after. A
 * replica that starts after the moment passed (a restart in between) finds it due at once.
 */
import type { StoredRelease } from '../store/release-records.js';
import { systemClock, type Clock } from '../clock.js';

/** The earliest start or end (epoch ms) among open releases, or undefined. */
export function nextReleaseChange(releases: readonly StoredRelease[]): number | undefined {
  let next: number | undefined;
  for (const r of releases) {
    for (const at of [r.status === 'scheduled' ? r.startAt : null, r.endAt]) {
      const t = at ? Date.parse(at) : NaN;
      if (Number.isFinite(t) && (next === undefined || t < next)) next = t;
    }
  }
  return next;
}

/** Longest single wait: a timer is re-armed at least this often (setTimeout's own limit is about 24 days). */
const MAX_WAIT_MS = 3_600_000;
/** Retry after the store could not be reached. */
const RETRY_MS = 1000;

export interface ReleaseScheduleOptions {
  /** The open releases of the current snapshot. */
  releases: () => readonly StoredRelease[];
  /** Starts and ends what is due, in the store (ReleaseStore.advanceReleases). */
  advance: () => Promise<unknown>;
  /** Rebuilds the snapshot from the store (then `reschedule` is called again). */
  refresh: () => Promise<void>;
  log: (message: string) => void;
  /** The server's clock (default the system's). */
  clock?: Clock;
}

export function releaseSchedule(opts: ReleaseScheduleOptions) {
  const clock = opts.clock ?? systemClock;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  let failing = false;
  /** When the store was last asked: a change still due right after (a stale snapshot) is asked again only later. */
  let lastAsked = -Infinity;

  const arm = (ms: number) => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(
      () => {
        timer = undefined;
        void fire();
      },
      Math.min(Math.max(0, ms), MAX_WAIT_MS),
    );
    timer.unref();
  };

  const fire = async () => {
    if (closed) return;
    const due = nextReleaseChange(opts.releases());
    if (due === undefined) return;
    if (due > clock.now()) return arm(due - clock.now());
    try {
      lastAsked = clock.now();
      await opts.advance();
      if (failing) opts.log('release schedule: the store is reachable again');
      failing = false;
    } catch (e) {
      if (!failing)
        opts.log(
          `release schedule: could not start or end a release, retrying every ${RETRY_MS} ms: ${(e as Error).message}`,
        );
      failing = true;
      return arm(RETRY_MS);
    }
    // Another replica may have won the change: either way the store has it now.
    await opts.refresh().catch(() => undefined);
    reschedule();
  };

  /** Sets the timer for the current snapshot's next release change (call after every new snapshot). */
  const reschedule = () => {
    if (closed) return;
    const due = nextReleaseChange(opts.releases());
    if (due === undefined) {
      if (timer) clearTimeout(timer);
      timer = undefined;
      return;
    }
    arm(Math.max(due - clock.now(), lastAsked + RETRY_MS - clock.now()));
  };

  return {
    reschedule,
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
    },
  };
}
