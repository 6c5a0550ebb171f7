import { PublishedSnapshot, type SnapshotDoc } from './snapshot.js';
import { releaseSchedule } from '../releases/release-schedule.js';
import type { ConfigStore } from '../store/config-store.js';
import type { Clock } from '../clock.js';

export interface PublishedSyncOptions {
  store: ConfigStore;
  /** Called with every new snapshot (not with the first, which `start` returns). */
  onSnapshot: (snap: PublishedSnapshot) => void;
  /** Periodic check (ms; 0 = never). */
  pollMs: number;
  log: (message: string) => void;
  /** Published documents this server does not serve (developer pages in production: pages/developer-pages.ts). */
  hide?: (doc: { kind: string; id: string; file: string }) => boolean;
  /** When scheduled releases are due (default the system's clock). */
  clock?: Clock;
}

export interface PublishedSync {
  snapshot(): PublishedSnapshot;
  /** Rebuilds the snapshot when the store's generation changed (after a local publish). */
  refresh(): Promise<void>;
  /** Whether the last check reached the store (for /healthz: no database round trip of its own). */
  storeReachable(): boolean;
  close(): Promise<void>;
}

/** The published state and the open releases as a snapshot, read in one transaction. */
async function build(store: ConfigStore, hide?: PublishedSyncOptions['hide']) {
  const { generation, published, releases } = await store.releases.servingState();
  const served = hide ? published.filter((v) => !hide(v)) : published;
  return new PublishedSnapshot(
    served.map((v) => v.content as SnapshotDoc),
    generation,
    releases,
  );
}

/**
 * Keeps a replica's in-memory published snapshot in step with the store: rebuilt after a local publish,
 * when the store announces another process's publish (PostgreSQL LISTEN/NOTIFY), and by a periodic check as
 * the safety net (the only way for SQLite). A store that cannot be reached keeps the last snapshot serving;
 * that is logged once, and once more when it is back. Releases start and end at their times (release-schedule.ts).
 */
export async function startPublishedSync(opts: PublishedSyncOptions): Promise<PublishedSync> {
  const { store, log } = opts;
  let snap = await build(store, opts.hide);
  let reachable = true;
  let closed = false;
  const schedule = releaseSchedule({
    releases: () => snap.releases,
    advance: () => store.releases.advanceReleases(),
    refresh: () => refresh(),
    log,
    clock: opts.clock,
  });

  // One rebuild at a time, in order: a notification, the periodic check and a local publish may coincide.
  let queue: Promise<void> = Promise.resolve();
  const refresh = () => {
    const run = queue.then(async () => {
      if ((await store.generation()) === snap.generation) return;
      snap = await build(store, opts.hide);
      opts.onSnapshot(snap);
      schedule.reschedule();
    });
    queue = run.catch(() => undefined);
    return run;
  };

  // At most one check runs and one waits: a database that stops answering (each check then lasts the query
  // timeout) must not pile checks up, yet a notification arriving during a check is never lost.
  let checking: Promise<void> | undefined;
  let again = false;
  const check = (): Promise<void> => {
    if (closed) return Promise.resolve();
    if (checking) {
      again = true;
      return checking;
    }
    checking = refresh()
      .then(
        () => {
          if (!reachable) log('store reachable again: published snapshot is current');
          reachable = true;
        },
        (e: unknown) => {
          if (reachable)
            log(`store check failed, still serving generation ${snap.generation}: ${(e as Error).message}`);
          reachable = false;
        },
      )
      .finally(() => {
        checking = undefined;
        if (again) {
          again = false;
          void check();
        }
      });
    return checking;
  };

  const unwatch = store.watch?.(() => void check());
  const timer = opts.pollMs > 0 ? setInterval(() => void check(), opts.pollMs) : undefined;
  timer?.unref();
  schedule.reschedule();

  return {
    snapshot: () => snap,
    refresh,
    storeReachable: () => reachable,
    async close() {
      closed = true;
      schedule.close();
      if (timer) clearInterval(timer);
      unwatch?.();
      await checking;
      await queue;
    },
  };
}
