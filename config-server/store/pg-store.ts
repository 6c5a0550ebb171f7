import pg from 'pg';
import type { Actor, AuditEntry, AuditFilter, ConfigStore, DocRef, NewDocument, PublishCheck } from './config-store.js';
import { migrate } from './pg-schema.js';
import { PgDb } from './pg-db.js';
import { PgDocuments } from './pg-documents.js';
import { PgAudit } from './pg-audit.js';
import { PgGeneration, PUBLISH_CHANNEL } from './pg-generation.js';
import { PgPublish } from './pg-publish.js';
import { PgReleases } from './pg-releases.js';
import { PgApprovals } from './pg-approvals.js';
import { watchChannel } from './pg-watch.js';
import type { ApproveRequest } from './approval-records.js';

export { PUBLISH_CHANNEL } from './pg-generation.js';

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
 * The shared PostgreSQL implementation of ConfigStore, for several replicas: its parts over one PgDb (pg-db.ts) are
 * documents and drafts (pg-documents.ts), the audit log (pg-audit.ts), publishing (pg-publish.ts), releases
 * (pg-releases.ts) and approvals (pg-approvals.ts); users and sessions are PgAuthStore (pg-auth-store.ts) over the same
 * pool. Writes are transactions: a replica that dies mid-publish leaves nothing (the server rolls the open transaction
 * back). A publish notifies `PUBLISH_CHANNEL` in its transaction, so other replicas hear of it at commit.
 */
export class PgStore implements ConfigStore {
  readonly description: string;
  private readonly docs: PgDocuments;
  private readonly audits: PgAudit;
  private readonly generations: PgGeneration;
  private readonly publishing: PgPublish;
  readonly releases: PgReleases;
  /** Four eyes per document (issue 44). */
  private readonly approvalsOf: PgApprovals;

  private constructor(
    readonly pool: pg.Pool,
    private readonly url: string,
    private readonly log: (m: string, err?: unknown) => void,
  ) {
    this.description = describeUrl(url);
    const db = new PgDb(pool);
    const audit = (this.audits = new PgAudit(db));
    const docs = (this.docs = new PgDocuments(db, audit));
    const generation = (this.generations = new PgGeneration(db));
    const approvals = (this.approvalsOf = new PgApprovals({ db, docs, audit }));
    const releases = (this.releases = new PgReleases({ db, docs, audit, generation, approvals }));
    this.publishing = new PgPublish({ db, docs, audit, generation, approvals, releases });
  }

  /** Connects and applies pending migrations (safe when several replicas start at once). */
  static async open(url: string, opts: { log?: (m: string, err?: unknown) => void } = {}): Promise<PgStore> {
    // Bounded waits: a database that stops answering (a cut network sends no reset) turns into 503s, not hung requests.
    const pool = new pg.Pool({
      connectionString: url,
      max: 10,
      connectionTimeoutMillis: 3000,
      query_timeout: 15_000,
      idleTimeoutMillis: 30_000,
      keepAlive: true,
    });
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

  isEmpty() {
    return this.docs.isEmpty();
  }

  generation() {
    return this.generations.current();
  }

  listDocuments() {
    return this.docs.list();
  }

  getDocument(kind: string, id: string) {
    return this.docs.doc(kind, id);
  }

  listPublished() {
    return this.docs.publishedVersions();
  }

  history(kind: string, id: string) {
    return this.docs.history(kind, id);
  }

  getVersion(kind: string, id: string, version: number) {
    return this.docs.version(kind, id, version);
  }

  saveDraft(doc: NewDocument, expectedRevision: number | null, actor: Actor) {
    return this.docs.saveDraft(doc, expectedRevision, actor);
  }

  discardDraft(ref: DocRef, expectedRevision: number, actor: Actor) {
    return this.docs.discardDraft(ref, expectedRevision, actor);
  }

  importPublished(docs: NewDocument[], actor: Actor, check: PublishCheck) {
    return this.publishing.importPublished(docs, actor, check);
  }

  publish(items: (DocRef & { expectedRevision?: number })[], opts: Actor & { note: string }, check: PublishCheck) {
    return this.publishing.publish(items, opts, check);
  }

  rollback(
    ref: DocRef & { version: number; expectedRevision: number },
    opts: Actor & { reason: string },
    check: PublishCheck,
  ) {
    return this.publishing.rollback(ref, opts, check);
  }

  approve(a: ApproveRequest, actor: Actor) {
    return this.approvalsOf.approve(a, actor.user);
  }

  async approvals(ref?: DocRef) {
    const records = ref ? [await this.docs.doc(ref.kind, ref.id)].filter((r) => !!r) : await this.docs.list();
    return this.approvalsOf.list(records);
  }

  audit(filter: AuditFilter = {}) {
    return this.audits.list(filter);
  }

  appendAudit(e: Omit<AuditEntry, 'seq' | 'at'>) {
    return this.audits.append(e);
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
