import type Database from 'better-sqlite3';
import { alreadyExists, changedBeforePublish, noDocument, noDraftToPublish, notFound, stale } from './store-errors.js';
import { jsonDiff } from './json-diff.js';
import { contentHash } from './content-hash.js';
import { openDatabase } from './sqlite-schema.js';
import { SqliteReleases } from './sqlite-releases.js';
import { SqliteApprovals } from './sqlite-approvals.js';
import { DRAFT, notedApprovals, type ApproveRequest } from './approval-records.js';
import type {
  Actor,
  AuditEntry,
  AuditFilter,
  Change,
  ConfigStore,
  DocRef,
  DocumentRecord,
  NewDocument,
  PublishCheck,
  StoredDraft,
  StoredVersion,
} from './config-store.js';

interface DocRow {
  kind: string;
  id: string;
  file: string;
  revision: number;
  published_version: number | null;
}
interface VersionRow {
  kind: string;
  id: string;
  version: number;
  hash: string;
  content: string;
  created_at: string;
  created_by: string;
  note: string;
  restored_from: number | null;
}
interface DraftRow {
  content: string;
  hash: string;
  base_version: number | null;
  updated_at: string;
  updated_by: string;
  editors: string;
}
interface AuditRow {
  seq: number;
  at: string;
  actor: string;
  action: string;
  kind: string | null;
  id: string | null;
  version: number | null;
  diff: string | null;
  note: string;
}

const now = () => new Date().toISOString();
const diffOf = jsonDiff;

const toVersion = (r: VersionRow): StoredVersion => ({
  kind: r.kind,
  id: r.id,
  version: r.version,
  hash: r.hash,
  content: JSON.parse(r.content),
  createdAt: r.created_at,
  createdBy: r.created_by,
  note: r.note,
  restoredFrom: r.restored_from,
});
const toDraft = (r: DraftRow): StoredDraft => ({
  content: JSON.parse(r.content),
  hash: r.hash,
  baseVersion: r.base_version,
  updatedAt: r.updated_at,
  updatedBy: r.updated_by,
  editors: JSON.parse(r.editors),
});

/** The embedded SQLite implementation of ConfigStore (better-sqlite3: synchronous, so each method is one atomic step). */
export class SqliteStore implements ConfigStore {
  readonly db: Database.Database;
  readonly description: string;

  constructor(dataDir: string) {
    this.db = openDatabase(dataDir);
    this.description = `sqlite ${this.db.name}`;
  }

  async isEmpty() {
    return this.isEmptyNow();
  }

  private isEmptyNow() {
    return (this.db.prepare('SELECT COUNT(*) AS n FROM documents').get() as { n: number }).n === 0;
  }

  async generation() {
    return (this.db.prepare("SELECT value FROM meta WHERE key = 'generation'").get() as { value: number }).value;
  }

  private row(kind: string, id: string) {
    return this.db.prepare('SELECT * FROM documents WHERE kind = ? AND id = ?').get(kind, id) as DocRow | undefined;
  }

  private record(r: DocRow): DocumentRecord {
    const pub = r.published_version == null ? undefined : this.version(r.kind, r.id, r.published_version);
    const d = this.db.prepare('SELECT * FROM drafts WHERE kind = ? AND id = ?').get(r.kind, r.id) as
      DraftRow | undefined;
    const draft = d ? toDraft(d) : null;
    const hash = (draft?.hash ?? pub?.hash ?? '').slice(0, 16);
    return {
      kind: r.kind,
      id: r.id,
      file: r.file,
      revision: r.revision,
      etag: `"${r.revision}-${hash}"`,
      published: pub ?? null,
      draft,
    };
  }

  async listDocuments() {
    const rows = this.db.prepare('SELECT * FROM documents ORDER BY kind, id').all() as DocRow[];
    return rows.map((r) => this.record(r));
  }

  async getDocument(kind: string, id: string) {
    return this.doc(kind, id);
  }

  /** Synchronous reads for use inside a transaction (an await there would end better-sqlite3's transaction). */
  private doc(kind: string, id: string) {
    const r = this.row(kind, id);
    return r && this.record(r);
  }

  async listPublished() {
    return this.publishedVersions();
  }

  private publishedVersions() {
    const rows = this.db
      .prepare(
        `SELECT v.*, d.file FROM documents d JOIN versions v
         ON v.kind = d.kind AND v.id = d.id AND v.version = d.published_version ORDER BY d.kind, d.id`,
      )
      .all() as (VersionRow & { file: string })[];
    return rows.map((r) => ({ ...toVersion(r), file: r.file }));
  }

  async history(kind: string, id: string) {
    const rows = this.db
      .prepare('SELECT * FROM versions WHERE kind = ? AND id = ? ORDER BY version DESC')
      .all(kind, id) as VersionRow[];
    return rows.map(toVersion);
  }

  async getVersion(kind: string, id: string, version: number) {
    return this.version(kind, id, version);
  }

  private version(kind: string, id: string, version: number) {
    const r = this.db
      .prepare('SELECT * FROM versions WHERE kind = ? AND id = ? AND version = ?')
      .get(kind, id, version) as VersionRow | undefined;
    return r && toVersion(r);
  }

  private published(): NewDocument[] {
    return this.publishedVersions().map((v) => ({ kind: v.kind, id: v.id, file: v.file, content: v.content }));
  }

  private bumpGeneration() {
    this.db.prepare("UPDATE meta SET value = value + 1 WHERE key = 'generation'").run();
  }

  /** Inserts the next version of a document and makes it the published one. */
  private insertVersion(doc: NewDocument, actor: string, note: string, restoredFrom: number | null): StoredVersion {
    const last = this.db
      .prepare('SELECT MAX(version) AS v FROM versions WHERE kind = ? AND id = ?')
      .get(doc.kind, doc.id) as { v: number | null };
    const version = (last.v ?? 0) + 1;
    const row: VersionRow = {
      kind: doc.kind,
      id: doc.id,
      version,
      hash: contentHash(doc.content),
      content: JSON.stringify(doc.content),
      created_at: now(),
      created_by: actor,
      note,
      restored_from: restoredFrom,
    };
    this.db
      .prepare(
        `INSERT INTO versions (kind, id, version, hash, content, created_at, created_by, note, restored_from)
         VALUES (@kind, @id, @version, @hash, @content, @created_at, @created_by, @note, @restored_from)`,
      )
      .run(row);
    this.db
      .prepare(
        `INSERT INTO documents (kind, id, file, revision, published_version) VALUES (?, ?, ?, 1, ?)
         ON CONFLICT (kind, id) DO UPDATE SET published_version = excluded.published_version, revision = revision + 1`,
      )
      .run(doc.kind, doc.id, doc.file, version);
    return toVersion(row);
  }

  async importPublished(docs: NewDocument[], actor: Actor, check: PublishCheck) {
    return this.db
      .transaction(() => {
        // Another process (a CLI, a second server on the same file) may have imported first.
        if (!this.isEmptyNow()) return false;
        const changes: Change[] = docs.map((d) => ({
          ...d,
          before: null,
          after: d.content,
          editors: [actor.user],
          approvedBy: [],
        }));
        check({ wouldBe: docs, changes });
        for (const d of docs) {
          const v = this.insertVersion(d, actor.user, 'imported from the repository', null);
          this.audited({
            actor: actor.user,
            action: 'import',
            kind: d.kind,
            id: d.id,
            version: v.version,
            diff: null,
            note: d.file,
          });
        }
        this.bumpGeneration();
        return true;
      })
      .immediate();
  }

  /** Compare-and-set on the revision: the one place that turns a stale If-Match into 412. */
  private claim(kind: string, id: string, expectedRevision: number | null) {
    if (expectedRevision === null) {
      if (this.row(kind, id)) throw alreadyExists(kind, id);
      return;
    }
    const res = this.db
      .prepare('UPDATE documents SET revision = revision + 1 WHERE kind = ? AND id = ? AND revision = ?')
      .run(kind, id, expectedRevision);
    if (res.changes !== 1) {
      const cur = this.doc(kind, id);
      if (!cur) throw noDocument(kind, id);
      throw stale(
        `${kind}/${id} was changed by someone else (by ${cur.draft?.updatedBy ?? cur.published?.createdBy ?? 'unknown'}): reload it, reapply your edit and save again`,
        cur.etag,
        true,
      );
    }
  }

  async saveDraft(doc: NewDocument, expectedRevision: number | null, actor: Actor) {
    return this.db
      .transaction(() => {
        this.claim(doc.kind, doc.id, expectedRevision);
        const before = this.doc(doc.kind, doc.id);
        if (!before) {
          this.db
            .prepare('INSERT INTO documents (kind, id, file, revision, published_version) VALUES (?, ?, ?, 1, NULL)')
            .run(doc.kind, doc.id, doc.file);
        }
        const editors = new Set(before?.draft?.editors ?? []);
        editors.add(actor.user);
        this.db
          .prepare(
            `INSERT OR REPLACE INTO drafts (kind, id, content, hash, base_version, updated_at, updated_by, editors)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
          )
          .run(
            doc.kind,
            doc.id,
            JSON.stringify(doc.content),
            contentHash(doc.content),
            before?.draft?.baseVersion ?? before?.published?.version ?? null,
            now(),
            actor.user,
            JSON.stringify([...editors]),
          );
        const prev = before?.draft?.content ?? before?.published?.content ?? null;
        this.audited({
          actor: actor.user,
          action: 'draft.save',
          kind: doc.kind,
          id: doc.id,
          version: null,
          diff: diffOf(prev, doc.content),
          note: '',
        });
        return this.doc(doc.kind, doc.id)!;
      })
      .immediate();
  }

  async discardDraft(ref: DocRef, expectedRevision: number, actor: Actor) {
    return this.db
      .transaction(() => {
        const before = this.doc(ref.kind, ref.id);
        if (!before?.draft) throw notFound(`${ref.kind}/${ref.id} has no draft to discard`);
        this.claim(ref.kind, ref.id, expectedRevision);
        this.db.prepare('DELETE FROM drafts WHERE kind = ? AND id = ?').run(ref.kind, ref.id);
        this.audited({
          actor: actor.user,
          action: 'draft.discard',
          kind: ref.kind,
          id: ref.id,
          version: null,
          diff: diffOf(before.draft.content, before.published?.content ?? null),
          note: '',
        });
        if (!before.published) {
          // A never-published document without its draft is nothing at all.
          this.db.prepare('DELETE FROM documents WHERE kind = ? AND id = ?').run(ref.kind, ref.id);
          return { ...before, draft: null, revision: before.revision + 1, etag: '""' };
        }
        return this.doc(ref.kind, ref.id)!;
      })
      .immediate();
  }

  async publish(
    items: (DocRef & { expectedRevision?: number })[],
    opts: Actor & { note: string },
    check: PublishCheck,
  ) {
    return this.db
      .transaction(() => {
        const changes: Change[] = items.map((it) => {
          const rec = this.doc(it.kind, it.id);
          if (!rec) throw noDocument(it.kind, it.id);
          this.refuseInRelease(it);
          if (!rec.draft) throw noDraftToPublish(it.kind, it.id);
          if (it.expectedRevision !== undefined && it.expectedRevision !== rec.revision) {
            throw changedBeforePublish(it.kind, it.id, rec.etag);
          }
          return {
            kind: it.kind,
            id: it.id,
            file: rec.file,
            before: rec.published?.content ?? null,
            after: rec.draft.content,
            editors: rec.draft.editors,
            approvedBy: this.approvalsOf.approvers(rec, DRAFT),
          };
        });
        const key = (r: DocRef) => `${r.kind}\u0000${r.id}`;
        const changed = new Map(changes.map((c) => [key(c), c]));
        const wouldBe = this.published().map((d) =>
          changed.has(key(d)) ? { ...d, content: changed.get(key(d))!.after } : d,
        );
        for (const c of changes)
          if (c.before === null) wouldBe.push({ kind: c.kind, id: c.id, file: c.file, content: c.after });
        check({ wouldBe, changes });
        const out = changes.map((c) => {
          const v = this.insertVersion({ ...c, content: c.after }, opts.user, opts.note, null);
          this.db.prepare('DELETE FROM drafts WHERE kind = ? AND id = ?').run(c.kind, c.id);
          this.audited({
            actor: opts.user,
            action: 'publish',
            kind: c.kind,
            id: c.id,
            version: v.version,
            diff: diffOf(c.before, c.after),
            note: notedApprovals(opts.note, c.approvedBy),
          });
          return v;
        });
        this.bumpGeneration();
        return out;
      })
      .immediate();
  }

  async rollback(
    ref: DocRef & { version: number; expectedRevision: number },
    opts: Actor & { reason: string },
    check: PublishCheck,
  ) {
    return this.db
      .transaction(() => {
        const rec = this.doc(ref.kind, ref.id);
        if (!rec) throw noDocument(ref.kind, ref.id);
        const old = this.version(ref.kind, ref.id, ref.version);
        if (!old) throw notFound(`${ref.kind}/${ref.id} has no version ${ref.version}`);
        this.refuseInRelease(ref);
        if (rec.revision !== ref.expectedRevision) {
          throw stale(`${ref.kind}/${ref.id} changed since you loaded it: reload before rolling back`, rec.etag, true);
        }
        const change: Change = {
          kind: ref.kind,
          id: ref.id,
          file: rec.file,
          before: rec.published?.content ?? null,
          after: old.content,
          editors: [opts.user],
          approvedBy: this.approvalsOf.approvers(rec, ref.version),
        };
        const wouldBe = this.published().filter((d) => !(d.kind === ref.kind && d.id === ref.id));
        wouldBe.push({ kind: ref.kind, id: ref.id, file: rec.file, content: old.content });
        check({ wouldBe, changes: [change] });
        const v = this.insertVersion(
          { ...change, content: change.after },
          opts.user,
          `rollback to version ${ref.version}: ${opts.reason}`,
          ref.version,
        );
        this.audited({
          actor: opts.user,
          action: 'rollback',
          kind: ref.kind,
          id: ref.id,
          version: v.version,
          diff: diffOf(change.before, change.after),
          note: notedApprovals(opts.reason, change.approvedBy),
        });
        this.bumpGeneration();
        return v;
      })
      .immediate();
  }

  /** Four eyes per document (issue 44): sqlite-approvals.ts, over this store's own synchronous helpers. */
  private readonly approvalsOf = new SqliteApprovals({
    db: () => this.db,
    doc: (kind, id) => this.doc(kind, id),
    version: (kind, id, version) => this.version(kind, id, version),
    audited: (e) => this.audited(e),
  });

  async approve(a: ApproveRequest, actor: Actor) {
    return this.approvalsOf.approve(a, actor.user);
  }

  async approvals(ref?: DocRef) {
    const records = ref ? [this.doc(ref.kind, ref.id)].filter((r) => !!r) : await this.listDocuments();
    return this.approvalsOf.list(records);
  }

  async audit(filter: AuditFilter = {}): Promise<AuditEntry[]> {
    const where: string[] = [];
    const args: (string | number)[] = [];
    for (const k of ['kind', 'id', 'actor'] as const) {
      if (filter[k]) {
        where.push(`${k} = ?`);
        args.push(filter[k]!);
      }
    }
    if (filter.before) {
      where.push('seq < ?');
      args.push(filter.before);
    }
    // `at` is an ISO 8601 UTC string, so text order is time order.
    if (filter.since) {
      where.push('at >= ?');
      args.push(filter.since);
    }
    if (filter.until) {
      where.push('at < ?');
      args.push(filter.until);
    }
    const limit = Math.min(Math.max(filter.limit ?? 100, 1), 1000);
    const rows = this.db
      .prepare(
        `SELECT * FROM audit ${where.length ? 'WHERE ' + where.join(' AND ') : ''} ORDER BY seq DESC LIMIT ${limit}`,
      )
      .all(...args) as AuditRow[];
    return rows.map((r) => ({ ...r, diff: r.diff ? JSON.parse(r.diff) : null }));
  }

  async appendAudit(e: Omit<AuditEntry, 'seq' | 'at'>) {
    this.audited(e);
  }

  private audited(e: Omit<AuditEntry, 'seq' | 'at'>) {
    this.db
      .prepare('INSERT INTO audit (at, actor, action, kind, id, version, diff, note) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
      .run(now(), e.actor, e.action, e.kind, e.id, e.version, e.diff ? JSON.stringify(e.diff) : null, e.note);
  }

  /** Releases (issue 36): sqlite-releases.ts, over this store's own synchronous helpers. */
  readonly releases = new SqliteReleases({
    db: () => this.db,
    doc: (kind, id) => this.doc(kind, id),
    published: () => this.published(),
    publishedVersions: () => this.publishedVersions(),
    insertVersion: (doc, actor, note) => this.insertVersion(doc, actor, note, null),
    audited: (e) => this.audited(e),
    bumpGeneration: () => this.bumpGeneration(),
    approvals: () => this.approvalsOf,
  });

  private refuseInRelease(ref: DocRef) {
    this.releases.refuseInRelease(ref);
  }

  async close() {
    if (this.db.open) this.db.close();
  }
}
