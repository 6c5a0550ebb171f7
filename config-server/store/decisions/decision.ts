/**
 * What a decision (decisions.ts) hands back: the rows to write and the audit entries, all stamped with one time. The
 * store writes them (sql-writes.ts) in the same transaction that read what the decision was given, or writes nothing
 * when the decision threw a StoreError.
 */
import type { AuditEntry, DocRef } from '../records.js';
import type { ApprovalRow } from '../approval-records.js';
import type { ReleaseDocumentRow, ReleaseRow } from '../release-records.js';

export interface VersionRow {
  kind: string;
  id: string;
  version: number;
  hash: string;
  content: string;
  created_at: string;
  created_by: string;
  note: string;
  restored_from: number | null;
}

export interface DraftRow {
  kind: string;
  id: string;
  content: string;
  hash: string;
  base_version: number | null;
  updated_at: string;
  updated_by: string;
  editors: string;
}

export type RowWrite =
  /** A new document (no draft, nothing published yet); someone else creating it first is a 412. */
  | { op: 'document.create'; kind: string; id: string; file: string }
  /** Bumps the revision (and with it the ETag) of a document whose revision is still `revision`. */
  | { op: 'document.bump'; ref: DocRef; revision: number }
  | { op: 'document.delete'; ref: DocRef }
  /** A new version, made the published one (the document row created when the version is its first). */
  | { op: 'version.insert'; row: VersionRow; file: string }
  | { op: 'draft.put'; row: DraftRow }
  | { op: 'draft.delete'; ref: DocRef }
  | { op: 'release.insert'; row: ReleaseRow }
  /** A change of an open release (its status or share), only while it is still `from`. */
  | {
      op: 'release.update';
      id: string;
      from: readonly string[];
      set: Partial<Pick<ReleaseRow, 'status' | 'percent'>>;
      updated_at: string;
      updated_by: string;
    }
  | { op: 'release.document'; row: ReleaseDocumentRow }
  /** Forgets the approvals of `ref` at any other ETag than `etag` (they count for nothing any more). */
  | { op: 'approvals.forget'; ref: DocRef; etag: string }
  | { op: 'approval.put'; row: ApprovalRow }
  /** The draft's approvals at `etag` go with it into release `releaseId`'s candidate. */
  | { op: 'approvals.carry'; ref: DocRef; etag: string; releaseId: string };

export type AuditDraft = Omit<AuditEntry, 'seq' | 'at'>;

export interface Decision {
  /** ISO 8601: when it happened (the audit's `at`). */
  at: string;
  writes: RowWrite[];
  audit: AuditDraft[];
  /** What borrowers see changed: the generation goes up and the replicas are told. */
  published: boolean;
}

export const decision = (at: string, writes: RowWrite[], audit: AuditDraft[], published = false): Decision => ({
  at,
  writes,
  audit,
  published,
});
