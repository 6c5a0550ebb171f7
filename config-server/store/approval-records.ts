/**
 * Approvals (four eyes per document) as both stores keep them: one row per approver of a document at one
 * ETag, for its draft (`version` 0 in the row) or for rolling it back to a version. An approval names what was reviewed,
 * so it counts only while the document keeps that ETag: any write bumps the revision and with it the ETag, which voids
 * every approval of the old one without deleting anything. A release's candidate carries the approvals of the draft it
 * was made from (rows with its `release_id`), so widening and completing it count them too.
 */
import { conflict, noDocument, notFound, stale } from './store-errors.js';
import type { Approval, AuditEntry, DocRef, DocumentRecord, StoredVersion } from './records.js';

export interface ApprovalRow {
  kind: string;
  id: string;
  etag: string;
  version: number;
  approver: string;
  at: string;
  release_id: string;
}

/** 0 stands for "the draft" in the row: versions start at 1 and a primary key column cannot be null in PostgreSQL. */
export const DRAFT = 0;

export const toApproval = (r: ApprovalRow): Approval => ({
  kind: r.kind,
  id: r.id,
  etag: r.etag,
  version: r.version === DRAFT ? null : r.version,
  approver: r.approver,
  at: r.at,
});

export interface ApproveRequest extends DocRef {
  /** The ETag the approver reviewed. */
  etag: string;
  /** null: the draft; a number: rolling back to that version. */
  version: number | null;
}

/**
 * Refuses an approval of something that is not there to publish (in the store's words, inside its write transaction):
 * no document, a changed ETag (the approver must look again), no draft, no such version or the published one.
 */
export function refuseApproval(
  a: ApproveRequest,
  rec: DocumentRecord | undefined,
  target: StoredVersion | undefined,
): void {
  if (!rec) throw noDocument(a.kind, a.id);
  if (rec.etag !== a.etag) {
    throw stale(
      `${a.kind}/${a.id} changed since you reviewed it (it is now ${rec.etag}): review it again before approving`,
      rec.etag,
      true,
    );
  }
  if (a.version === null) {
    if (!rec.draft) throw conflict(`${a.kind}/${a.id} has no draft to approve`);
    return;
  }
  if (!target) throw notFound(`${a.kind}/${a.id} has no version ${a.version}`);
  if (a.version === rec.published?.version)
    throw conflict(`Version ${a.version} of ${a.kind}/${a.id} is already the published one: nothing to approve`);
}

/** The audit entry of an approval: what was approved at which ETag. */
export function approvalAudit(a: ApproveRequest, approver: string): Omit<AuditEntry, 'seq' | 'at'> {
  const what = a.version === null ? `the draft at ${a.etag}` : `rolling back to version ${a.version} at ${a.etag}`;
  return {
    actor: approver,
    action: 'approve',
    kind: a.kind,
    id: a.id,
    version: a.version,
    diff: null,
    note: `approved ${what}`,
  };
}

/** The publish's audit note, naming the approvals that counted for it (the audit shows which approval let it through). */
export const notedApprovals = (note: string, approvedBy: string[]) =>
  approvedBy.length ? `${note} [approved by ${approvedBy.join(', ')}]` : note;
