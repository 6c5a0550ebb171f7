/** Saving and discarding a draft: compare-and-set on the document's revision, the one place a stale If-Match is 412. */
import { alreadyExists, noDocument, notFound, stale } from '../store-errors.js';
import { jsonDiff } from '../json-diff.js';
import { contentHash } from '../content-hash.js';
import type { DocRef, DocumentRecord, NewDocument } from '../records.js';
import { decision, type Decision, type RowWrite } from './decision.js';

/** 412 for a write based on a revision someone else has since replaced, naming who. */
export const changedBySomeoneElse = (cur: DocumentRecord) =>
  stale(
    `${cur.kind}/${cur.id} was changed by someone else (by ${cur.draft?.updatedBy ?? cur.published?.createdBy ?? 'unknown'}): reload it, reapply your edit and save again`,
    cur.etag,
    true,
  );

export interface SaveDraftInput {
  doc: NewDocument;
  /** null: the document must not exist yet. */
  expectedRevision: number | null;
  user: string;
  /** The document as it is now. */
  before: DocumentRecord | undefined;
  at: string;
}

export function saveDraft({ doc, expectedRevision, user, before, at }: SaveDraftInput): Decision {
  const ref = { kind: doc.kind, id: doc.id };
  let claim: RowWrite;
  if (expectedRevision === null) {
    if (before) throw alreadyExists(doc.kind, doc.id);
    claim = { op: 'document.create', ...ref, file: doc.file };
  } else {
    if (!before) throw noDocument(doc.kind, doc.id);
    if (before.revision !== expectedRevision) throw changedBySomeoneElse(before);
    claim = { op: 'document.bump', ref, revision: before.revision };
  }
  const editors = new Set(before?.draft?.editors ?? []);
  editors.add(user);
  const draft: RowWrite = {
    op: 'draft.put',
    row: {
      ...ref,
      content: JSON.stringify(doc.content),
      hash: contentHash(doc.content),
      base_version: before?.draft?.baseVersion ?? before?.published?.version ?? null,
      updated_at: at,
      updated_by: user,
      editors: JSON.stringify([...editors]),
    },
  };
  const prev = before?.draft?.content ?? before?.published?.content ?? null;
  const diff = jsonDiff(prev, doc.content);
  return decision(at, [claim, draft], [{ actor: user, action: 'draft.save', ...ref, version: null, diff, note: '' }]);
}

export interface DiscardDraftInput {
  ref: DocRef;
  expectedRevision: number;
  user: string;
  before: DocumentRecord | undefined;
  at: string;
}

/** Drops the draft; a never-published document without its draft is nothing at all, so it goes too (`gone`). */
export function discardDraft({ ref, expectedRevision, user, before, at }: DiscardDraftInput): Decision & {
  gone: boolean;
} {
  if (!before?.draft) throw notFound(`${ref.kind}/${ref.id} has no draft to discard`);
  if (before.revision !== expectedRevision) throw changedBySomeoneElse(before);
  const key = { kind: ref.kind, id: ref.id };
  const writes: RowWrite[] = [
    { op: 'document.bump', ref: key, revision: before.revision },
    { op: 'draft.delete', ref: key },
  ];
  const gone = !before.published;
  if (gone) writes.push({ op: 'document.delete', ref: key });
  const diff = jsonDiff(before.draft.content, before.published?.content ?? null);
  const audit = [{ actor: user, action: 'draft.discard', ...key, version: null, diff, note: '' }];
  return { ...decision(at, writes, audit), gone };
}
