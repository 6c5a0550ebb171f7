import type pg from 'pg';
import type { PgApprovals } from './pg-approvals.js';
import type { PgDb } from './pg-db.js';
import type { PgDocuments } from './pg-documents.js';
import type { PgAudit } from './pg-audit.js';
import type { PgGeneration } from './pg-generation.js';
import { PgReleaseReads } from './pg-release-reads.js';
import { PgReleasePublish } from './pg-release-publish.js';
import { PgReleaseProgress } from './pg-release-progress.js';
import type { Actor, DocRef, PublishCheck } from './config-store.js';
import type { NewRelease, ReleaseStore } from './release-records.js';

/** What the releases need of the PostgreSQL store's other parts (pg-store.ts builds them all over one PgDb). */
export interface PgReleaseHost {
  db: PgDb;
  docs: PgDocuments;
  audit: PgAudit;
  /** The lock every publish, rollback and release change takes, and the bump that tells the replicas. */
  generation: PgGeneration;
  /** Four eyes (issue 44): the draft's approvals count for the release's publish and go with its candidate. */
  approvals: PgApprovals;
}

/**
 * The releases of the PostgreSQL store (issue 36), as the rest of the server sees them (`ReleaseStore`). Every change
 * takes the publishing lock (so it never interleaves with a publish checking its documents against open releases) and
 * notifies the replicas as a publish does. By what it does: reading (pg-release-reads.ts), publishing to a share
 * (pg-release-publish.ts), and widening, completing, rolling back and scheduling (pg-release-progress.ts).
 */
export class PgReleases implements ReleaseStore {
  private readonly reads: PgReleaseReads;
  private readonly publishing: PgReleasePublish;
  private readonly progress: PgReleaseProgress;

  constructor(h: PgReleaseHost) {
    const reads = (this.reads = new PgReleaseReads(h));
    this.publishing = new PgReleasePublish({ ...h, reads });
    this.progress = new PgReleaseProgress({ ...h, reads });
  }

  /** What a publish or rollback takes first for each document: its row lock, and 409 when an open release has it. */
  lockDocument(c: pg.PoolClient, ref: DocRef) {
    return this.reads.lockDocument(c, ref);
  }

  publishRelease(
    items: (DocRef & { expectedRevision?: number })[],
    opts: Actor & { note: string; rollout: NewRelease },
    check: PublishCheck,
  ) {
    return this.publishing.publishRelease(items, opts, check);
  }

  listReleases(filter: { open?: boolean; limit?: number } = {}) {
    return this.reads.listReleases(filter);
  }

  getRelease(id: string) {
    return this.reads.getRelease(id);
  }

  setReleasePercent(id: string, percent: number, actor: Actor, check: PublishCheck) {
    return this.progress.setReleasePercent(id, percent, actor, check);
  }

  completeRelease(id: string, opts: Actor & { note: string }, check: PublishCheck) {
    return this.progress.completeRelease(id, opts, check);
  }

  rollbackRelease(id: string, opts: Actor & { reason: string }) {
    return this.progress.rollbackRelease(id, opts);
  }

  /** `at` defaults to now (pg-release-progress.ts). */
  advanceReleases(at?: string) {
    return this.progress.advanceReleases(at);
  }

  servingState() {
    return this.reads.servingState();
  }
}
