import type pg from 'pg';
import { alreadyExists, noDocument, notFound, stale } from './store-errors.js';
import { jsonDiff } from './json-diff.js';
import { contentHash } from './content-hash.js';
import type { Actor, DocRef, DocumentRecord, NewDocument, StoredVersion } from './config-store.js';
import { RECORD_SQL, toRecord, type RecordRow } from './pg-record.js';
import type { Db, PgDb } from './pg-db.js';
import type { PgAudit } from './pg-audit.js';

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

/**
 * Documents in the PostgreSQL store: their records, versions and drafts. Saving and discarding a draft are
 * compare-and-set on the document's revision; what publishing changes is in pg-publish.ts and pg-releases.ts,
 * which read and add versions through here. `db` is a transaction's client where the caller is in one.
 */
export class PgDocuments {
  constructor(
    private readonly db: PgDb,
    private readonly audit: PgAudit,
  ) {}

  async isEmpty(db: Db = this.db.pool) {
    return (await this.db.q<{ n: number }>('SELECT COUNT(*)::int AS n FROM documents', [], db))[0].n === 0;
  }

  async doc(kind: string, id: string, db: Db = this.db.pool): Promise<DocumentRecord | undefined> {
    const [r] = await this.db.q<RecordRow>(`${RECORD_SQL} WHERE d.kind = $1 AND d.id = $2`, [kind, id], db);
    return r && toRecord(r);
  }

  async list() {
    return (await this.db.q<RecordRow>(`${RECORD_SQL} ORDER BY d.kind COLLATE "C", d.id COLLATE "C"`)).map(toRecord);
  }

  /** The published version of every document, with its file. */
  async publishedVersions(db: Db = this.db.pool): Promise<(StoredVersion & { file: string })[]> {
    const rows = await this.db.q<VersionRow & { file: string }>(
      `SELECT v.*, d.file FROM documents d JOIN versions v
       ON v.kind = d.kind AND v.id = d.id AND v.version = d.published_version ORDER BY d.kind COLLATE "C", d.id COLLATE "C"`,
      [],
      db,
    );
    return rows.map((r) => ({ ...toVersion(r), file: r.file }));
  }

  /** The published state as documents (what a publish check's `wouldBe` starts from). */
  async publishedDocs(c: pg.PoolClient): Promise<NewDocument[]> {
    return (await this.publishedVersions(c)).map((v) => ({ kind: v.kind, id: v.id, file: v.file, content: v.content }));
  }

  async history(kind: string, id: string) {
    return (
      await this.db.q<VersionRow>('SELECT * FROM versions WHERE kind = $1 AND id = $2 ORDER BY version DESC', [
        kind,
        id,
      ])
    ).map(toVersion);
  }

  /** One version; undefined for a number no version can have (the column is a 32-bit integer). */
  async version(kind: string, id: string, version: number, db: Db = this.db.pool): Promise<StoredVersion | undefined> {
    if (!Number.isSafeInteger(version) || Math.abs(version) >= 2 ** 31) return undefined;
    const [r] = await this.db.q<VersionRow>(
      'SELECT * FROM versions WHERE kind = $1 AND id = $2 AND version = $3',
      [kind, id, version],
      db,
    );
    return r && toVersion(r);
  }

  /** Inserts the next version of a document and makes it the published one. */
  async insertVersion(c: pg.PoolClient, doc: NewDocument, actor: string, note: string, restoredFrom: number | null) {
    const [last] = await this.db.q<{ v: number | null }>(
      'SELECT MAX(version) AS v FROM versions WHERE kind = $1 AND id = $2',
      [doc.kind, doc.id],
      c,
    );
    const row: VersionRow = {
      kind: doc.kind,
      id: doc.id,
      version: (last.v ?? 0) + 1,
      hash: contentHash(doc.content),
      content: JSON.stringify(doc.content),
      created_at: new Date().toISOString(),
      created_by: actor,
      note,
      restored_from: restoredFrom,
    };
    await this.db.q(
      `INSERT INTO versions (kind, id, version, hash, content, created_at, created_by, note, restored_from)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        row.kind,
        row.id,
        row.version,
        row.hash,
        row.content,
        row.created_at,
        row.created_by,
        row.note,
        row.restored_from,
      ],
      c,
    );
    await this.db.q(
      `INSERT INTO documents (kind, id, file, revision, published_version) VALUES ($1, $2, $3, 1, $4)
       ON CONFLICT (kind, id) DO UPDATE SET published_version = excluded.published_version, revision = documents.revision + 1`,
      [doc.kind, doc.id, doc.file, row.version],
      c,
    );
    return toVersion(row);
  }

  /** Compare-and-set on the revision (the row lock makes concurrent savers queue; all but one then miss). */
  private async claim(
    c: pg.PoolClient,
    kind: string,
    id: string,
    expectedRevision: number | null,
    file: string | null,
  ) {
    if (expectedRevision === null) {
      const rows =
        file === null
          ? []
          : await this.db.q(
              'INSERT INTO documents (kind, id, file, revision, published_version) VALUES ($1, $2, $3, 1, NULL) ON CONFLICT DO NOTHING RETURNING kind',
              [kind, id, file],
              c,
            );
      if (rows.length !== 1) throw alreadyExists(kind, id);
      return;
    }
    const rows = await this.db.q(
      'UPDATE documents SET revision = revision + 1 WHERE kind = $1 AND id = $2 AND revision = $3 RETURNING kind',
      [kind, id, expectedRevision],
      c,
    );
    if (rows.length !== 1) {
      const cur = await this.doc(kind, id, c);
      if (!cur) throw noDocument(kind, id);
      throw stale(
        `${kind}/${id} was changed by someone else (by ${cur.draft?.updatedBy ?? cur.published?.createdBy ?? 'unknown'}): reload it, reapply your edit and save again`,
        cur.etag,
        true,
      );
    }
  }

  saveDraft(doc: NewDocument, expectedRevision: number | null, actor: Actor) {
    return this.db.tx(async (c) => {
      await this.claim(c, doc.kind, doc.id, expectedRevision, doc.file);
      const before = (await this.doc(doc.kind, doc.id, c))!;
      const editors = new Set(before.draft?.editors ?? []);
      editors.add(actor.user);
      await this.db.q(
        `INSERT INTO drafts (kind, id, content, hash, base_version, updated_at, updated_by, editors) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (kind, id) DO UPDATE SET content = excluded.content, hash = excluded.hash, base_version = excluded.base_version,
           updated_at = excluded.updated_at, updated_by = excluded.updated_by, editors = excluded.editors`,
        [
          doc.kind,
          doc.id,
          JSON.stringify(doc.content),
          contentHash(doc.content),
          before.draft?.baseVersion ?? before.published?.version ?? null,
          new Date().toISOString(),
          actor.user,
          JSON.stringify([...editors]),
        ],
        c,
      );
      const prev = before.draft?.content ?? before.published?.content ?? null;
      await this.audit.append(
        {
          actor: actor.user,
          action: 'draft.save',
          kind: doc.kind,
          id: doc.id,
          version: null,
          diff: jsonDiff(prev, doc.content),
          note: '',
        },
        c,
      );
      return (await this.doc(doc.kind, doc.id, c))!;
    });
  }

  discardDraft(ref: DocRef, expectedRevision: number, actor: Actor) {
    return this.db.tx(async (c) => {
      const before = await this.doc(ref.kind, ref.id, c);
      if (!before?.draft) throw notFound(`${ref.kind}/${ref.id} has no draft to discard`);
      await this.claim(c, ref.kind, ref.id, expectedRevision, null);
      await this.db.q('DELETE FROM drafts WHERE kind = $1 AND id = $2', [ref.kind, ref.id], c);
      const diff = jsonDiff(before.draft.content, before.published?.content ?? null);
      await this.audit.append(
        { actor: actor.user, action: 'draft.discard', kind: ref.kind, id: ref.id, version: null, diff, note: '' },
        c,
      );
      if (!before.published) {
        // A never-published document without its draft is nothing at all.
        await this.db.q('DELETE FROM documents WHERE kind = $1 AND id = $2', [ref.kind, ref.id], c);
        return { ...before, draft: null, revision: before.revision + 1, etag: '""' };
      }
      return (await this.doc(ref.kind, ref.id, c))!;
    });
  }
}
