/**
 * What the store holds and hands out: documents with their versions and drafts, audit entries, and the check a write
 * runs before it commits. Plain data shapes, shared by both stores, the release records and the admin routes.
 */
import type { JsonPatch } from './json-diff.js';

export interface DocRef {
  kind: string;
  id: string;
}

export interface StoredVersion extends DocRef {
  version: number;
  /** sha256 of the canonical JSON content. */
  hash: string;
  content: unknown;
  createdAt: string;
  createdBy: string;
  note: string;
  /** Set when this version was created by a rollback to that older version. */
  restoredFrom: number | null;
}

export interface StoredDraft {
  content: unknown;
  hash: string;
  /** Published version the draft was started from (null: a document never published). */
  baseVersion: number | null;
  updatedAt: string;
  updatedBy: string;
  /** Everyone who saved this draft since the last publish (four-eyes rule). */
  editors: string[];
}

export interface DocumentRecord extends DocRef {
  /** Repo path of the document, e.g. `screens/pages/complaint-list.json` (import/export). */
  file: string;
  /** Bumped on every write to the document; the admin ETag is derived from it. */
  revision: number;
  etag: string;
  published: StoredVersion | null;
  draft: StoredDraft | null;
}

export interface NewDocument extends DocRef {
  file: string;
  content: unknown;
}

export interface AuditEntry {
  seq: number;
  at: string;
  actor: string;
  action: string;
  kind: string | null;
  id: string | null;
  version: number | null;
  diff: JsonPatch | null;
  note: string;
}

export interface AuditFilter {
  kind?: string;
  id?: string;
  actor?: string;
  /** Entries with seq below this (paging backwards). */
  before?: number;
  /** Entries at or after this instant (ISO 8601, UTC). */
  since?: string;
  /** Entries strictly before this instant (ISO 8601, UTC). */
  until?: string;
  limit?: number;
}

/** One document of a change set, as the publish check sees it. */
export interface Change extends DocRef {
  file: string;
  before: unknown | null;
  after: unknown;
  editors: string[];
  /**
   * Who saved the draft at exactly what is being published (its last save). Absent for a release's candidate, whose
   * content was checked when the release started and cannot change since.
   */
  savedBy?: string;
  /**
   * Who approved exactly what is being published (approvals of the document's current ETag, or those a release's
   * candidate carried from its draft): the four-eyes check counts them besides the editors.
   */
  approvedBy: string[];
}

/**
 * A publisher's approval of one document as reviewed: its draft at `etag` (`version` null), or rolling it back to
 * `version` at `etag`. It counts only while the document still has that ETag, and only for someone else's publish.
 */
export interface Approval extends DocRef {
  etag: string;
  version: number | null;
  approver: string;
  at: string;
}

export interface PublishCheckInput {
  /** The whole published state as it would be after the change. */
  wouldBe: NewDocument[];
  changes: Change[];
}

/** Throws (any error: the caller's own, e.g. an HttpError of a refused check) to abort the write; nothing is committed then. */
export type PublishCheck = (input: PublishCheckInput) => void;

export interface Actor {
  user: string;
}
