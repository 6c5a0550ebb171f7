import type pg from 'pg';
import { approvalAudit, DRAFT, refuseApproval, toApproval, type ApprovalRow, type ApproveRequest } from './approval-records.js';
import type { Approval, AuditEntry, DocRef, DocumentRecord, StoredVersion } from './records.js';

type Db = pg.Pool | pg.PoolClient;

/** What the approvals need of the PostgreSQL store: its query and transaction helpers (PgStore's own members). */
export interface PgApprovalHost {
  q<T extends pg.QueryResultRow>(sql: string, args?: unknown[], db?: Db): Promise<T[]>;
  tx<T>(fn: (c: pg.PoolClient) => Promise<T>): Promise<T>;
  doc(kind: string, id: string, c: Db): Promise<DocumentRecord | undefined>;
  getVersion(kind: string, id: string, version: number): Promise<StoredVersion | undefined>;
  audited(c: Db, e: Omit<AuditEntry, 'seq' | 'at'>): Promise<void>;
}

/** Approvals in the PostgreSQL store (approval-records.ts), the same rows and rules as sqlite-approvals.ts. */
export class PgApprovals {
  constructor(private readonly h: PgApprovalHost) {}

  /** Who approved `rec` as it is now: its draft (`version` DRAFT) or rolling it back to `version`. */
  async approvers(c: Db, rec: DocumentRecord, version: number): Promise<string[]> {
    const rows = await this.h.q<{ approver: string }>(
      `SELECT approver FROM approvals WHERE kind = $1 AND id = $2 AND etag = $3 AND version = $4 AND release_id = ''
       ORDER BY at COLLATE "C", approver COLLATE "C"`,
      [rec.kind, rec.id, rec.etag, version], c,
    );
    return rows.map((r) => r.approver);
  }

  /** The draft's approvals go with it into release `releaseId`'s candidate (call before the draft is removed). */
  async carry(c: Db, releaseId: string, rec: DocumentRecord) {
    await this.h.q(
      `INSERT INTO approvals (kind, id, etag, version, approver, at, release_id)
       SELECT kind, id, etag, version, approver, at, $1 FROM approvals
       WHERE kind = $2 AND id = $3 AND etag = $4 AND version = ${DRAFT} AND release_id = '' ON CONFLICT DO NOTHING`,
      [releaseId, rec.kind, rec.id, rec.etag], c,
    );
  }

  /** Who approved the draft that became release `releaseId`'s candidates, by document. */
  async releaseApprovers(c: Db, releaseId: string): Promise<(ref: DocRef) => string[]> {
    const rows = await this.h.q<{ kind: string; id: string; approver: string }>(
      'SELECT kind, id, approver FROM approvals WHERE release_id = $1 ORDER BY at COLLATE "C", approver COLLATE "C"', [releaseId], c,
    );
    return (ref) => rows.filter((r) => r.kind === ref.kind && r.id === ref.id).map((r) => r.approver);
  }

  approve(a: ApproveRequest, approver: string): Promise<Approval> {
    return this.h.tx(async (c) => {
      // The document's row lock: a draft saved meanwhile waits, so the ETag checked is the one approved.
      await this.h.q('SELECT 1 FROM documents WHERE kind = $1 AND id = $2 FOR UPDATE', [a.kind, a.id], c);
      const rec = await this.h.doc(a.kind, a.id, c);
      refuseApproval(a, rec, a.version === null ? undefined : await this.h.getVersion(a.kind, a.id, a.version));
      // Approvals of an older ETag count for nothing any more: forget them.
      await this.h.q("DELETE FROM approvals WHERE kind = $1 AND id = $2 AND release_id = '' AND etag <> $3", [a.kind, a.id, a.etag], c);
      const version = a.version ?? DRAFT;
      await this.h.q(
        `INSERT INTO approvals (kind, id, etag, version, approver, at, release_id) VALUES ($1, $2, $3, $4, $5, $6, '') ON CONFLICT DO NOTHING`,
        [a.kind, a.id, a.etag, version, approver, new Date().toISOString()], c,
      );
      await this.h.audited(c, approvalAudit(a, approver));
      const [row] = await this.h.q<ApprovalRow>(
        "SELECT * FROM approvals WHERE kind = $1 AND id = $2 AND etag = $3 AND version = $4 AND approver = $5 AND release_id = ''",
        [a.kind, a.id, a.etag, version, approver], c,
      );
      return toApproval(row);
    });
  }

  /** Approvals of each document's current ETag. */
  async list(records: DocumentRecord[]): Promise<Approval[]> {
    const etags = new Map(records.map((r) => [`${r.kind}\u0000${r.id}`, r.etag]));
    const rows = await this.h.q<ApprovalRow>(
      `SELECT * FROM approvals WHERE release_id = '' ORDER BY kind COLLATE "C", id COLLATE "C", at COLLATE "C", approver COLLATE "C"`,
    );
    return rows.filter((r) => etags.get(`${r.kind}\u0000${r.id}`) === r.etag).map(toApproval);
  }
}
