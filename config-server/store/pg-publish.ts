import { changedBeforePublish, noDocument, noDraftToPublish, notFound, stale } from './store-errors.js';
import { jsonDiff } from './json-diff.js';
import type { Actor, Change, DocRef, NewDocument, PublishCheck, StoredVersion } from './config-store.js';
import { DRAFT, notedApprovals } from './approval-records.js';
import type { PgDb } from './pg-db.js';
import type { PgDocuments } from './pg-documents.js';
import type { PgAudit } from './pg-audit.js';
import type { PgGeneration } from './pg-generation.js';
import type { PgApprovals } from './pg-approvals.js';
import type { PgReleases } from './pg-releases.js';

/** What publishing needs of the PostgreSQL store's other parts (pg-store.ts builds them all over one PgDb). */
export interface PgPublishHost {
  db: PgDb;
  docs: PgDocuments;
  audit: PgAudit;
  generation: PgGeneration;
  approvals: PgApprovals;
  /** A document of an open release is refused (409), its row locked for the transaction. */
  releases: Pick<PgReleases, 'lockDocument'>;
}

/**
 * Publishing in the PostgreSQL store: the first import, a publish to everyone, a rollback. Each is one transaction
 * under the publishing lock that runs the publish check on the state it would make, so a replica that dies mid-publish
 * leaves nothing, and it notifies the replicas at commit.
 */
export class PgPublish {
  constructor(private readonly h: PgPublishHost) {}

  importPublished(docs: NewDocument[], actor: Actor, check: PublishCheck) {
    const { db, generation, audit } = this.h;
    return db.tx(async (c) => {
      await generation.lock(c);
      // Two replicas starting on an empty database: the second finds the first's import and stops.
      if (!(await this.h.docs.isEmpty(c))) return false;
      check({
        wouldBe: docs,
        changes: docs.map((d) => ({ ...d, before: null, after: d.content, editors: [actor.user], approvedBy: [] })),
      });
      for (const d of docs) {
        const v = await this.h.docs.insertVersion(c, d, actor.user, 'imported from the repository', null);
        await audit.append(
          { actor: actor.user, action: 'import', kind: d.kind, id: d.id, version: v.version, diff: null, note: d.file },
          c,
        );
      }
      await generation.bump(c);
      return true;
    });
  }

  publish(items: (DocRef & { expectedRevision?: number })[], opts: Actor & { note: string }, check: PublishCheck) {
    const { db, docs, generation, audit } = this.h;
    return db.tx(async (c) => {
      await generation.lock(c);
      const changes: Change[] = [];
      for (const it of items) {
        await this.h.releases.lockDocument(c, it);
        const rec = await docs.doc(it.kind, it.id, c);
        if (!rec) throw noDocument(it.kind, it.id);
        if (!rec.draft) throw noDraftToPublish(it.kind, it.id);
        if (it.expectedRevision !== undefined && it.expectedRevision !== rec.revision) {
          throw changedBeforePublish(it.kind, it.id, rec.etag);
        }
        changes.push({
          kind: it.kind,
          id: it.id,
          file: rec.file,
          before: rec.published?.content ?? null,
          after: rec.draft.content,
          editors: rec.draft.editors,
          savedBy: rec.draft.updatedBy,
          approvedBy: await this.h.approvals.approvers(c, rec, DRAFT),
        });
      }
      const key = (r: DocRef) => `${r.kind}\u0000${r.id}`;
      const changed = new Map(changes.map((ch) => [key(ch), ch]));
      const wouldBe = (await docs.publishedDocs(c)).map((d) =>
        changed.has(key(d)) ? { ...d, content: changed.get(key(d))!.after } : d,
      );
      for (const ch of changes)
        if (ch.before === null) wouldBe.push({ kind: ch.kind, id: ch.id, file: ch.file, content: ch.after });
      check({ wouldBe, changes });
      const out: StoredVersion[] = [];
      for (const ch of changes) {
        const v = await docs.insertVersion(c, { ...ch, content: ch.after }, opts.user, opts.note, null);
        await db.q('DELETE FROM drafts WHERE kind = $1 AND id = $2', [ch.kind, ch.id], c);
        const note = notedApprovals(opts.note, ch.approvedBy);
        await audit.append(
          {
            actor: opts.user,
            action: 'publish',
            kind: ch.kind,
            id: ch.id,
            version: v.version,
            diff: jsonDiff(ch.before, ch.after),
            note,
          },
          c,
        );
        out.push(v);
      }
      await generation.bump(c);
      return out;
    });
  }

  rollback(
    ref: DocRef & { version: number; expectedRevision: number },
    opts: Actor & { reason: string },
    check: PublishCheck,
  ) {
    const { db, docs, generation, audit } = this.h;
    return db.tx(async (c) => {
      await generation.lock(c);
      await this.h.releases.lockDocument(c, ref);
      const rec = await docs.doc(ref.kind, ref.id, c);
      if (!rec) throw noDocument(ref.kind, ref.id);
      const old = await docs.version(ref.kind, ref.id, ref.version, c);
      if (!old) throw notFound(`${ref.kind}/${ref.id} has no version ${ref.version}`);
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
        approvedBy: await this.h.approvals.approvers(c, rec, ref.version),
      };
      const wouldBe = (await docs.publishedDocs(c)).filter((d) => !(d.kind === ref.kind && d.id === ref.id));
      wouldBe.push({ kind: ref.kind, id: ref.id, file: rec.file, content: old.content });
      check({ wouldBe, changes: [change] });
      const v = await docs.insertVersion(
        c,
        { ...change, content: change.after },
        opts.user,
        `rollback to version ${ref.version}: ${opts.reason}`,
        ref.version,
      );
      const note = notedApprovals(opts.reason, change.approvedBy);
      await audit.append(
        {
          actor: opts.user,
          action: 'rollback',
          kind: ref.kind,
          id: ref.id,
          version: v.version,
          diff: jsonDiff(change.before, change.after),
          note,
        },
        c,
      );
      await generation.bump(c);
      return v;
    });
  }
}
