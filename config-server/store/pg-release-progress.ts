import { jsonDiff } from './json-diff.js';
import type { PgDb } from './pg-db.js';
import type { PgDocuments } from './pg-documents.js';
import type { PgAudit } from './pg-audit.js';
import type { PgGeneration } from './pg-generation.js';
import type { PgReleaseReads } from './pg-release-reads.js';
import type { Actor, PublishCheck, StoredVersion } from './config-store.js';
import { SCHEDULE_ACTOR, type StoredRelease } from './release-records.js';

/** What moving a release on needs of the PostgreSQL store's other parts (pg-releases.ts passes them on). */
export interface PgReleaseProgressHost {
  db: PgDb;
  docs: PgDocuments;
  audit: PgAudit;
  generation: PgGeneration;
  reads: PgReleaseReads;
}

const now = () => new Date().toISOString();

/**
 * An open release of the PostgreSQL store moving on (issue 36): widened or narrowed, completed (its candidate
 * published to everyone), rolled back, or started and ended on schedule. Each is one transaction under the publishing
 * lock that notifies the replicas at commit.
 */
export class PgReleaseProgress {
  constructor(private readonly h: PgReleaseProgressHost) {}

  setReleasePercent(id: string, percent: number, actor: Actor, check: PublishCheck) {
    return this.h.db.tx(async (c) => {
      await this.h.generation.lock(c);
      const r = await this.h.reads.openRelease(c, id);
      if (percent > r.percent) check(await this.h.reads.releaseChanges(c, r));
      if (percent === r.percent) return r;
      await this.h.db.q(
        'UPDATE releases SET percent = $1, updated_at = $2, updated_by = $3 WHERE id = $4',
        [percent, now(), actor.user, id],
        c,
      );
      await this.h.audit.append(
        {
          actor: actor.user,
          action: 'release.percent',
          kind: 'release',
          id,
          version: null,
          diff: null,
          note: `${r.percent} % → ${percent} %`,
        },
        c,
      );
      await this.h.generation.bump(c);
      return this.h.reads.release(c, id);
    });
  }

  completeRelease(id: string, opts: Actor & { note: string }, check: PublishCheck) {
    return this.h.db.tx(async (c) => {
      await this.h.generation.lock(c);
      const r = await this.h.reads.openRelease(c, id);
      const { changes, wouldBe } = await this.h.reads.releaseChanges(c, r);
      check({ changes, wouldBe });
      const note = `release ${id}: ${opts.note}`;
      const published: StoredVersion[] = [];
      for (const ch of changes) {
        await this.h.db.q('SELECT 1 FROM documents WHERE kind = $1 AND id = $2 FOR UPDATE', [ch.kind, ch.id], c);
        const v = await this.h.docs.insertVersion(c, { ...ch, content: ch.after }, opts.user, note, null);
        await this.h.audit.append(
          {
            actor: opts.user,
            action: 'publish',
            kind: ch.kind,
            id: ch.id,
            version: v.version,
            diff: jsonDiff(ch.before, ch.after),
            note,
          },
          c,
        );
        published.push(v);
      }
      await this.h.db.q(
        "UPDATE releases SET status = 'complete', updated_at = $1, updated_by = $2 WHERE id = $3",
        [now(), opts.user, id],
        c,
      );
      await this.h.audit.append(
        {
          actor: opts.user,
          action: 'release.complete',
          kind: 'release',
          id,
          version: null,
          diff: null,
          note: opts.note,
        },
        c,
      );
      await this.h.generation.bump(c);
      return { release: await this.h.reads.release(c, id), published };
    });
  }

  rollbackRelease(id: string, opts: Actor & { reason: string }) {
    return this.h.db.tx(async (c) => {
      await this.h.generation.lock(c);
      await this.h.reads.openRelease(c, id);
      await this.h.db.q(
        "UPDATE releases SET status = 'rolled-back', updated_at = $1, updated_by = $2 WHERE id = $3",
        [now(), opts.user, id],
        c,
      );
      await this.h.audit.append(
        {
          actor: opts.user,
          action: 'release.rollback',
          kind: 'release',
          id,
          version: null,
          diff: null,
          note: opts.reason,
        },
        c,
      );
      await this.h.generation.bump(c);
      return this.h.reads.release(c, id);
    });
  }

  advanceReleases(at = now()) {
    return this.h.db.tx(async (c) => {
      await this.h.generation.lock(c);
      // Conditional updates: of several replicas asking at once, each release changes for exactly one of them.
      const ended = await this.h.db.q<{ id: string; end_at: string }>(
        `UPDATE releases SET status = 'ended', updated_at = $1, updated_by = $2
         WHERE status IN ('scheduled', 'rolling') AND end_at IS NOT NULL AND end_at COLLATE "C" <= $1 RETURNING id, end_at`,
        [at, SCHEDULE_ACTOR],
        c,
      );
      const started = await this.h.db.q<{ id: string; start_at: string }>(
        `UPDATE releases SET status = 'rolling', updated_at = $1, updated_by = $2
         WHERE status = 'scheduled' AND start_at IS NOT NULL AND start_at COLLATE "C" <= $1 RETURNING id, start_at`,
        [at, SCHEDULE_ACTOR],
        c,
      );
      for (const e of ended)
        await this.h.audit.append(
          {
            actor: SCHEDULE_ACTOR,
            action: 'release.end',
            kind: 'release',
            id: e.id,
            version: null,
            diff: null,
            note: `ended as scheduled for ${e.end_at}`,
          },
          c,
        );
      for (const s of started)
        await this.h.audit.append(
          {
            actor: SCHEDULE_ACTOR,
            action: 'release.start',
            kind: 'release',
            id: s.id,
            version: null,
            diff: null,
            note: `started as scheduled for ${s.start_at}`,
          },
          c,
        );
      if (!ended.length && !started.length) return [];
      await this.h.generation.bump(c);
      const out: StoredRelease[] = [];
      for (const x of [...ended, ...started]) out.push(await this.h.reads.release(c, x.id));
      return out;
    });
  }
}
