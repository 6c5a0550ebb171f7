import type { Db, PgDb } from './pg-db.js';
import type { PgDocuments } from './pg-documents.js';
import type { PgAudit } from './pg-audit.js';
import {
  approvalAudit,
  DRAFT,
  refuseApproval,
  toApproval,
  type ApprovalRow,
  type ApproveRequest,
} from './approval-records.js';
import type { Approval, DocRef, DocumentRecord } from './records.js';

/** What the approvals need of the PostgreSQL store's other parts (pg-store.ts builds them all over one PgDb). */
export interface PgApprovalHost {
  db: PgDb;
  docs: PgDocuments;
  audit: PgAudit;
}

/** Approvals in the PostgreSQL store (approval-records.ts), the same rows and rules as sqlite-approvals.ts. */
export class PgApprovals {
  constructor(private readonly h: PgApprovalHost) {}

  /** Who approved `rec` as it is now: its draft (`version` DRAFT) or rolling it back to `version`. */
  async approvers(c: Db, rec: DocumentRecord, version: number): Promise<string[]> {
    const rows = await this.h.db.q<{ approver: string }>(
      `SELECT approver FROM approvals WHERE kind = $1 AND id = $2 AND etag = $3 AND version = $4 AND release_id = ''
       ORDER BY at COLLATE "C", approver COLLATE "C"`,
      [rec.kind, rec.id, rec.etag, version],
      c,
    );
    return rows.map((r) => r.approver);
  }

  /** The draft's approvals go with it into release `releaseId`'s candidate (call before the draft is removed). */
  async carry(c: Db, releaseId: string, rec: DocumentRecord) {
    await this.h.db.q(
      `INSERT INTO approvals (kind, id, etag, version, approver, at, release_id)
       SELECT kind, id, etag, version, approver, at, $1 FROM approvals
       WHERE kind = $2 AND id = $3 AND etag = $4 AND version = ${DRAFT} AND release_id = '' ON CONFLICT DO NOTHING`,
      [releaseId, rec.kind, rec.id, rec.etag],
      c,
    );
  }

  /** Who approved the draft that became release `releaseId`'s candidates, by document. */
  async releaseApprovers(c: Db, releaseId: string): Promise<(ref: DocRef) => string[]> {
    const rows = await this.h.db.q<{ kind: string; id: string; approver: string }>(
      'SELECT kind, id, approver FROM approvals WHERE release_id = $1 ORDER BY at COLLATE "C", approver COLLATE "C"',
      [releaseId],
      c,
    );
    return (ref) => rows.filter((r) => r.kind === ref.kind && r.id === ref.id).map((r) => r.approver);
  }

  approve(a: ApproveRequest, approver: string): Promise<Approval> {
    return this.h.db.tx(async (c) => {
      // The document's row lock: a draft saved meanwhile waits, so the ETag checked is the one approved.
      await this.h.db.q('SELECT 1 FROM documents WHERE kind = $1 AND id = $2 FOR UPDATE', [a.kind, a.id], c);
      const rec = await this.h.docs.doc(a.kind, a.id, c);
      refuseApproval(a, rec, a.version === null ? undefined : await this.h.docs.version(a.kind, a.id, a.version, c));
      // Approvals of an older ETag count for nothing any more: forget them.
      await this.h.db.q(
        "DELETE FROM approvals WHERE kind = $1 AND id = $2 AND release_id = '' AND etag <> $3",
        [a.kind, a.id, a.etag],
        c,
      );
      const version = a.version ?? DRAFT;
      await this.h.db.q(
        `INSERT INTO approvals (kind, id, etag, version, approver, at, release_id) VALUES ($1, $2, $3, $4, $5, $6, '') ON CONFLICT DO NOTHING`,
        [a.kind, a.id, a.etag, version, approver, new Date().toISOString()],
        c,
      );
      await this.h.audit.append(approvalAudit(a, approver), c);
      const [row] = await this.h.db.q<ApprovalRow>(
        "SELECT * FROM approvals WHERE kind = $1 AND id = $2 AND etag = $3 AND version = $4 AND approver = $5 AND release_id = ''",
        [a.kind, a.id, a.etag, version, approver],
        c,
      );
      return toApproval(row);
    });
  }

  /** Approvals of each document's current ETag. */
  async list(records: DocumentRecord[]): Promise<Approval[]> {
    const etags = new Map(records.map((r) => [`${r.kind}\u0000${r.id}`, r.etag]));
    const rows = await this.h.db.q<ApprovalRow>(
      `SELECT * FROM approvals WHERE release_id = '' ORDER BY kind COLLATE "C", id COLLATE "C", at COLLATE "C", approver COLLATE "C"`,
    );
    return rows.filter((r) => etags.get(`${r.kind}\u0000${r.id}`) === r.etag).map(toApproval);
  }
}
