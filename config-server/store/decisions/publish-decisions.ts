/**
 * Publishing to everyone: the first import, a publish of drafts, a rollback to an older version. Each runs the publish
 * check on the whole state it would make; a refusal (the check's own error) writes nothing.
 */
import { changedBeforePublish, noDocument, noDraftToPublish, notFound, stale } from '../store-errors.js';
import { jsonDiff } from '../json-diff.js';
import { contentHash } from '../content-hash.js';
import { notedApprovals } from '../approval-records.js';
import { inReleaseError, type StoredRelease } from '../release-records.js';
import type { Change, DocRef, DocumentRecord, NewDocument, PublishCheck, StoredVersion } from '../records.js';
import { decision, type Decision, type RowWrite, type VersionRow } from './decision.js';

/** A document of an open release (its id, status and share), which refuses any other publish or rollback. */
export type InRelease = Pick<StoredRelease, 'id' | 'status' | 'percent'>;

/** One document asked for, as read in the transaction. */
export interface ItemRead {
  item: DocRef & { expectedRevision?: number };
  rec: DocumentRecord | undefined;
  release: InRelease | undefined;
  /** Who approved the document as it is now (its draft, or the rollback asked for). */
  approvedBy: string[];
  /** Its highest version (0: none yet). */
  lastVersion: number;
}

export const keyOf = (r: DocRef) => `${r.kind}\u0000${r.id}`;

/** The next version of a document, as a row. */
export function versionRow(
  doc: DocRef & { content: unknown },
  version: number,
  by: { user: string; at: string; note: string; restoredFrom?: number },
): VersionRow {
  return {
    kind: doc.kind,
    id: doc.id,
    version,
    hash: contentHash(doc.content),
    content: JSON.stringify(doc.content),
    created_at: by.at,
    created_by: by.user,
    note: by.note,
    restored_from: by.restoredFrom ?? null,
  };
}

export const toVersion = (r: VersionRow): StoredVersion => ({
  kind: r.kind,
  id: r.id,
  version: r.version,
  hash: r.hash,
  content: JSON.parse(r.content),
  createdAt: r.created_at,
  createdBy: r.created_by,
  note: r.note,
  restoredFrom: r.restored_from,
});

/** The published state with `changed` contents in place (new documents added at the end). */
export function wouldBeWith(published: NewDocument[], changed: (Change | NewDocument)[]): NewDocument[] {
  const after = new Map(changed.map((c) => [keyOf(c), c]));
  const out = published.map((d) => {
    const c = after.get(keyOf(d));
    return c ? { ...d, content: 'after' in c ? c.after : c.content } : d;
  });
  const known = new Set(published.map(keyOf));
  for (const c of changed)
    if (!known.has(keyOf(c)))
      out.push({ kind: c.kind, id: c.id, file: c.file, content: 'after' in c ? c.after : c.content });
  return out;
}

export interface ImportInput {
  docs: NewDocument[];
  /** Whether the store is still empty (another process may have imported first). */
  empty: boolean;
  user: string;
  at: string;
  check: PublishCheck;
}

/** Every document published as version 1; null when the store is no longer empty. */
export function importPublished({ docs, empty, user, at, check }: ImportInput): Decision | null {
  if (!empty) return null;
  const changes = docs.map((d) => ({ ...d, before: null, after: d.content, editors: [user], approvedBy: [] }));
  check({ wouldBe: docs, changes });
  const note = 'imported from the repository';
  const writes: RowWrite[] = docs.map((d) => ({
    op: 'version.insert',
    row: versionRow(d, 1, { user, at, note }),
    file: d.file,
  }));
  const audit = docs.map((d) => ({
    actor: user,
    action: 'import',
    kind: d.kind,
    id: d.id,
    version: 1,
    diff: null,
    note: d.file,
  }));
  return decision(at, writes, audit, true);
}

/** A draft that may be published: its document exists, is in no open release, has a draft and is the one loaded. */
export function publishable({
  item,
  rec,
  release,
}: ItemRead): DocumentRecord & { draft: NonNullable<DocumentRecord['draft']> } {
  if (!rec) throw noDocument(item.kind, item.id);
  if (release) throw inReleaseError(item, release);
  if (!rec.draft) throw noDraftToPublish(item.kind, item.id);
  if (item.expectedRevision !== undefined && item.expectedRevision !== rec.revision)
    throw changedBeforePublish(item.kind, item.id, rec.etag);
  return rec as DocumentRecord & { draft: NonNullable<DocumentRecord['draft']> };
}

export interface PublishInput {
  items: ItemRead[];
  published: NewDocument[];
  user: string;
  note: string;
  at: string;
  check: PublishCheck;
}

export function publish({
  items,
  published,
  user,
  note,
  at,
  check,
}: PublishInput): Decision & { versions: VersionRow[] } {
  const changes: Change[] = items.map((read) => {
    const rec = publishable(read);
    const { kind, id } = read.item;
    return {
      kind,
      id,
      file: rec.file,
      before: rec.published?.content ?? null,
      after: rec.draft.content,
      editors: rec.draft.editors,
      savedBy: rec.draft.updatedBy,
      approvedBy: read.approvedBy,
    };
  });
  check({ wouldBe: wouldBeWith(published, changes), changes });
  const versions = changes.map((c, i) =>
    versionRow({ ...c, content: c.after }, items[i].lastVersion + 1, { user, at, note }),
  );
  const writes = changes.flatMap((c, i): RowWrite[] => [
    { op: 'version.insert', row: versions[i], file: c.file },
    { op: 'draft.delete', ref: { kind: c.kind, id: c.id } },
  ]);
  const audit = changes.map((c, i) => ({
    actor: user,
    action: 'publish',
    kind: c.kind,
    id: c.id,
    version: versions[i].version,
    diff: jsonDiff(c.before, c.after),
    note: notedApprovals(note, c.approvedBy),
  }));
  return { ...decision(at, writes, audit, true), versions };
}

export interface RollbackInput {
  read: ItemRead & { item: { version: number; expectedRevision: number } };
  /** The version asked for. */
  old: StoredVersion | undefined;
  published: NewDocument[];
  user: string;
  reason: string;
  at: string;
  check: PublishCheck;
}

export function rollback({
  read,
  old,
  published,
  user,
  reason,
  at,
  check,
}: RollbackInput): Decision & { version: VersionRow } {
  const { item: ref, rec, release } = read;
  if (!rec) throw noDocument(ref.kind, ref.id);
  if (!old) throw notFound(`${ref.kind}/${ref.id} has no version ${ref.version}`);
  if (release) throw inReleaseError(ref, release);
  if (rec.revision !== ref.expectedRevision)
    throw stale(`${ref.kind}/${ref.id} changed since you loaded it: reload before rolling back`, rec.etag, true);
  const change: Change = {
    kind: ref.kind,
    id: ref.id,
    file: rec.file,
    before: rec.published?.content ?? null,
    after: old.content,
    editors: [user],
    approvedBy: read.approvedBy,
  };
  check({ wouldBe: wouldBeWith(published, [change]), changes: [change] });
  const note = `rollback to version ${ref.version}: ${reason}`;
  const version = versionRow({ ...change, content: old.content }, read.lastVersion + 1, {
    user,
    at,
    note,
    restoredFrom: ref.version,
  });
  const audit = [
    {
      actor: user,
      action: 'rollback',
      kind: ref.kind,
      id: ref.id,
      version: version.version,
      diff: jsonDiff(change.before, change.after),
      note: notedApprovals(reason, change.approvedBy),
    },
  ];
  return { ...decision(at, [{ op: 'version.insert', row: version, file: rec.file }], audit, true), version };
}
