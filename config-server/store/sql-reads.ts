/**
 * The store's reads, as programs (sql-program.ts) both databases run: inside a write transaction they read what a
 * decision is given; alone they answer the admin's lists. PostgreSQL also locks what a write is about to change.
 */
import { pgOnly, rows, type Program } from './sql-program.js';
import { RECORD_SQL, toRecord, type RecordRow } from './record-sql.js';
import { toVersion, type InRelease, type ItemRead } from './decisions/publish-decisions.js';
import type { VersionRow } from './decisions/decision.js';
import { DRAFT, type ApprovalRow } from './approval-records.js';
import { toRelease, type ReleaseDocumentRow, type ReleaseRow, type StoredRelease } from './release-records.js';
import type { DocRef, DocumentRecord, NewDocument, StoredVersion } from './records.js';

/** Any constant: publishes, rollbacks, release changes and imports take this transaction lock (never interleaved). */
const PUBLISH_LOCK = 7_301_020;
/** Channel a publish notifies on (the payload is the new generation). */
export const PUBLISH_CHANNEL = 'sdui_published';
const OPEN = "status IN ('scheduled', 'rolling')";

/** Serialises publishers on PostgreSQL until the transaction ends. */
export const lockPublishing = () => pgOnly('SELECT pg_advisory_xact_lock(?)', PUBLISH_LOCK);

/** Locks a document's row on PostgreSQL: a draft saved meanwhile on another replica waits. */
export const lockDocument = (ref: DocRef) =>
  pgOnly('SELECT 1 FROM documents WHERE kind = ? AND id = ? FOR UPDATE', ref.kind, ref.id);

export function* isEmpty(): Program<boolean> {
  return (yield* rows<{ n: number }>('SELECT CAST(COUNT(*) AS INTEGER) AS n FROM documents'))[0].n === 0;
}

export function* generation(): Program<number> {
  return (yield* rows<{ value: number }>("SELECT value FROM meta WHERE key = 'generation'"))[0].value;
}

/** Bumps the generation and tells every replica (at commit). */
export function* bumpGeneration(): Program<void> {
  const [g] = yield* rows<{ value: number }>(
    "UPDATE meta SET value = value + 1 WHERE key = 'generation' RETURNING value",
  );
  yield* pgOnly('SELECT pg_notify(?, ?)', PUBLISH_CHANNEL, String(g.value));
}

export function* record(ref: DocRef): Program<DocumentRecord | undefined> {
  const [r] = yield* rows<RecordRow>(`${RECORD_SQL} WHERE d.kind = ? AND d.id = ?`, ref.kind, ref.id);
  return r && toRecord(r);
}

export function* records(): Program<DocumentRecord[]> {
  return (yield* rows<RecordRow>(`${RECORD_SQL} ORDER BY d.kind COLLATE "C", d.id COLLATE "C"`)).map(toRecord);
}

/** The published version of every document, with its file. */
export function* publishedVersions(): Program<(StoredVersion & { file: string })[]> {
  const rs = yield* rows<VersionRow & { file: string }>(
    `SELECT v.*, d.file FROM documents d JOIN versions v ON v.kind = d.kind AND v.id = d.id
     AND v.version = d.published_version ORDER BY d.kind COLLATE "C", d.id COLLATE "C"`,
  );
  return rs.map((r) => ({ ...toVersion(r), file: r.file }));
}

/** The published state as documents (what a publish check's `wouldBe` starts from). */
export function* publishedDocs(): Program<NewDocument[]> {
  return (yield* publishedVersions()).map((v) => ({ kind: v.kind, id: v.id, file: v.file, content: v.content }));
}

export function* history(ref: DocRef): Program<StoredVersion[]> {
  const rs = yield* rows<VersionRow>(
    'SELECT * FROM versions WHERE kind = ? AND id = ? ORDER BY version DESC',
    ref.kind,
    ref.id,
  );
  return rs.map(toVersion);
}

/** One version; undefined for a number no version can have (the column is a 32-bit integer). */
export function* version(ref: DocRef, n: number): Program<StoredVersion | undefined> {
  if (!Number.isSafeInteger(n) || Math.abs(n) >= 2 ** 31) return undefined;
  const [r] = yield* rows<VersionRow>(
    'SELECT * FROM versions WHERE kind = ? AND id = ? AND version = ?',
    ref.kind,
    ref.id,
    n,
  );
  return r && toVersion(r);
}

/** A document's highest version (0: none). */
export function* lastVersion(ref: DocRef): Program<number> {
  const [r] = yield* rows<{ v: number | null }>(
    'SELECT MAX(version) AS v FROM versions WHERE kind = ? AND id = ?',
    ref.kind,
    ref.id,
  );
  return r.v ?? 0;
}

/** The open release `ref` is in, if any. */
export function* releaseOf(ref: DocRef): Program<InRelease | undefined> {
  const [r] = yield* rows<InRelease>(
    `SELECT r.id, r.status, r.percent FROM release_documents d JOIN releases r ON r.id = d.release_id
     WHERE d.kind = ? AND d.id = ? AND r.${OPEN}`,
    ref.kind,
    ref.id,
  );
  return r && { ...r, percent: Number(r.percent) };
}

/** Releases `where` selects, with their documents, by creation time. */
export function* releases(where = '', args: unknown[] = [], order = 'DESC', limit = 1000): Program<StoredRelease[]> {
  const rs = yield* rows<ReleaseRow>(
    `SELECT * FROM releases ${where} ORDER BY created_at COLLATE "C" ${order}, id COLLATE "C" ${order} LIMIT ${limit}`,
    ...args,
  );
  if (!rs.length) return [];
  const docs = yield* rows<ReleaseDocumentRow>(
    `SELECT * FROM release_documents WHERE release_id IN (${rs.map(() => '?').join(', ')}) ORDER BY kind COLLATE "C", id COLLATE "C"`,
    ...rs.map((r) => r.id),
  );
  return rs.map((r) => toRelease(r, docs));
}

/** Open releases, oldest first. */
export const openReleases = () => releases(`WHERE ${OPEN}`, [], 'ASC');

/** One release (its row locked on PostgreSQL when `lock`). */
export function* release(id: string, lock = false): Program<StoredRelease | undefined> {
  if (lock) yield* pgOnly('SELECT 1 FROM releases WHERE id = ? FOR UPDATE', id);
  return (yield* releases('WHERE id = ?', [id]))[0];
}

/** Who approved `rec` as it is now: its draft (`version` DRAFT) or rolling it back to `version`. */
export function* approvers(rec: DocumentRecord, v: number): Program<string[]> {
  const rs = yield* rows<{ approver: string }>(
    `SELECT approver FROM approvals WHERE kind = ? AND id = ? AND etag = ? AND version = ? AND release_id = ''
     ORDER BY at COLLATE "C", approver COLLATE "C"`,
    rec.kind,
    rec.id,
    rec.etag,
    v,
  );
  return rs.map((r) => r.approver);
}

/** Who approved the drafts that became release `releaseId`'s candidates, by document. */
export function* releaseApprovers(releaseId: string): Program<(ref: DocRef) => string[]> {
  const rs = yield* rows<{ kind: string; id: string; approver: string }>(
    'SELECT kind, id, approver FROM approvals WHERE release_id = ? ORDER BY at COLLATE "C", approver COLLATE "C"',
    releaseId,
  );
  return (ref) => rs.filter((r) => r.kind === ref.kind && r.id === ref.id).map((r) => r.approver);
}

export function* approvalRow(
  kind: string,
  id: string,
  etag: string,
  v: number,
  approver: string,
): Program<ApprovalRow | undefined> {
  const [r] = yield* rows<ApprovalRow>(
    "SELECT * FROM approvals WHERE kind = ? AND id = ? AND etag = ? AND version = ? AND approver = ? AND release_id = ''",
    kind,
    id,
    etag,
    v,
    approver,
  );
  return r;
}

export function* approvalRows(): Program<ApprovalRow[]> {
  return yield* rows<ApprovalRow>(
    `SELECT * FROM approvals WHERE release_id = '' ORDER BY kind COLLATE "C", id COLLATE "C", at COLLATE "C", approver COLLATE "C"`,
  );
}

/** One document asked for, read as the decisions need it: record, open release, approvals, last version. */
export function* itemRead(item: DocRef & { expectedRevision?: number }, approvedVersion = DRAFT): Program<ItemRead> {
  yield* lockDocument(item);
  const rec = yield* record(item);
  return {
    item,
    rec,
    release: yield* releaseOf(item),
    approvedBy: rec ? yield* approvers(rec, approvedVersion) : [],
    lastVersion: yield* lastVersion(item),
  };
}
