import type { DocumentRecord, StoredDraft, StoredVersion } from './records.js';

/** How both stores read one document: its row with the published version (v_*) and draft (d_*) joined in. */
export interface RecordRow {
  kind: string;
  id: string;
  file: string;
  revision: number;
  published_version: number | null;
  v_hash: string | null;
  v_content: string | null;
  v_created_at: string;
  v_created_by: string;
  v_note: string;
  v_restored_from: number | null;
  d_content: string | null;
  d_hash: string;
  d_base_version: number | null;
  d_updated_at: string;
  d_updated_by: string;
  d_editors: string;
}

export const RECORD_SQL = `
  SELECT d.kind, d.id, d.file, d.revision, d.published_version,
    v.hash AS v_hash, v.content AS v_content, v.created_at AS v_created_at, v.created_by AS v_created_by,
    v.note AS v_note, v.restored_from AS v_restored_from,
    r.content AS d_content, r.hash AS d_hash, r.base_version AS d_base_version, r.updated_at AS d_updated_at,
    r.updated_by AS d_updated_by, r.editors AS d_editors
  FROM documents d
  LEFT JOIN versions v ON v.kind = d.kind AND v.id = d.id AND v.version = d.published_version
  LEFT JOIN drafts r ON r.kind = d.kind AND r.id = d.id`;

export function toRecord(r: RecordRow): DocumentRecord {
  const published: StoredVersion | null =
    r.published_version == null || r.v_content == null
      ? null
      : {
          kind: r.kind,
          id: r.id,
          version: r.published_version,
          hash: r.v_hash!,
          content: JSON.parse(r.v_content),
          createdAt: r.v_created_at,
          createdBy: r.v_created_by,
          note: r.v_note,
          restoredFrom: r.v_restored_from,
        };
  const draft: StoredDraft | null =
    r.d_content == null
      ? null
      : {
          content: JSON.parse(r.d_content),
          hash: r.d_hash,
          baseVersion: r.d_base_version,
          updatedAt: r.d_updated_at,
          updatedBy: r.d_updated_by,
          editors: JSON.parse(r.d_editors),
        };
  // Derived from database state only, so every replica gives the same ETag.
  const hash = (draft?.hash ?? published?.hash ?? '').slice(0, 16);
  return {
    kind: r.kind,
    id: r.id,
    file: r.file,
    revision: r.revision,
    etag: `"${r.revision}-${hash}"`,
    published,
    draft,
  };
}
