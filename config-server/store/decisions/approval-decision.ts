/** A publisher's approval of a document as reviewed (approval-records.ts): the rules, apart from the rows. */
import {
  approvalAudit,
  DRAFT,
  refuseApproval,
  toApproval,
  type ApprovalRow,
  type ApproveRequest,
} from '../approval-records.js';
import type { Approval, DocumentRecord, StoredVersion } from '../records.js';
import { decision, type Decision, type RowWrite } from './decision.js';

export interface ApproveInput {
  request: ApproveRequest;
  approver: string;
  rec: DocumentRecord | undefined;
  /** The version a rollback would restore (undefined for a draft). */
  target: StoredVersion | undefined;
  /** The same approver's approval of the same thing, when there is one already (approving twice keeps one). */
  existing: ApprovalRow | undefined;
  at: string;
}

export function approve({ request: a, approver, rec, target, existing, at }: ApproveInput): Decision & {
  approval: Approval;
} {
  refuseApproval(a, rec, target);
  const row: ApprovalRow = existing ?? {
    kind: a.kind,
    id: a.id,
    etag: a.etag,
    version: a.version ?? DRAFT,
    approver,
    at,
    release_id: '',
  };
  const ref = { kind: a.kind, id: a.id };
  // Approvals of an older ETag count for nothing any more: forget them.
  const writes: RowWrite[] = [{ op: 'approvals.forget', ref, etag: a.etag }];
  if (!existing) writes.push({ op: 'approval.put', row });
  return { ...decision(at, writes, [approvalAudit(a, approver)]), approval: toApproval(row) };
}
