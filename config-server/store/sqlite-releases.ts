import type Database from 'better-sqlite3';
import { changedBeforePublish, conflict, noDocument, noDraftToPublish } from './store-errors.js';
import { jsonDiff as diffOf } from './json-diff.js';
import { contentHash } from './content-hash.js';
import { DRAFT } from './approval-records.js';
import type { SqliteApprovals } from './sqlite-approvals.js';
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

/** What the releases need of the SQLite store (its own synchronous helpers, usable inside its transactions). */
export interface SqliteReleaseHost {
  db(): Database.Database;
  doc(kind: string, id: string): DocumentRecord | undefined;
  published(): NewDocument[];
  publishedVersions(): (StoredVersion & { file: string })[];
  /** Inserts the next version of a document and makes it the published one. */
  insertVersion(doc: NewDocument, actor: string, note: string): StoredVersion;
  audited(e: Omit<AuditEntry, 'seq' | 'at'>): void;
  bumpGeneration(): void;
  /** Four eyes (issue 44): the draft's approvals count for the release's publish and go with its candidate. */
  approvals(): SqliteApprovals;
}

const now = () => new Date().toISOString();

/**
 * The releases of the embedded store (issue 36), each method one immediate transaction: better-sqlite3 is synchronous,
 * so a release change and the publishes it must exclude never interleave.
 */
export class SqliteReleases {
  constructor(private readonly h: SqliteReleaseHost) {}

  private get db() {
    return this.h.db();
  }

  /** 409 naming the open release `ref` is in, if any. */
  refuseInRelease(ref: DocRef) {
    const r = this.db
      .prepare(
        `SELECT r.id, r.status, r.percent FROM release_documents d JOIN releases r ON r.id = d.release_id
         WHERE d.kind = ? AND d.id = ? AND r.status IN ('scheduled', 'rolling')`,
      )
      .get(ref.kind, ref.id) as Pick<StoredRelease, 'id' | 'status' | 'percent'> | undefined;
    if (r) throw inReleaseError(ref, r);
  }

  private releases(where = '', args: unknown[] = [], order = 'DESC', limit = -1): StoredRelease[] {
    const rows = this.db
      .prepare(`SELECT * FROM releases ${where} ORDER BY created_at ${order}, id ${order} LIMIT ?`)
      .all(...args, limit) as ReleaseRow[];
    if (!rows.length) return [];
    const docs = this.db
      .prepare(
        `SELECT * FROM release_documents WHERE release_id IN (${rows.map(() => '?').join(', ')}) ORDER BY kind, id`,
      )
      .all(...rows.map((r) => r.id)) as ReleaseDocumentRow[];
    return rows.map((r) => toRelease(r, docs));
  }

  private release(id: string): StoredRelease {
    const r = this.releases('WHERE id = ?', [id])[0];
    if (!r) throw noReleaseError(id);
    return r;
  }

  private openRelease(id: string): StoredRelease {
    const r = this.release(id);
    if (!isOpen(r.status)) throw notOpenError(r);
    return r;
  }

  /** The release's documents as a change set (base → candidate), and the published state with its candidate in place. */
  private releaseChanges(r: Pick<StoredRelease, 'id' | 'documents'>): { changes: Change[]; wouldBe: NewDocument[] } {
    const published = this.h.published();
    const key = (d: DocRef) => `${d.kind}\u0000${d.id}`;
    const before = new Map(published.map((d) => [key(d), d.content]));
    const changes: Change[] = r.documents.map((d) => ({
      kind: d.kind,
      id: d.id,
      file: d.file,
      before: before.get(key(d)) ?? null,
      after: d.content,
      editors: d.editors,
      approvedBy: this.h.approvals().releaseApprovers(r.id, d),
    }));
    const after = new Map(changes.map((c) => [key(c), c.after]));
    return { changes, wouldBe: published.map((d) => (after.has(key(d)) ? { ...d, content: after.get(key(d)) } : d)) };
  }

  async publishRelease(
    items: (DocRef & { expectedRevision?: number })[],
    opts: Actor & { note: string; rollout: NewRelease },
    check: PublishCheck,
  ) {
    return this.db
      .transaction(() => {
        const open = this.releases("WHERE status IN ('scheduled', 'rolling')", [], 'ASC');
        if (open.length >= MAX_OPEN_RELEASES)
          throw conflict(`${open.length} releases are open: complete or roll back one first`);
        const base = new Map<string, number>();
        const records: DocumentRecord[] = [];
        const changes: Change[] = items.map((it) => {
          const rec = this.h.doc(it.kind, it.id);
          if (!rec) throw noDocument(it.kind, it.id);
          this.refuseInRelease(it);
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
          return {
            kind: it.kind,
            id: it.id,
            file: rec.file,
            before: rec.published.content,
            after: rec.draft.content,
            editors: rec.draft.editors,
            savedBy: rec.draft.updatedBy,
            approvedBy: this.h.approvals().approvers(rec, DRAFT),
          };
        });
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
          documents: changes.map((c) => ({
            kind: c.kind,
            id: c.id,
            file: c.file,
            baseVersion: base.get(`${c.kind}\u0000${c.id}`)!,
            content: c.after,
            hash: contentHash(c.after),
            editors: c.editors,
          })),
        };
        // The candidate arm is checked as borrowers will get it: alone, and with every other open release's candidate.
        check({ wouldBe: this.releaseChanges(r).wouldBe, changes });
        if (open.length) {
          const all = open.flatMap((o) => o.documents).concat(r.documents);
          check({ wouldBe: this.releaseChanges({ ...r, documents: all }).wouldBe, changes });
        }
        this.db
          .prepare(
            `INSERT INTO releases (id, seed, status, percent, audience, start_at, end_at, guard, note, created_at, created_by, updated_at, updated_by)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          )
          .run(
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
          );
        const insertDoc = this.db.prepare(
          'INSERT INTO release_documents (release_id, kind, id, file, base_version, content, hash, editors) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
        );
        for (const [i, d] of r.documents.entries()) {
          insertDoc.run(
            r.id,
            d.kind,
            d.id,
            d.file,
            d.baseVersion,
            JSON.stringify(d.content),
            d.hash,
            JSON.stringify(d.editors),
          );
          this.h.approvals().carry(r.id, records[i]);
          // The draft became the candidate: gone from the document, which therefore changes (its admin ETag too).
          this.db.prepare('DELETE FROM drafts WHERE kind = ? AND id = ?').run(d.kind, d.id);
          this.db.prepare('UPDATE documents SET revision = revision + 1 WHERE kind = ? AND id = ?').run(d.kind, d.id);
          this.h.audited({
            actor: opts.user,
            action: 'release.candidate',
            kind: d.kind,
            id: d.id,
            version: null,
            diff: diffOf(changes[i].before, d.content),
            note: `release ${r.id}: ${opts.note}`,
          });
        }
        this.h.audited({
          actor: opts.user,
          action: 'release.create',
          kind: 'release',
          id: r.id,
          version: null,
          diff: null,
          note: `${r.status}, ${releaseSummary(r)}: ${opts.note}`,
        });
        this.h.bumpGeneration();
        return this.release(r.id);
      })
      .immediate();
  }

  async listReleases(filter: { open?: boolean; limit?: number } = {}) {
    const limit = Math.min(Math.max(filter.limit ?? 100, 1), 1000);
    return this.releases(filter.open ? "WHERE status IN ('scheduled', 'rolling')" : '', [], 'DESC', limit);
  }

  async getRelease(id: string) {
    return this.releases('WHERE id = ?', [id])[0];
  }

  async setReleasePercent(id: string, percent: number, actor: Actor, check: PublishCheck) {
    return this.db
      .transaction(() => {
        const r = this.openRelease(id);
        if (percent > r.percent) check(this.releaseChanges(r));
        if (percent === r.percent) return r;
        this.db
          .prepare('UPDATE releases SET percent = ?, updated_at = ?, updated_by = ? WHERE id = ?')
          .run(percent, now(), actor.user, id);
        this.h.audited({
          actor: actor.user,
          action: 'release.percent',
          kind: 'release',
          id,
          version: null,
          diff: null,
          note: `${r.percent} % → ${percent} %`,
        });
        this.h.bumpGeneration();
        return this.release(id);
      })
      .immediate();
  }

  async completeRelease(id: string, opts: Actor & { note: string }, check: PublishCheck) {
    return this.db
      .transaction(() => {
        const r = this.openRelease(id);
        const { changes, wouldBe } = this.releaseChanges(r);
        check({ changes, wouldBe });
        const note = `release ${id}: ${opts.note}`;
        const published = changes.map((c) => {
          const v = this.h.insertVersion({ ...c, content: c.after }, opts.user, note);
          this.h.audited({
            actor: opts.user,
            action: 'publish',
            kind: c.kind,
            id: c.id,
            version: v.version,
            diff: diffOf(c.before, c.after),
            note,
          });
          return v;
        });
        this.db
          .prepare("UPDATE releases SET status = 'complete', updated_at = ?, updated_by = ? WHERE id = ?")
          .run(now(), opts.user, id);
        this.h.audited({
          actor: opts.user,
          action: 'release.complete',
          kind: 'release',
          id,
          version: null,
          diff: null,
          note: opts.note,
        });
        this.h.bumpGeneration();
        return { release: this.release(id), published };
      })
      .immediate();
  }

  async rollbackRelease(id: string, opts: Actor & { reason: string }) {
    return this.db
      .transaction(() => {
        this.openRelease(id);
        this.db
          .prepare("UPDATE releases SET status = 'rolled-back', updated_at = ?, updated_by = ? WHERE id = ?")
          .run(now(), opts.user, id);
        this.h.audited({
          actor: opts.user,
          action: 'release.rollback',
          kind: 'release',
          id,
          version: null,
          diff: null,
          note: opts.reason,
        });
        this.h.bumpGeneration();
        return this.release(id);
      })
      .immediate();
  }

  async advanceReleases(at = now()) {
    return this.db
      .transaction(() => {
        // Conditional updates: of several replicas asking at once, each release changes for exactly one of them.
        const ended = this.db
          .prepare(
            `UPDATE releases SET status = 'ended', updated_at = ?, updated_by = ?
           WHERE status IN ('scheduled', 'rolling') AND end_at IS NOT NULL AND end_at <= ? RETURNING id, end_at`,
          )
          .all(at, SCHEDULE_ACTOR, at) as { id: string; end_at: string }[];
        const started = this.db
          .prepare(
            `UPDATE releases SET status = 'rolling', updated_at = ?, updated_by = ?
           WHERE status = 'scheduled' AND start_at IS NOT NULL AND start_at <= ? RETURNING id, start_at`,
          )
          .all(at, SCHEDULE_ACTOR, at) as { id: string; start_at: string }[];
        for (const e of ended)
          this.h.audited({
            actor: SCHEDULE_ACTOR,
            action: 'release.end',
            kind: 'release',
            id: e.id,
            version: null,
            diff: null,
            note: `ended as scheduled for ${e.end_at}`,
          });
        for (const s of started)
          this.h.audited({
            actor: SCHEDULE_ACTOR,
            action: 'release.start',
            kind: 'release',
            id: s.id,
            version: null,
            diff: null,
            note: `started as scheduled for ${s.start_at}`,
          });
        if (!ended.length && !started.length) return [];
        this.h.bumpGeneration();
        return [...ended, ...started].map((x) => this.release(x.id));
      })
      .immediate();
  }

  async servingState() {
    // One read transaction: a publish or release change never lands between the three reads.
    return this.db.transaction(() => ({
      generation: (this.db.prepare("SELECT value FROM meta WHERE key = 'generation'").get() as { value: number }).value,
      published: this.h.publishedVersions(),
      releases: this.releases("WHERE status IN ('scheduled', 'rolling')", [], 'ASC'),
    }))();
  }
}
