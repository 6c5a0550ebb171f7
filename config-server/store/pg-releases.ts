import type pg from 'pg';
import { changedBeforePublish, conflict, noDocument, noDraftToPublish } from './store-errors.js';
import { jsonDiff } from './json-diff.js';
import { contentHash } from './content-hash.js';
import { DRAFT } from './approval-records.js';
import type { PgApprovals } from './pg-approvals.js';
import type { Db, PgDb } from './pg-db.js';
import type { PgDocuments } from './pg-documents.js';
import type { PgAudit } from './pg-audit.js';
import type { PgGeneration } from './pg-generation.js';
import type {
  Actor,
  AuditEntry,
  Change,
  DocRef,
  DocumentRecord,
  NewDocument,
  PublishCheck,
  StoredVersion,
} from './config-store.js';
import {
  initialStatus,
  inReleaseError,
  isOpen,
  MAX_OPEN_RELEASES,
  newReleaseId,
  newSeed,
  noReleaseError,
  notOpenError,
  releaseSummary,
  SCHEDULE_ACTOR,
  toRelease,
  type NewRelease,
  type ReleaseDocumentRow,
  type ReleaseRow,
  type StoredRelease,
} from './release-records.js';

/** What the releases need of the PostgreSQL store's other parts (pg-store.ts builds them all over one PgDb). */
export interface PgReleaseHost {
  db: PgDb;
  docs: PgDocuments;
  audit: PgAudit;
  /** The lock every publish, rollback and release change takes, and the bump that tells the replicas. */
  generation: PgGeneration;
  /** Four eyes (issue 44): the draft's approvals count for the release's publish and go with its candidate. */
  approvals: PgApprovals;
}

const now = () => new Date().toISOString();

/**
 * The releases of the PostgreSQL store (issue 36). Every change takes the publishing lock (so it never interleaves
 * with a publish checking its documents against open releases) and notifies the replicas as a publish does.
 */
export class PgReleases {
  constructor(private readonly h: PgReleaseHost) {}

  /**
   * Locks a document's row for a publish or rollback (a draft saved meanwhile on another replica waits, then gets 412)
   * and refuses, with 409 naming the release, a document of an open release.
   */
  async lockDocument(c: pg.PoolClient, ref: DocRef) {
    await this.h.db.q('SELECT 1 FROM documents WHERE kind = $1 AND id = $2 FOR UPDATE', [ref.kind, ref.id], c);
    await this.refuseInRelease(c, ref);
  }

  private async refuseInRelease(c: pg.PoolClient, ref: DocRef) {
    const [r] = await this.h.db.q<Pick<StoredRelease, 'id' | 'status' | 'percent'>>(
      `SELECT r.id, r.status, r.percent FROM release_documents d JOIN releases r ON r.id = d.release_id
       WHERE d.kind = $1 AND d.id = $2 AND r.status IN ('scheduled', 'rolling')`,
      [ref.kind, ref.id],
      c,
    );
    if (r) throw inReleaseError(ref, r);
  }

  private async releases(
    db: Db,
    where = '',
    args: unknown[] = [],
    order = 'DESC',
    limit = 1000,
  ): Promise<StoredRelease[]> {
    const rows = await this.h.db.q<ReleaseRow>(
      `SELECT * FROM releases ${where} ORDER BY created_at COLLATE "C" ${order}, id COLLATE "C" ${order} LIMIT ${limit}`,
      args,
      db,
    );
    if (!rows.length) return [];
    const docs = await this.h.db.q<ReleaseDocumentRow>(
      'SELECT * FROM release_documents WHERE release_id = ANY($1) ORDER BY kind COLLATE "C", id COLLATE "C"',
      [rows.map((r) => r.id)],
      db,
    );
    return rows.map((r) => toRelease(r, docs));
  }

  private async release(db: Db, id: string, forUpdate = false): Promise<StoredRelease> {
    if (forUpdate) await this.h.db.q('SELECT 1 FROM releases WHERE id = $1 FOR UPDATE', [id], db);
    const [r] = await this.releases(db, 'WHERE id = $1', [id]);
    if (!r) throw noReleaseError(id);
    return r;
  }

  private async openRelease(c: pg.PoolClient, id: string): Promise<StoredRelease> {
    const r = await this.release(c, id, true);
    if (!isOpen(r.status)) throw notOpenError(r);
    return r;
  }

  /** The release's documents as a change set (base → candidate), and the published state with its candidate in place. */
  private async releaseChanges(
    c: pg.PoolClient,
    r: Pick<StoredRelease, 'documents'> & { id?: string },
  ): Promise<{ changes: Change[]; wouldBe: NewDocument[] }> {
    const published = await this.h.docs.publishedDocs(c);
    const key = (d: DocRef) => `${d.kind}\u0000${d.id}`;
    const before = new Map(published.map((d) => [key(d), d.content]));
    const approvers = r.id ? await this.h.approvals.releaseApprovers(c, r.id) : () => [];
    const changes: Change[] = r.documents.map((d) => ({
      kind: d.kind,
      id: d.id,
      file: d.file,
      before: before.get(key(d)) ?? null,
      after: d.content,
      editors: d.editors,
      approvedBy: approvers(d),
    }));
    const after = new Map(changes.map((ch) => [key(ch), ch.after]));
    return { changes, wouldBe: published.map((d) => (after.has(key(d)) ? { ...d, content: after.get(key(d)) } : d)) };
  }

  async publishRelease(
    items: (DocRef & { expectedRevision?: number })[],
    opts: Actor & { note: string; rollout: NewRelease },
    check: PublishCheck,
  ) {
    return this.h.db.tx(async (c) => {
      await this.h.generation.lock(c);
      const open = await this.releases(c, "WHERE status IN ('scheduled', 'rolling')", [], 'ASC');
      if (open.length >= MAX_OPEN_RELEASES)
        throw conflict(`${open.length} releases are open: complete or roll back one first`);
      const changes: Change[] = [];
      const base = new Map<string, number>();
      const records: DocumentRecord[] = [];
      for (const it of items) {
        await this.lockDocument(c, it);
        const rec = await this.h.docs.doc(it.kind, it.id, c);
        if (!rec) throw noDocument(it.kind, it.id);
        if (!rec.draft) throw noDraftToPublish(it.kind, it.id);
        if (!rec.published)
          throw conflict(
            `${it.kind}/${it.id} was never published: a release changes published documents, so publish it without a rollout first`,
          );
        if (it.expectedRevision !== undefined && it.expectedRevision !== rec.revision) {
          throw changedBeforePublish(it.kind, it.id, rec.etag);
        }
        base.set(`${it.kind}\u0000${it.id}`, rec.published.version);
        records.push(rec);
        changes.push({
          kind: it.kind,
          id: it.id,
          file: rec.file,
          before: rec.published.content,
          after: rec.draft.content,
          editors: rec.draft.editors,
          approvedBy: await this.h.approvals.approvers(c, rec, DRAFT),
        });
      }
      const at = now();
      const r: StoredRelease = {
        id: newReleaseId(),
        status: initialStatus(opts.rollout.startAt, at),
        ...opts.rollout,
        seed: opts.rollout.seed ?? newSeed(),
        note: opts.note,
        createdAt: at,
        createdBy: opts.user,
        updatedAt: at,
        updatedBy: opts.user,
        documents: changes.map((ch) => ({
          kind: ch.kind,
          id: ch.id,
          file: ch.file,
          baseVersion: base.get(`${ch.kind}\u0000${ch.id}`)!,
          content: ch.after,
          hash: contentHash(ch.after),
          editors: ch.editors,
        })),
      };
      // The candidate arm is checked as borrowers will get it: alone, and with every other open release's candidate.
      check({ wouldBe: (await this.releaseChanges(c, r)).wouldBe, changes });
      if (open.length)
        check({
          wouldBe: (await this.releaseChanges(c, { documents: open.flatMap((o) => o.documents).concat(r.documents) }))
            .wouldBe,
          changes,
        });
      await this.h.db.q(
        `INSERT INTO releases (id, seed, status, percent, audience, start_at, end_at, guard, note, created_at, created_by, updated_at, updated_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
        [
          r.id,
          r.seed,
          r.status,
          r.percent,
          JSON.stringify(r.audience),
          r.startAt,
          r.endAt,
          r.guard ? 1 : 0,
          r.note,
          at,
          opts.user,
          at,
          opts.user,
        ],
        c,
      );
      for (const [i, d] of r.documents.entries()) {
        await this.h.db.q(
          'INSERT INTO release_documents (release_id, kind, id, file, base_version, content, hash, editors) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
          [r.id, d.kind, d.id, d.file, d.baseVersion, JSON.stringify(d.content), d.hash, JSON.stringify(d.editors)],
          c,
        );
        await this.h.approvals.carry(c, r.id, records[i]);
        // The draft became the candidate: gone from the document, which therefore changes (its admin ETag too).
        await this.h.db.q('DELETE FROM drafts WHERE kind = $1 AND id = $2', [d.kind, d.id], c);
        await this.h.db.q(
          'UPDATE documents SET revision = revision + 1 WHERE kind = $1 AND id = $2',
          [d.kind, d.id],
          c,
        );
        await this.h.audit.append(
          {
            actor: opts.user,
            action: 'release.candidate',
            kind: d.kind,
            id: d.id,
            version: null,
            diff: jsonDiff(changes[i].before, d.content),
            note: `release ${r.id}: ${opts.note}`,
          },
          c,
        );
      }
      await this.h.audit.append(
        {
          actor: opts.user,
          action: 'release.create',
          kind: 'release',
          id: r.id,
          version: null,
          diff: null,
          note: `${r.status}, ${releaseSummary(r)}: ${opts.note}`,
        },
        c,
      );
      await this.h.generation.bump(c);
      return this.release(c, r.id);
    });
  }

  listReleases(filter: { open?: boolean; limit?: number } = {}) {
    const limit = Math.min(Math.max(Math.trunc(filter.limit ?? 100), 1), 1000);
    return this.releases(
      this.h.db.pool,
      filter.open ? "WHERE status IN ('scheduled', 'rolling')" : '',
      [],
      'DESC',
      limit,
    );
  }

  async getRelease(id: string) {
    return (await this.releases(this.h.db.pool, 'WHERE id = $1', [id]))[0];
  }

  setReleasePercent(id: string, percent: number, actor: Actor, check: PublishCheck) {
    return this.h.db.tx(async (c) => {
      await this.h.generation.lock(c);
      const r = await this.openRelease(c, id);
      if (percent > r.percent) check(await this.releaseChanges(c, r));
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
      return this.release(c, id);
    });
  }

  completeRelease(id: string, opts: Actor & { note: string }, check: PublishCheck) {
    return this.h.db.tx(async (c) => {
      await this.h.generation.lock(c);
      const r = await this.openRelease(c, id);
      const { changes, wouldBe } = await this.releaseChanges(c, r);
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
      return { release: await this.release(c, id), published };
    });
  }

  rollbackRelease(id: string, opts: Actor & { reason: string }) {
    return this.h.db.tx(async (c) => {
      await this.h.generation.lock(c);
      await this.openRelease(c, id);
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
      return this.release(c, id);
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
      for (const x of [...ended, ...started]) out.push(await this.release(c, x.id));
      return out;
    });
  }

  servingState() {
    // One snapshot of the database: a publish or release change never lands between the three reads.
    return this.h.db.tx(async (c) => {
      await this.h.db.q('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY', [], c);
      return {
        generation: await this.h.generation.current(c),
        published: await this.h.docs.publishedVersions(c),
        releases: await this.releases(c, "WHERE status IN ('scheduled', 'rolling')", [], 'ASC'),
      };
    });
  }
}
