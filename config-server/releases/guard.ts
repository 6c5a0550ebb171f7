/**
 * The guard: rolls a guarded release back by itself when its candidate hurts borrowers more than its base.
 *
 * The rule (guard-rule.ts, the README's releases section): after 20 candidate page views, an exact one-sided test that
 * the candidate's error rate (render errors plus API failures per page view) exceeds the base's by more than 2
 * percentage points, at α = 0.001 per look; after 30 LCPs in each arm, an exact one-sided test that more than 25 % + 15
 * points of candidate LCPs exceed the base's p75, at α = 0.001. Measured false-rollback rate: 0 in 50,000 simulated A/A
 * releases at a 2 % error rate, looking after every page view up to 1,000 candidate page views (guard-rule.test.ts).
 *
 * Every replica looks once a second at the rolling guarded releases of its snapshot, on the figures in the store that
 * all replicas share. A regression is a rollback by user `guard`, its audit reason naming the metric and the figures;
 * the rollback bumps the generation, so it reaches every replica as a publish does. Replicas deciding at the same
 * moment race in the database: one rollback wins, the others are refused (a conflict) and let it be.
 */
import { StoreError } from '../store/store-errors.js';
import type { StoredRelease } from '../store/release-records.js';
import type { Arm } from '../store/telemetry-records.js';
import type { ArmFigures } from './guard-rule.js';
import { verdictOf } from './release-stats.js';

/** Who rolls a release back when nobody clicked: the guard. */
export const GUARD_ACTOR = 'guard';

export interface GuardOptions {
  /** The open releases of the current snapshot. */
  releases: () => readonly StoredRelease[];
  /** Both arms' figures of a release, from the store. */
  figures: (r: StoredRelease) => Promise<Record<Arm, ArmFigures>>;
  /** ReleaseStore.rollbackRelease. */
  rollback: (id: string, opts: { user: string; reason: string }) => Promise<unknown>;
  /** After a rollback: rebuild this replica's snapshot now rather than at its next check. */
  onRolledBack: () => Promise<void>;
  log: (message: string) => void;
  /** How often to look (ms, default 1000). */
  everyMs?: number;
}

export interface Guard {
  /** One look at every rolling guarded release (the timer calls it; tests too). Resolves to the ids rolled back. */
  look(): Promise<string[]>;
  close(): Promise<void>;
}

export function releaseGuard(opts: GuardOptions): Guard {
  let looking: Promise<string[]> | undefined;
  let failing = false;
  let closed = false;

  const lookOnce = async (): Promise<string[]> => {
    const rolledBack: string[] = [];
    for (const r of opts.releases()) {
      if (closed || r.status !== 'rolling' || !r.guard) continue;
      try {
        const verdict = verdictOf(r, await opts.figures(r));
        if (failing) opts.log('guard: the store is reachable again');
        failing = false;
        if (verdict.status !== 'regressed') continue;
        try {
          await opts.rollback(r.id, { user: GUARD_ACTOR, reason: verdict.message });
          rolledBack.push(r.id);
          opts.log(`guard: release ${r.id} rolled back: ${verdict.message}`);
        } catch (e) {
          // Another replica (or a person) ended it first: it is over either way.
          if (!(e instanceof StoreError && e.kind === 'conflict')) throw e;
        }
      } catch (e) {
        if (!failing) opts.log(`guard: could not judge release ${r.id}, retrying every look: ${(e as Error).message}`);
        failing = true;
      }
    }
    if (rolledBack.length) await opts.onRolledBack().catch(() => undefined);
    return rolledBack;
  };

  // One look at a time: a slow database must not pile looks up.
  const look = () => (looking ??= lookOnce().finally(() => (looking = undefined)));
  const timer = setInterval(() => void look(), opts.everyMs ?? 1000);
  timer.unref();

  return {
    look,
    async close() {
      closed = true;
      clearInterval(timer);
      await looking;
    },
  };
}
