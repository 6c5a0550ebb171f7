import { changedBeforePublish, conflict, noDocument, noDraftToPublish } from './store-errors.js';
import { jsonDiff } from './json-diff.js';
import { contentHash } from './content-hash.js';
import { DRAFT } from './approval-records.js';
import type { PgApprovals } from './pg-approvals.js';
import type { PgDb } from './pg-db.js';
import type { PgDocuments } from './pg-documents.js';
import type { PgAudit } from './pg-audit.js';
import type { PgGeneration } from './pg-generation.js';
import type { PgReleaseReads } from './pg-release-reads.js';
import type { Actor, Change, DocRef, DocumentRecord, PublishCheck } from './config-store.js';
import {
  initialStatus,
  MAX_OPEN_RELEASES,
  newReleaseId,
  newSeed,
  releaseSummary,
  type NewRelease,
  type StoredRelease,
} from './release-records.js';

/** What publishing to a share needs of the PostgreSQL store's other parts (pg-releases.ts passes them on). */
export interface PgReleasePublishHost {
  db: PgDb;
  docs: PgDocuments;
  audit: PgAudit;
  generation: PgGeneration;
  /** The draft's approvals count for the release's publish and go with its candidate. */
  approvals: PgApprovals;
  reads: PgReleaseReads;
}

const now = () => new Date().toISOString();

/**
 * Publishing drafts to a share of borrowers in the PostgreSQL store (issue 36): the drafts become a new release's
 * candidate, in one transaction under the publishing lock, checked alone and with every other open release's candidate.
 */
export class PgReleasePublish {
  constructor(private readonly h: PgReleasePublishHost) {}

  async publishRelease(
    items: (DocRef & { expectedRevision?: number })[],
    opts: Actor & { note: string; rollout: NewRelease },
    check: PublishCheck,
  ) {
    return this.h.db.tx(async (c) => {
      await this.h.generation.lock(c);
      const open = await this.h.reads.releases(c, "WHERE status IN ('scheduled', 'rolling')", [], 'ASC');
      if (open.length >= MAX_OPEN_RELEASES)
        throw conflict(`${open.length} releases are open: complete or roll back one first`);
      const changes: Change[] = [];
      const base = new Map<string, number>();
      const records: DocumentRecord[] = [];
      for (const it of items) {
        await this.h.reads.lockDocument(c, it);
        const rec = await this.h.docs.doc(it.kind, it.id, c);
        if (!rec) throw noDocument(it.kind, it.id);
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
        changes.push({
          kind: it.kind,
          id: it.id,
          file: rec.file,
          before: rec.published.content,
          after: rec.draft.content,
          editors: rec.draft.editors,
          savedBy: rec.draft.updatedBy,
          approvedBy: await this.h.approvals.approvers(c, rec, DRAFT),
        });
      }
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
        documents: changes.map((ch) => ({
          kind: ch.kind,
          id: ch.id,
          file: ch.file,
          baseVersion: base.get(`${ch.kind}\u0000${ch.id}`)!,
          content: ch.after,
          hash: contentHash(ch.after),
          editors: ch.editors,
        })),
      };
      // The candidate arm is checked as borrowers will get it: alone, and with every other open release's candidate.
      check({ wouldBe: (await this.h.reads.releaseChanges(c, r)).wouldBe, changes });
      if (open.length)
        check({
          wouldBe: (
            await this.h.reads.releaseChanges(c, { documents: open.flatMap((o) => o.documents).concat(r.documents) })
          ).wouldBe,
          changes,
        });
      await this.h.db.q(
        `INSERT INTO releases (id, seed, status, percent, audience, start_at, end_at, guard, note, created_at, created_by, updated_at, updated_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
        [
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
        ],
        c,
      );
      for (const [i, d] of r.documents.entries()) {
        await this.h.db.q(
          'INSERT INTO release_documents (release_id, kind, id, file, base_version, content, hash, editors) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
          [r.id, d.kind, d.id, d.file, d.baseVersion, JSON.stringify(d.content), d.hash, JSON.stringify(d.editors)],
          c,
        );
        await this.h.approvals.carry(c, r.id, records[i]);
        // The draft became the candidate: gone from the document, which therefore changes (its admin ETag too).
        await this.h.db.q('DELETE FROM drafts WHERE kind = $1 AND id = $2', [d.kind, d.id], c);
        await this.h.db.q(
          'UPDATE documents SET revision = revision + 1 WHERE kind = $1 AND id = $2',
          [d.kind, d.id],
          c,
        );
        await this.h.audit.append(
          {
            actor: opts.user,
            action: 'release.candidate',
            kind: d.kind,
            id: d.id,
            version: null,
            diff: jsonDiff(changes[i].before, d.content),
            note: `release ${r.id}: ${opts.note}`,
          },
          c,
        );
      }
      await this.h.audit.append(
        {
          actor: opts.user,
          action: 'release.create',
          kind: 'release',
          id: r.id,
          version: null,
          diff: null,
          note: `${r.status}, ${releaseSummary(r)}: ${opts.note}`,
        },
        c,
      );
      await this.h.generation.bump(c);
      return this.h.reads.release(c, r.id);
    });
  }
}
