import type Database from 'better-sqlite3';
import {
  approvalAudit,
  DRAFT,
  refuseApproval,
  toApproval,
  type ApprovalRow,
  type ApproveRequest,
} from './approval-records.js';
import type { Approval, AuditEntry, DocRef, DocumentRecord, StoredVersion } from './records.js';

/** What the approvals need of the SQLite store: its synchronous reads and audit, usable inside its transactions. */
export interface SqliteApprovalHost {
  db(): Database.Database;
  doc(kind: string, id: string): DocumentRecord | undefined;
  version(kind: string, id: string, version: number): StoredVersion | undefined;
  audited(e: Omit<AuditEntry, 'seq' | 'at'>): void;
}

/** Approvals in the embedded store (approval-records.ts); each method synchronous, so callable inside a transaction. */
export class SqliteApprovals {
  constructor(private readonly h: SqliteApprovalHost) {}

  private get db() {
    return this.h.db();
  }

  /** Who approved `rec` as it is now: its draft (`version` DRAFT) or rolling it back to `version`. */
  approvers(rec: DocumentRecord, version: number): string[] {
    const rows = this.db
      .prepare(
        "SELECT approver FROM approvals WHERE kind = ? AND id = ? AND etag = ? AND version = ? AND release_id = '' ORDER BY at, approver",
      )
      .all(rec.kind, rec.id, rec.etag, version) as { approver: string }[];
    return rows.map((r) => r.approver);
  }

  /** The draft's approvals go with it into release `releaseId`'s candidate (call before the draft is removed). */
  carry(releaseId: string, rec: DocumentRecord) {
    this.db
      .prepare(
        `INSERT OR IGNORE INTO approvals (kind, id, etag, version, approver, at, release_id)
         SELECT kind, id, etag, version, approver, at, ? FROM approvals WHERE kind = ? AND id = ? AND etag = ? AND version = ${DRAFT} AND release_id = ''`,
      )
      .run(releaseId, rec.kind, rec.id, rec.etag);
  }

  /** Who approved the draft that became release `releaseId`'s candidate of `ref`. */
  releaseApprovers(releaseId: string, ref: DocRef): string[] {
    const rows = this.db
      .prepare('SELECT approver FROM approvals WHERE release_id = ? AND kind = ? AND id = ? ORDER BY at, approver')
      .all(releaseId, ref.kind, ref.id) as { approver: string }[];
    return rows.map((r) => r.approver);
  }

  approve(a: ApproveRequest, approver: string): Approval {
    return this.db
      .transaction(() => {
        const rec = this.h.doc(a.kind, a.id);
        refuseApproval(a, rec, a.version === null ? undefined : this.h.version(a.kind, a.id, a.version));
        // Approvals of an older ETag count for nothing any more: forget them.
        this.db
          .prepare("DELETE FROM approvals WHERE kind = ? AND id = ? AND release_id = '' AND etag <> ?")
          .run(a.kind, a.id, a.etag);
        const version = a.version ?? DRAFT;
        this.db
          .prepare(
            "INSERT OR IGNORE INTO approvals (kind, id, etag, version, approver, at, release_id) VALUES (?, ?, ?, ?, ?, ?, '')",
          )
          .run(a.kind, a.id, a.etag, version, approver, new Date().toISOString());
        this.h.audited(approvalAudit(a, approver));
        const row = this.db
          .prepare(
            "SELECT * FROM approvals WHERE kind = ? AND id = ? AND etag = ? AND version = ? AND approver = ? AND release_id = ''",
          )
          .get(a.kind, a.id, a.etag, version, approver) as ApprovalRow;
        return toApproval(row);
      })
      .immediate();
  }

  /** Approvals of each document's current ETag. */
  list(records: DocumentRecord[]): Approval[] {
    const etags = new Map(records.map((r) => [`${r.kind}\u0000${r.id}`, r.etag]));
    const rows = this.db
      .prepare("SELECT * FROM approvals WHERE release_id = '' ORDER BY kind, id, at, approver")
      .all() as ApprovalRow[];
    return rows.filter((r) => etags.get(`${r.kind}\u0000${r.id}`) === r.etag).map(toApproval);
  }
}
