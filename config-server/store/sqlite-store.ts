import type Database from 'better-sqlite3';
import { openDatabase } from './sqlite-schema.js';
import { SqliteAudit } from './sqlite-audit.js';
import { SqliteDocuments } from './sqlite-documents.js';
import { SqliteGeneration } from './sqlite-generation.js';
import { SqlitePublish } from './sqlite-publish.js';
import { SqliteReleases } from './sqlite-releases.js';
import { SqliteApprovals } from './sqlite-approvals.js';
import type { ApproveRequest } from './approval-records.js';
import type { Actor, AuditEntry, AuditFilter, ConfigStore, DocRef, NewDocument, PublishCheck } from './config-store.js';

/**
 * The embedded SQLite implementation of ConfigStore (better-sqlite3: synchronous, so each method is one atomic step).
 * Its parts over one database are documents and drafts (sqlite-documents.ts), the audit log (sqlite-audit.ts), the
 * generation (sqlite-generation.ts), publishing (sqlite-publish.ts), releases (sqlite-releases.ts) and approvals
 * (sqlite-approvals.ts); users and sessions are SqliteAuthStore (sqlite-auth-store.ts) over the same database.
 */
export class SqliteStore implements ConfigStore {
  readonly db: Database.Database;
  readonly description: string;
  private readonly docs: SqliteDocuments;
  private readonly audits: SqliteAudit;
  private readonly generations: SqliteGeneration;
  private readonly publishing: SqlitePublish;
  /** Releases (issue 36): sqlite-releases.ts. */
  readonly releases: SqliteReleases;
  /** Four eyes per document (issue 44): sqlite-approvals.ts. */
  private readonly approvalsOf: SqliteApprovals;

  constructor(dataDir: string) {
    const db = (this.db = openDatabase(dataDir));
    this.description = `sqlite ${this.db.name}`;
    const audit = (this.audits = new SqliteAudit(db));
    const docs = (this.docs = new SqliteDocuments(db, audit));
    const generation = (this.generations = new SqliteGeneration(db));
    const approvals = (this.approvalsOf = new SqliteApprovals({
      db: () => db,
      doc: (kind, id) => docs.doc(kind, id),
      version: (kind, id, version) => docs.version(kind, id, version),
      audited: (e) => audit.append(e),
    }));
    const releases = (this.releases = new SqliteReleases({
      db: () => db,
      doc: (kind, id) => docs.doc(kind, id),
      published: () => docs.published(),
      publishedVersions: () => docs.publishedVersions(),
      insertVersion: (doc, actor, note) => docs.insertVersion(doc, actor, note, null),
      audited: (e) => audit.append(e),
      bumpGeneration: () => generation.bump(),
      approvals: () => approvals,
    }));
    this.publishing = new SqlitePublish({ db, docs, audit, generation, approvals, releases });
  }

  // The methods are async for ConfigStore (whose PostgreSQL implementation awaits): a refusal is a rejected promise.
  async isEmpty() {
    return this.docs.isEmpty();
  }

  async generation() {
    return this.generations.current();
  }

  async listDocuments() {
    return this.docs.list();
  }

  async getDocument(kind: string, id: string) {
    return this.docs.doc(kind, id);
  }

  async listPublished() {
    return this.docs.publishedVersions();
  }

  async history(kind: string, id: string) {
    return this.docs.history(kind, id);
  }

  async getVersion(kind: string, id: string, version: number) {
    return this.docs.version(kind, id, version);
  }

  async saveDraft(doc: NewDocument, expectedRevision: number | null, actor: Actor) {
    return this.docs.saveDraft(doc, expectedRevision, actor);
  }

  async discardDraft(ref: DocRef, expectedRevision: number, actor: Actor) {
    return this.docs.discardDraft(ref, expectedRevision, actor);
  }

  async importPublished(docs: NewDocument[], actor: Actor, check: PublishCheck) {
    return this.publishing.importPublished(docs, actor, check);
  }

  async publish(
    items: (DocRef & { expectedRevision?: number })[],
    opts: Actor & { note: string },
    check: PublishCheck,
  ) {
    return this.publishing.publish(items, opts, check);
  }

  async rollback(
    ref: DocRef & { version: number; expectedRevision: number },
    opts: Actor & { reason: string },
    check: PublishCheck,
  ) {
    return this.publishing.rollback(ref, opts, check);
  }

  async approve(a: ApproveRequest, actor: Actor) {
    return this.approvalsOf.approve(a, actor.user);
  }

  async approvals(ref?: DocRef) {
    const records = ref ? [this.docs.doc(ref.kind, ref.id)].filter((r) => !!r) : this.docs.list();
    return this.approvalsOf.list(records);
  }

  async audit(filter: AuditFilter = {}): Promise<AuditEntry[]> {
    return this.audits.list(filter);
  }

  async appendAudit(e: Omit<AuditEntry, 'seq' | 'at'>) {
    this.audits.append(e);
  }

  async close() {
    if (this.db.open) this.db.close();
  }
}
