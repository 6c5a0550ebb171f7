import type pg from 'pg';
import type { Db, PgDb } from './pg-db.js';
import type { PgDocuments } from './pg-documents.js';
import type { PgGeneration } from './pg-generation.js';
import type { PgApprovals } from './pg-approvals.js';
import type { Change, DocRef, NewDocument } from './config-store.js';
import {
  inReleaseError,
  isOpen,
  noReleaseError,
  notOpenError,
  toRelease,
  type ReleaseDocumentRow,
  type ReleaseRow,
  type StoredRelease,
} from './release-records.js';

/** What reading the releases needs of the PostgreSQL store's other parts (pg-releases.ts passes them on). */
export interface PgReleaseReadHost {
  db: PgDb;
  docs: PgDocuments;
  /** The serving state reads the generation in the same snapshot as the releases. */
  generation: PgGeneration;
  /** A candidate's change set names who approved each of its documents. */
  approvals: PgApprovals;
}

/**
 * Reading the releases of the PostgreSQL store (issue 36): lists, one release (locked for a change), the serving state,
 * a release's change set, and the check that keeps a publish off a document of an open release. Publishing to a share
 * (pg-release-publish.ts) and moving a release on (pg-release-progress.ts) read through here, inside their transaction.
 */
export class PgReleaseReads {
  constructor(private readonly h: PgReleaseReadHost) {}

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

  /** The releases `where` selects, with their documents, by creation time (`order`). */
  async releases(db: Db, where = '', args: unknown[] = [], order = 'DESC', limit = 1000): Promise<StoredRelease[]> {
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

  /** One release, its row locked for the transaction with `forUpdate`; 404 when there is none. */
  async release(db: Db, id: string, forUpdate = false): Promise<StoredRelease> {
    if (forUpdate) await this.h.db.q('SELECT 1 FROM releases WHERE id = $1 FOR UPDATE', [id], db);
    const [r] = await this.releases(db, 'WHERE id = $1', [id]);
    if (!r) throw noReleaseError(id);
    return r;
  }

  /** One release, locked, that is still scheduled or rolling (409 otherwise). */
  async openRelease(c: pg.PoolClient, id: string): Promise<StoredRelease> {
    const r = await this.release(c, id, true);
    if (!isOpen(r.status)) throw notOpenError(r);
    return r;
  }

  /** The release's documents as a change set (base → candidate), and the published state with its candidate in place. */
  async releaseChanges(
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
