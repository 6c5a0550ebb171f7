import type { Dialect } from './dialect.js';
import type { Program } from './sql-program.js';
import * as read from './sql-reads.js';
import { applyDecision } from './sql-writes.js';
import { decisions } from './decisions/decisions.js';
import { toVersion, type ItemRead } from './decisions/publish-decisions.js';
import type { ReleaseChangeReads } from './decisions/release-decisions.js';
import { isoNow, type Clock } from '../clock.js';
import { newReleaseId, newSeed, type NewRelease, type ReleaseStore, type StoredRelease } from './release-records.js';
import type { Actor, DocRef, PublishCheck } from './records.js';

/** An open release's change set as the decisions need it: the published state and who approved its candidates. */
function* changeReads(r: StoredRelease | undefined, check: PublishCheck): Program<ReleaseChangeReads> {
  return {
    published: yield* read.publishedDocs(),
    approvedBy: r ? yield* read.releaseApprovers(r.id) : () => [],
    check,
  };
}

/**
 * The releases of either database (release-records.ts), as `store.releases`. Every change takes the publishing lock
 * on PostgreSQL (so it never interleaves with a publish checking its documents against open releases), asks its
 * decision (decisions/release-decisions.ts) and bumps the generation as a publish does.
 */
export class SqlReleases implements ReleaseStore {
  constructor(
    private readonly dialect: Dialect,
    private readonly clock: Clock,
  ) {}

  publishRelease(
    items: (DocRef & { expectedRevision?: number })[],
    opts: Actor & { note: string; rollout: NewRelease },
    check: PublishCheck,
  ) {
    const at = isoNow(this.clock);
    const [id, seed] = [newReleaseId(), newSeed()];
    return this.dialect.write(function* () {
      yield* read.lockPublishing();
      const open = yield* read.openReleases();
      const reads: ItemRead[] = [];
      for (const it of items) reads.push(yield* read.itemRead(it));
      const published = yield* read.publishedDocs();
      const { user, note, rollout } = opts;
      const d = decisions.publishRelease({ items: reads, open, published, user, note, rollout, at, id, seed, check });
      yield* applyDecision(d);
      return (yield* read.release(d.id))!;
    });
  }

  listReleases(filter: { open?: boolean; limit?: number } = {}) {
    const limit = Math.min(Math.max(Math.trunc(filter.limit ?? 100), 1), 1000);
    const where = filter.open ? "WHERE status IN ('scheduled', 'rolling')" : '';
    return this.dialect.read(() => read.releases(where, [], 'DESC', limit));
  }

  getRelease(id: string) {
    return this.dialect.read(() => read.release(id));
  }

  setReleasePercent(id: string, percent: number, actor: Actor, check: PublishCheck) {
    const at = isoNow(this.clock);
    return this.dialect.write(function* () {
      yield* read.lockPublishing();
      const release = yield* read.release(id, true);
      const reads = yield* changeReads(release, check);
      yield* applyDecision(decisions.setPercent({ id, release, user: actor.user, at, percent, ...reads }));
      return (yield* read.release(id))!;
    });
  }

  completeRelease(id: string, opts: Actor & { note: string }, check: PublishCheck) {
    const at = isoNow(this.clock);
    return this.dialect.write(function* () {
      yield* read.lockPublishing();
      const release = yield* read.release(id, true);
      const reads = yield* changeReads(release, check);
      const last = new Map<string, number>();
      for (const d of release?.documents ?? []) {
        yield* read.lockDocument(d);
        last.set(`${d.kind}\u0000${d.id}`, yield* read.lastVersion(d));
      }
      const lastVersion = (ref: DocRef) => last.get(`${ref.kind}\u0000${ref.id}`) ?? 0;
      const d = decisions.complete({ id, release, user: opts.user, at, note: opts.note, lastVersion, ...reads });
      yield* applyDecision(d);
      return { release: (yield* read.release(id))!, published: d.versions.map(toVersion) };
    });
  }

  rollbackRelease(id: string, opts: Actor & { reason: string }) {
    const at = isoNow(this.clock);
    return this.dialect.write(function* () {
      yield* read.lockPublishing();
      const release = yield* read.release(id, true);
      yield* applyDecision(decisions.rollbackRelease({ id, release, user: opts.user, at, reason: opts.reason }));
      return (yield* read.release(id))!;
    });
  }

  /** `at` defaults to the clock's now. */
  advanceReleases(at = isoNow(this.clock)) {
    return this.dialect.write(function* () {
      // Under the publishing lock (PostgreSQL) or the immediate transaction (SQLite): of several replicas asking at
      // once, each release changes for exactly one of them.
      yield* read.lockPublishing();
      const d = decisions.advance({ open: yield* read.openReleases(), at });
      if (!d.changed.length) return [];
      yield* applyDecision(d);
      const out: StoredRelease[] = [];
      for (const id of d.changed) out.push((yield* read.release(id))!);
      return out;
    });
  }

  servingState() {
    // One consistent read: a publish or release change never lands between the three reads.
    return this.dialect.snapshot(function* () {
      return {
        generation: yield* read.generation(),
        published: yield* read.publishedVersions(),
        releases: yield* read.openReleases(),
      };
    });
  }
}
