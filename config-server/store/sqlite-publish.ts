import type Database from 'better-sqlite3';
import { changedBeforePublish, noDocument, noDraftToPublish, notFound, stale } from './store-errors.js';
import { jsonDiff as diffOf } from './json-diff.js';
import { DRAFT, notedApprovals } from './approval-records.js';
import type { SqliteDocuments } from './sqlite-documents.js';
import type { SqliteAudit } from './sqlite-audit.js';
import type { SqliteGeneration } from './sqlite-generation.js';
import type { SqliteApprovals } from './sqlite-approvals.js';
import type { SqliteReleases } from './sqlite-releases.js';
import type { Actor, Change, DocRef, NewDocument, PublishCheck } from './config-store.js';

/** What publishing needs of the SQLite store's other parts (sqlite-store.ts builds them all over one database). */
export interface SqlitePublishHost {
  db: Database.Database;
  docs: SqliteDocuments;
  audit: SqliteAudit;
  generation: SqliteGeneration;
  approvals: SqliteApprovals;
  /** A document of an open release is refused (409). */
  releases: Pick<SqliteReleases, 'refuseInRelease'>;
}

/**
 * Publishing in the embedded store: the first import, a publish to everyone, a rollback. Each is one immediate
 * transaction that runs the publish check on the state it would make, and writes nothing when the check refuses.
 */
export class SqlitePublish {
  constructor(private readonly h: SqlitePublishHost) {}

  importPublished(docs: NewDocument[], actor: Actor, check: PublishCheck) {
    return this.h.db
      .transaction(() => {
        // Another process (a CLI, a second server on the same file) may have imported first.
        if (!this.h.docs.isEmpty()) return false;
        const changes: Change[] = docs.map((d) => ({
          ...d,
          before: null,
          after: d.content,
          editors: [actor.user],
          approvedBy: [],
        }));
        check({ wouldBe: docs, changes });
        for (const d of docs) {
          const v = this.h.docs.insertVersion(d, actor.user, 'imported from the repository', null);
          this.h.audit.append({
            actor: actor.user,
            action: 'import',
            kind: d.kind,
            id: d.id,
            version: v.version,
            diff: null,
            note: d.file,
          });
        }
        this.h.generation.bump();
        return true;
      })
      .immediate();
  }

  publish(items: (DocRef & { expectedRevision?: number })[], opts: Actor & { note: string }, check: PublishCheck) {
    return this.h.db
      .transaction(() => {
        const changes: Change[] = items.map((it) => {
          const rec = this.h.docs.doc(it.kind, it.id);
          if (!rec) throw noDocument(it.kind, it.id);
          this.h.releases.refuseInRelease(it);
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
            savedBy: rec.draft.updatedBy,
            approvedBy: this.h.approvals.approvers(rec, DRAFT),
          };
        });
        const key = (r: DocRef) => `${r.kind}\u0000${r.id}`;
        const changed = new Map(changes.map((c) => [key(c), c]));
        const wouldBe = this.h.docs
          .published()
          .map((d) => (changed.has(key(d)) ? { ...d, content: changed.get(key(d))!.after } : d));
        for (const c of changes)
          if (c.before === null) wouldBe.push({ kind: c.kind, id: c.id, file: c.file, content: c.after });
        check({ wouldBe, changes });
        const out = changes.map((c) => {
          const v = this.h.docs.insertVersion({ ...c, content: c.after }, opts.user, opts.note, null);
          this.h.db.prepare('DELETE FROM drafts WHERE kind = ? AND id = ?').run(c.kind, c.id);
          this.h.audit.append({
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
        this.h.generation.bump();
        return out;
      })
      .immediate();
  }

  rollback(
    ref: DocRef & { version: number; expectedRevision: number },
    opts: Actor & { reason: string },
    check: PublishCheck,
  ) {
    return this.h.db
      .transaction(() => {
        const rec = this.h.docs.doc(ref.kind, ref.id);
        if (!rec) throw noDocument(ref.kind, ref.id);
        const old = this.h.docs.version(ref.kind, ref.id, ref.version);
        if (!old) throw notFound(`${ref.kind}/${ref.id} has no version ${ref.version}`);
        this.h.releases.refuseInRelease(ref);
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
          approvedBy: this.h.approvals.approvers(rec, ref.version),
        };
        const wouldBe = this.h.docs.published().filter((d) => !(d.kind === ref.kind && d.id === ref.id));
        wouldBe.push({ kind: ref.kind, id: ref.id, file: rec.file, content: old.content });
        check({ wouldBe, changes: [change] });
        const v = this.h.docs.insertVersion(
          { ...change, content: change.after },
          opts.user,
          `rollback to version ${ref.version}: ${opts.reason}`,
          ref.version,
        );
        this.h.audit.append({
          actor: opts.user,
          action: 'rollback',
          kind: ref.kind,
          id: ref.id,
          version: v.version,
          diff: diffOf(change.before, change.after),
          note: notedApprovals(opts.reason, change.approvedBy),
        });
        this.h.generation.bump();
        return v;
      })
      .immediate();
  }
}
