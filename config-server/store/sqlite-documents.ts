import type Database from 'better-sqlite3';
import { alreadyExists, noDocument, notFound, stale } from './store-errors.js';
import { jsonDiff as diffOf } from './json-diff.js';
import { contentHash } from './content-hash.js';
import type { SqliteAudit } from './sqlite-audit.js';
import type { Actor, DocRef, DocumentRecord, NewDocument, StoredDraft, StoredVersion } from './config-store.js';

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

const now = () => new Date().toISOString();

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

/**
 * Documents in the embedded store: their records, versions and drafts. Saving and discarding a draft are
 * compare-and-set on the document's revision; what publishing changes is in sqlite-publish.ts and sqlite-releases.ts,
 * which read and add versions through here. Every method is synchronous, so usable inside a transaction (an await
 * there would end better-sqlite3's transaction).
 */
export class SqliteDocuments {
  constructor(
    private readonly db: Database.Database,
    private readonly audit: SqliteAudit,
  ) {}

  isEmpty() {
    return (this.db.prepare('SELECT COUNT(*) AS n FROM documents').get() as { n: number }).n === 0;
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

  list() {
    const rows = this.db.prepare('SELECT * FROM documents ORDER BY kind, id').all() as DocRow[];
    return rows.map((r) => this.record(r));
  }

  doc(kind: string, id: string) {
    const r = this.row(kind, id);
    return r && this.record(r);
  }

  /** The published version of every document, with its file. */
  publishedVersions() {
    const rows = this.db
      .prepare(
        `SELECT v.*, d.file FROM documents d JOIN versions v
         ON v.kind = d.kind AND v.id = d.id AND v.version = d.published_version ORDER BY d.kind, d.id`,
      )
      .all() as (VersionRow & { file: string })[];
    return rows.map((r) => ({ ...toVersion(r), file: r.file }));
  }

  history(kind: string, id: string) {
    const rows = this.db
      .prepare('SELECT * FROM versions WHERE kind = ? AND id = ? ORDER BY version DESC')
      .all(kind, id) as VersionRow[];
    return rows.map(toVersion);
  }

  version(kind: string, id: string, version: number) {
    const r = this.db
      .prepare('SELECT * FROM versions WHERE kind = ? AND id = ? AND version = ?')
      .get(kind, id, version) as VersionRow | undefined;
    return r && toVersion(r);
  }

  /** The published documents, as a publish check's `wouldBe` starts. */
  published(): NewDocument[] {
    return this.publishedVersions().map((v) => ({ kind: v.kind, id: v.id, file: v.file, content: v.content }));
  }

  /** Inserts the next version of a document and makes it the published one. */
  insertVersion(doc: NewDocument, actor: string, note: string, restoredFrom: number | null): StoredVersion {
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

  saveDraft(doc: NewDocument, expectedRevision: number | null, actor: Actor) {
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
        this.audit.append({
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

  discardDraft(ref: DocRef, expectedRevision: number, actor: Actor) {
    return this.db
      .transaction(() => {
        const before = this.doc(ref.kind, ref.id);
        if (!before?.draft) throw notFound(`${ref.kind}/${ref.id} has no draft to discard`);
        this.claim(ref.kind, ref.id, expectedRevision);
        this.db.prepare('DELETE FROM drafts WHERE kind = ? AND id = ?').run(ref.kind, ref.id);
        this.audit.append({
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
}
