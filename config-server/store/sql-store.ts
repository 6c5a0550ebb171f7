import type { Dialect } from './dialect.js';
import type { Program } from './sql-program.js';
import { rows } from './sql-program.js';
import * as read from './sql-reads.js';
import { appendAudit, applyDecision } from './sql-writes.js';
import { decisions } from './decisions/decisions.js';
import { toApproval, DRAFT, type ApproveRequest } from './approval-records.js';
import { toVersion, type ItemRead } from './decisions/publish-decisions.js';
import { SqlReleases } from './sql-releases.js';
import { SqlExperiments } from './sql-experiments.js';
import { isoNow, systemClock, type Clock } from '../clock.js';
import type { Actor, AuditEntry, AuditFilter, ConfigStore, DocRef, NewDocument, PublishCheck } from './config-store.js';

/**
 * The store over either database (dialect.ts): each write reads what its decision (decisions/) needs, asks it, and
 * writes what it answers, all in one transaction; reads are the same statements for both. SqliteStore and PgStore only
 * say how to run them.
 */
export class SqlStore implements ConfigStore {
  readonly releases: SqlReleases;
  readonly experiments: SqlExperiments;

  constructor(
    readonly description: string,
    protected readonly dialect: Dialect,
    protected readonly clock: Clock = systemClock,
  ) {
    this.releases = new SqlReleases(dialect, clock);
    this.experiments = new SqlExperiments(dialect);
  }

  protected now() {
    return isoNow(this.clock);
  }

  isEmpty() {
    return this.dialect.read(read.isEmpty);
  }

  generation() {
    return this.dialect.read(read.generation);
  }

  listDocuments() {
    return this.dialect.read(read.records);
  }

  getDocument(kind: string, id: string) {
    return this.dialect.read(() => read.record({ kind, id }));
  }

  listPublished() {
    return this.dialect.read(read.publishedVersions);
  }

  history(kind: string, id: string) {
    return this.dialect.read(() => read.history({ kind, id }));
  }

  getVersion(kind: string, id: string, version: number) {
    return this.dialect.read(() => read.version({ kind, id }, version));
  }

  saveDraft(doc: NewDocument, expectedRevision: number | null, actor: Actor) {
    const at = this.now();
    return this.dialect.write(function* () {
      yield* read.lockDocument(doc);
      const before = yield* read.record(doc);
      yield* applyDecision(decisions.saveDraft({ doc, expectedRevision, user: actor.user, before, at }));
      return (yield* read.record(doc))!;
    });
  }

  discardDraft(ref: DocRef, expectedRevision: number, actor: Actor) {
    const at = this.now();
    return this.dialect.write(function* () {
      yield* read.lockDocument(ref);
      const before = yield* read.record(ref);
      const d = decisions.discardDraft({ ref, expectedRevision, user: actor.user, before, at });
      yield* applyDecision(d);
      if (d.gone) return { ...before!, draft: null, revision: before!.revision + 1, etag: '""' };
      return (yield* read.record(ref))!;
    });
  }

  importPublished(docs: NewDocument[], actor: Actor, check: PublishCheck) {
    const at = this.now();
    return this.dialect.write(function* () {
      yield* read.lockPublishing();
      // Another process or replica may have imported first.
      const d = decisions.importPublished({ docs, empty: yield* read.isEmpty(), user: actor.user, at, check });
      if (d) yield* applyDecision(d);
      return !!d;
    });
  }

  publish(items: (DocRef & { expectedRevision?: number })[], opts: Actor & { note: string }, check: PublishCheck) {
    const at = this.now();
    return this.dialect.write(function* () {
      yield* read.lockPublishing();
      const reads: ItemRead[] = [];
      for (const it of items) reads.push(yield* read.itemRead(it));
      const published = yield* read.publishedDocs();
      const d = decisions.publish({ items: reads, published, user: opts.user, note: opts.note, at, check });
      yield* applyDecision(d);
      return d.versions.map(toVersion);
    });
  }

  rollback(
    ref: DocRef & { version: number; expectedRevision: number },
    opts: Actor & { reason: string },
    check: PublishCheck,
  ) {
    const at = this.now();
    return this.dialect.write(function* () {
      yield* read.lockPublishing();
      const item = { kind: ref.kind, id: ref.id, version: ref.version, expectedRevision: ref.expectedRevision };
      const r = { ...(yield* read.itemRead(item, ref.version)), item };
      const old = yield* read.version(ref, ref.version);
      const published = yield* read.publishedDocs();
      const d = decisions.rollback({ read: r, old, published, user: opts.user, reason: opts.reason, at, check });
      yield* applyDecision(d);
      return toVersion(d.version);
    });
  }

  approve(a: ApproveRequest, actor: Actor) {
    const at = this.now();
    return this.dialect.write(function* () {
      // The document's row lock: a draft saved meanwhile waits, so the ETag checked is the one approved.
      yield* read.lockDocument(a);
      const rec = yield* read.record(a);
      const target = a.version === null ? undefined : yield* read.version(a, a.version);
      const existing = yield* read.approvalRow(a.kind, a.id, a.etag, a.version ?? DRAFT, actor.user);
      const d = decisions.approve({ request: a, approver: actor.user, rec, target, existing, at });
      yield* applyDecision(d);
      return d.approval;
    });
  }

  approvals(ref?: DocRef) {
    return this.dialect.snapshot(function* () {
      const recs = ref ? [yield* read.record(ref)].filter((r) => !!r) : yield* read.records();
      const etags = new Map(recs.map((r) => [`${r.kind}\u0000${r.id}`, r.etag]));
      const all = yield* read.approvalRows();
      return all.filter((r) => etags.get(`${r.kind}\u0000${r.id}`) === r.etag).map(toApproval);
    });
  }

  audit(filter: AuditFilter = {}): Promise<AuditEntry[]> {
    return this.dialect.read(() => auditRows(filter));
  }

  appendAudit(e: Omit<AuditEntry, 'seq' | 'at'>) {
    const at = this.now();
    return this.dialect.write(() => appendAudit(e, at));
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

/** The audit log, newest first. `at` is an ISO 8601 UTC string, so text order is time order. */
function* auditRows(filter: AuditFilter): Program<AuditEntry[]> {
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
    args.push(Math.min(filter.before, 2 ** 31 - 1));
  }
  if (filter.since) {
    where.push('at COLLATE "C" >= ?');
    args.push(filter.since);
  }
  if (filter.until) {
    where.push('at COLLATE "C" < ?');
    args.push(filter.until);
  }
  const limit = Math.min(Math.max(Math.trunc(filter.limit ?? 100), 1), 1000);
  const rs = yield* rows<Omit<AuditEntry, 'diff'> & { diff: string | null }>(
    `SELECT * FROM audit ${where.length ? 'WHERE ' + where.join(' AND ') : ''} ORDER BY seq DESC LIMIT ${limit}`,
    ...args,
  );
  return rs.map((r) => ({ ...r, diff: r.diff ? JSON.parse(r.diff) : null }));
}
