import pg from 'pg';
import { alreadyExists, changedBeforePublish, noDocument, noDraftToPublish, notFound, stale } from './store-errors.js';
import { jsonDiff } from './json-diff.js';
import { contentHash } from './content-hash.js';
import type {
  Actor, AuditEntry, AuditFilter, Change, ConfigStore, DocRef, NewDocument, PublishCheck, StoredVersion,
} from './config-store.js';
import { storeError } from './pg-errors.js';
import { migrate } from './pg-schema.js';
import { PgReleases, type PgReleaseHost } from './pg-releases.js';
import { watchChannel } from './pg-watch.js';
import { RECORD_SQL, toRecord, type RecordRow } from './pg-record.js';
import { PgApprovals, type PgApprovalHost } from './pg-approvals.js';
import { DRAFT, notedApprovals, type ApproveRequest } from './approval-records.js';

type Db = pg.Pool | pg.PoolClient;

interface VersionRow {
  kind: string; id: string; version: number; hash: string; content: string; created_at: string;
  created_by: string; note: string; restored_from: number | null;
}
interface AuditRow {
  seq: number; at: string; actor: string; action: string; kind: string | null; id: string | null;
  version: number | null; diff: string | null; note: string;
}

/** Channel a publish notifies on (the payload is the new generation). */
export const PUBLISH_CHANNEL = 'sdui_published';
/** Any constant: publishes, rollbacks and imports take this transaction lock, so they never interleave. */
const PUBLISH_LOCK = 7_301_020;

const now = () => new Date().toISOString();

const toVersion = (r: VersionRow): StoredVersion => ({
  kind: r.kind, id: r.id, version: r.version, hash: r.hash, content: JSON.parse(r.content),
  createdAt: r.created_at, createdBy: r.created_by, note: r.note, restoredFrom: r.restored_from,
});

/** `postgresql://host:port/db`, without user and password, for logs. */
export function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `postgresql ${u.host}${u.pathname}`;
  } catch {
    return 'postgresql';
  }
}

/**
 * The shared PostgreSQL implementation of ConfigStore, for several replicas. Writes are transactions:
 * a replica that dies mid-publish leaves nothing (the server rolls the open transaction back).
 * A publish notifies `PUBLISH_CHANNEL` in its transaction, so other replicas hear of it at commit.
 */
export class PgStore implements ConfigStore {
  readonly description: string;
  readonly releases = new PgReleases(this as unknown as PgReleaseHost);
  /** Four eyes per document (issue 44): pg-approvals.ts, over this store's own helpers. */
  readonly approvalsOf = new PgApprovals(this as unknown as PgApprovalHost);

  private constructor(
    readonly pool: pg.Pool,
    private readonly url: string,
    private readonly log: (m: string, err?: unknown) => void,
  ) {
    this.description = describeUrl(url);
  }

  /** Connects and applies pending migrations (safe when several replicas start at once). */
  static async open(url: string, opts: { log?: (m: string, err?: unknown) => void } = {}): Promise<PgStore> {
    // Bounded waits: a database that stops answering (a cut network sends no reset) turns into 503s, not hung requests.
    const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 3000, query_timeout: 15_000, idleTimeoutMillis: 30_000, keepAlive: true });
    // An idle client losing its server emits here; without a listener that would end the process.
    pool.on('error', (e) => opts.log?.(`postgresql: idle connection lost (${e.message})`));
    try {
      await migrate(pool);
    } catch (e) {
      await pool.end();
      // Without its database a replica has no snapshot to serve: refuse to start, saying where it looked.
      throw new Error(`Cannot use PostgreSQL at ${describeUrl(url)} (DATABASE_URL): ${(e as Error).message}`);
    }
    return new PgStore(pool, url, opts.log ?? (() => {}));
  }

  private async q<T extends pg.QueryResultRow>(sql: string, args: unknown[] = [], db: Db = this.pool): Promise<T[]> {
    try {
      return (await db.query<T>(sql, args)).rows;
    } catch (e) {
      throw storeError(e);
    }
  }

  /** Runs `fn` in one transaction; any throw (a store error or a refusing check) rolls it all back. */
  private async tx<T>(fn: (c: pg.PoolClient) => Promise<T>): Promise<T> {
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (e) {
      throw storeError(e);
    }
    let broken: Error | undefined;
    // A checked-out client has no pool listener: should the server go away between two statements (while a
    // publish check runs), its 'error' event would otherwise end the process. The next statement rejects instead.
    const onError = (e: Error) => (broken = e);
    client.on('error', onError);
    try {
      await client.query('BEGIN');
      const out = await fn(client);
      await client.query('COMMIT');
      return out;
    } catch (e) {
      await client.query('ROLLBACK').catch((err: Error) => (broken = err));
      throw storeError(e);
    } finally {
      // A client whose connection failed is dropped from the pool instead of being reused.
      client.removeListener('error', onError);
      client.release(broken);
    }
  }

  async isEmpty() {
    return (await this.q<{ n: number }>('SELECT COUNT(*)::int AS n FROM documents'))[0].n === 0;
  }

  async generation() {
    return (await this.q<{ value: number }>("SELECT value FROM meta WHERE key = 'generation'"))[0].value;
  }

  private async doc(kind: string, id: string, db: Db = this.pool) {
    const [r] = await this.q<RecordRow>(`${RECORD_SQL} WHERE d.kind = $1 AND d.id = $2`, [kind, id], db);
    return r && toRecord(r);
  }

  async listDocuments() {
    return (await this.q<RecordRow>(`${RECORD_SQL} ORDER BY d.kind COLLATE "C", d.id COLLATE "C"`)).map(toRecord);
  }

  getDocument(kind: string, id: string) {
    return this.doc(kind, id);
  }

  private async publishedVersions(db: Db = this.pool) {
    const rows = await this.q<VersionRow & { file: string }>(
      `SELECT v.*, d.file FROM documents d JOIN versions v
       ON v.kind = d.kind AND v.id = d.id AND v.version = d.published_version ORDER BY d.kind COLLATE "C", d.id COLLATE "C"`,
      [], db,
    );
    return rows.map((r) => ({ ...toVersion(r), file: r.file }));
  }

  listPublished() {
    return this.publishedVersions();
  }

  async history(kind: string, id: string) {
    return (await this.q<VersionRow>('SELECT * FROM versions WHERE kind = $1 AND id = $2 ORDER BY version DESC', [kind, id])).map(toVersion);
  }

  private async version(kind: string, id: string, version: number, db: Db = this.pool) {
    const [r] = await this.q<VersionRow>('SELECT * FROM versions WHERE kind = $1 AND id = $2 AND version = $3', [kind, id, version], db);
    return r && toVersion(r);
  }

  getVersion(kind: string, id: string, version: number) {
    return Number.isSafeInteger(version) && Math.abs(version) < 2 ** 31 ? this.version(kind, id, version) : Promise.resolve(undefined);
  }

  private async insertVersion(c: pg.PoolClient, doc: NewDocument, actor: string, note: string, restoredFrom: number | null) {
    const [last] = await this.q<{ v: number | null }>('SELECT MAX(version) AS v FROM versions WHERE kind = $1 AND id = $2', [doc.kind, doc.id], c);
    const row: VersionRow = {
      kind: doc.kind, id: doc.id, version: (last.v ?? 0) + 1, hash: contentHash(doc.content), content: JSON.stringify(doc.content),
      created_at: now(), created_by: actor, note, restored_from: restoredFrom,
    };
    await this.q(
      `INSERT INTO versions (kind, id, version, hash, content, created_at, created_by, note, restored_from)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [row.kind, row.id, row.version, row.hash, row.content, row.created_at, row.created_by, row.note, row.restored_from], c,
    );
    await this.q(
      `INSERT INTO documents (kind, id, file, revision, published_version) VALUES ($1, $2, $3, 1, $4)
       ON CONFLICT (kind, id) DO UPDATE SET published_version = excluded.published_version, revision = documents.revision + 1`,
      [doc.kind, doc.id, doc.file, row.version], c,
    );
    return toVersion(row);
  }

  /** Serialises publishers and tells every replica (at commit) that the published state changed. */
  private async lockPublishing(c: pg.PoolClient) {
    await this.q('SELECT pg_advisory_xact_lock($1)', [PUBLISH_LOCK], c);
  }

  private async bumpGeneration(c: pg.PoolClient) {
    const [g] = await this.q<{ value: number }>("UPDATE meta SET value = value + 1 WHERE key = 'generation' RETURNING value", [], c);
    await this.q('SELECT pg_notify($1, $2)', [PUBLISH_CHANNEL, String(g.value)], c);
  }

  importPublished(docs: NewDocument[], actor: Actor, check: PublishCheck) {
    return this.tx(async (c) => {
      await this.lockPublishing(c);
      // Two replicas starting on an empty database: the second finds the first's import and stops.
      if ((await this.q<{ n: number }>('SELECT COUNT(*)::int AS n FROM documents', [], c))[0].n > 0) return false;
      check({ wouldBe: docs, changes: docs.map((d) => ({ ...d, before: null, after: d.content, editors: [actor.user], approvedBy: [] })) });
      for (const d of docs) {
        const v = await this.insertVersion(c, d, actor.user, 'imported from the repository', null);
        await this.audited(c, { actor: actor.user, action: 'import', kind: d.kind, id: d.id, version: v.version, diff: null, note: d.file });
      }
      await this.bumpGeneration(c);
      return true;
    });
  }

  /** Compare-and-set on the revision (the row lock makes concurrent savers queue; all but one then miss). */
  private async claim(c: pg.PoolClient, kind: string, id: string, expectedRevision: number | null, file: string | null) {
    if (expectedRevision === null) {
      const rows = file === null ? [] : await this.q(
        'INSERT INTO documents (kind, id, file, revision, published_version) VALUES ($1, $2, $3, 1, NULL) ON CONFLICT DO NOTHING RETURNING kind',
        [kind, id, file], c,
      );
      if (rows.length !== 1) throw alreadyExists(kind, id);
      return;
    }
    const rows = await this.q(
      'UPDATE documents SET revision = revision + 1 WHERE kind = $1 AND id = $2 AND revision = $3 RETURNING kind',
      [kind, id, expectedRevision], c,
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

  async saveDraft(doc: NewDocument, expectedRevision: number | null, actor: Actor) {
    return this.tx(async (c) => {
      await this.claim(c, doc.kind, doc.id, expectedRevision, doc.file);
      const before = (await this.doc(doc.kind, doc.id, c))!;
      const editors = new Set(before.draft?.editors ?? []);
      editors.add(actor.user);
      await this.q(
        `INSERT INTO drafts (kind, id, content, hash, base_version, updated_at, updated_by, editors) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (kind, id) DO UPDATE SET content = excluded.content, hash = excluded.hash, base_version = excluded.base_version,
           updated_at = excluded.updated_at, updated_by = excluded.updated_by, editors = excluded.editors`,
        [
          doc.kind, doc.id, JSON.stringify(doc.content), contentHash(doc.content),
          before.draft?.baseVersion ?? before.published?.version ?? null, now(), actor.user, JSON.stringify([...editors]),
        ],
        c,
      );
      const prev = before.draft?.content ?? before.published?.content ?? null;
      await this.audited(c, { actor: actor.user, action: 'draft.save', kind: doc.kind, id: doc.id, version: null, diff: jsonDiff(prev, doc.content), note: '' });
      return (await this.doc(doc.kind, doc.id, c))!;
    });
  }

  async discardDraft(ref: DocRef, expectedRevision: number, actor: Actor) {
    return this.tx(async (c) => {
      const before = await this.doc(ref.kind, ref.id, c);
      if (!before?.draft) throw notFound(`${ref.kind}/${ref.id} has no draft to discard`);
      await this.claim(c, ref.kind, ref.id, expectedRevision, null);
      await this.q('DELETE FROM drafts WHERE kind = $1 AND id = $2', [ref.kind, ref.id], c);
      await this.audited(c, { actor: actor.user, action: 'draft.discard', kind: ref.kind, id: ref.id, version: null, diff: jsonDiff(before.draft.content, before.published?.content ?? null), note: '' });
      if (!before.published) {
        // A never-published document without its draft is nothing at all.
        await this.q('DELETE FROM documents WHERE kind = $1 AND id = $2', [ref.kind, ref.id], c);
        return { ...before, draft: null, revision: before.revision + 1, etag: '""' };
      }
      return (await this.doc(ref.kind, ref.id, c))!;
    });
  }

  private async publishedDocs(c: pg.PoolClient): Promise<NewDocument[]> {
    return (await this.publishedVersions(c)).map((v) => ({ kind: v.kind, id: v.id, file: v.file, content: v.content }));
  }

  async publish(items: (DocRef & { expectedRevision?: number })[], opts: Actor & { note: string }, check: PublishCheck) {
    return this.tx(async (c) => {
      await this.lockPublishing(c);
      const changes: Change[] = [];
      for (const it of items) {
        await this.releases.lockDocument(c, it);
        const rec = await this.doc(it.kind, it.id, c);
        if (!rec) throw noDocument(it.kind, it.id);
        if (!rec.draft) throw noDraftToPublish(it.kind, it.id);
        if (it.expectedRevision !== undefined && it.expectedRevision !== rec.revision) {
          throw changedBeforePublish(it.kind, it.id, rec.etag);
        }
        changes.push({
          kind: it.kind, id: it.id, file: rec.file, before: rec.published?.content ?? null, after: rec.draft.content, editors: rec.draft.editors,
          approvedBy: await this.approvalsOf.approvers(c, rec, DRAFT),
        });
      }
      const key = (r: DocRef) => `${r.kind}\u0000${r.id}`;
      const changed = new Map(changes.map((ch) => [key(ch), ch]));
      const wouldBe = (await this.publishedDocs(c)).map((d) => (changed.has(key(d)) ? { ...d, content: changed.get(key(d))!.after } : d));
      for (const ch of changes) if (ch.before === null) wouldBe.push({ kind: ch.kind, id: ch.id, file: ch.file, content: ch.after });
      check({ wouldBe, changes });
      const out: StoredVersion[] = [];
      for (const ch of changes) {
        const v = await this.insertVersion(c, { ...ch, content: ch.after }, opts.user, opts.note, null);
        await this.q('DELETE FROM drafts WHERE kind = $1 AND id = $2', [ch.kind, ch.id], c);
        await this.audited(c, { actor: opts.user, action: 'publish', kind: ch.kind, id: ch.id, version: v.version, diff: jsonDiff(ch.before, ch.after), note: notedApprovals(opts.note, ch.approvedBy) });
        out.push(v);
      }
      await this.bumpGeneration(c);
      return out;
    });
  }

  async rollback(ref: DocRef & { version: number; expectedRevision: number }, opts: Actor & { reason: string }, check: PublishCheck) {
    return this.tx(async (c) => {
      await this.lockPublishing(c);
      await this.releases.lockDocument(c, ref);
      const rec = await this.doc(ref.kind, ref.id, c);
      if (!rec) throw noDocument(ref.kind, ref.id);
      const old = await this.version(ref.kind, ref.id, ref.version, c);
      if (!old) throw notFound(`${ref.kind}/${ref.id} has no version ${ref.version}`);
      if (rec.revision !== ref.expectedRevision) {
        throw stale(`${ref.kind}/${ref.id} changed since you loaded it: reload before rolling back`, rec.etag, true);
      }
      const change: Change = {
        kind: ref.kind, id: ref.id, file: rec.file, before: rec.published?.content ?? null, after: old.content, editors: [opts.user],
        approvedBy: await this.approvalsOf.approvers(c, rec, ref.version),
      };
      const wouldBe = (await this.publishedDocs(c)).filter((d) => !(d.kind === ref.kind && d.id === ref.id));
      wouldBe.push({ kind: ref.kind, id: ref.id, file: rec.file, content: old.content });
      check({ wouldBe, changes: [change] });
      const v = await this.insertVersion(c, { ...change, content: change.after }, opts.user, `rollback to version ${ref.version}: ${opts.reason}`, ref.version);
      await this.audited(c, { actor: opts.user, action: 'rollback', kind: ref.kind, id: ref.id, version: v.version, diff: jsonDiff(change.before, change.after), note: notedApprovals(opts.reason, change.approvedBy) });
      await this.bumpGeneration(c);
      return v;
    });
  }

  approve(a: ApproveRequest, actor: Actor) {
    return this.approvalsOf.approve(a, actor.user);
  }

  async approvals(ref?: DocRef) {
    const records = ref ? [await this.doc(ref.kind, ref.id)].filter((r) => !!r) : await this.listDocuments();
    return this.approvalsOf.list(records);
  }

  async audit(filter: AuditFilter = {}): Promise<AuditEntry[]> {
    const where: string[] = [];
    const args: (string | number)[] = [];
    for (const k of ['kind', 'id', 'actor'] as const) {
      if (filter[k]) { args.push(filter[k]!); where.push(`${k} = $${args.length}`); }
    }
    if (filter.before) { args.push(Math.min(filter.before, 2 ** 31 - 1)); where.push(`seq < $${args.length}`); }
    // `at` is an ISO 8601 UTC string, so text order is time order.
    if (filter.since) { args.push(filter.since); where.push(`at COLLATE "C" >= $${args.length}`); }
    if (filter.until) { args.push(filter.until); where.push(`at COLLATE "C" < $${args.length}`); }
    const limit = Math.min(Math.max(filter.limit ?? 100, 1), 1000);
    const rows = await this.q<AuditRow>(`SELECT * FROM audit ${where.length ? 'WHERE ' + where.join(' AND ') : ''} ORDER BY seq DESC LIMIT ${limit}`, args);
    return rows.map((r) => ({ ...r, diff: r.diff ? JSON.parse(r.diff) : null }));
  }

  private async audited(db: Db, e: Omit<AuditEntry, 'seq' | 'at'>) {
    await this.q(
      'INSERT INTO audit (at, actor, action, kind, id, version, diff, note) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
      [now(), e.actor, e.action, e.kind, e.id, e.version, e.diff ? JSON.stringify(e.diff) : null, e.note], db,
    );
  }

  appendAudit(e: Omit<AuditEntry, 'seq' | 'at'>) {
    return this.audited(this.pool, e);
  }

  watch(listener: () => void) {
    return watchChannel(this.url, PUBLISH_CHANNEL, listener, this.log);
  }

  private closing?: Promise<void>;
  close() {
    this.closing ??= this.pool.end();
    return this.closing;
  }
}
