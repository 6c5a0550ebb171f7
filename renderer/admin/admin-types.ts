/**
 * Shapes of the admin API (config-server/admin) as the console reads them. These are HTTP payloads,
 * not documents: document content stays `unknown` here and is typed by the generated schema types
 * where an editor needs it.
 */
import type { AuditEntry, Role, StoredDraft, StoredVersion } from '../../config-server/store/config-store';

export type { Role };

export interface Session {
  user: string;
  role: Role;
}

/** A published version as the API sends it (the content only where asked for). */
export type VersionInfo = Omit<StoredVersion, 'kind' | 'id' | 'content'> & { content?: unknown };

export type DraftInfo = StoredDraft;

/** One document as `GET /documents/:kind/:id` returns it (the list may omit contents). */
export interface DocRecord {
  kind: string;
  id: string;
  file: string;
  revision?: number;
  etag: string;
  published: VersionInfo | null;
  draft: DraftInfo | null;
}

/** A validation problem: schema errors carry `instancePath`, publish errors `file` + `pointer`. */
export interface Problem {
  file?: string;
  pointer?: string;
  instancePath?: string;
  message: string;
}

/** One append-only audit entry as `GET /audit` returns it. */
export type AuditRow = AuditEntry;

export const canWrite = (role: Role | undefined) => role === 'editor' || role === 'publisher';
export const canPublish = (role: Role | undefined) => role === 'publisher';

/** The editable content of a document: its draft when there is one, else its published version. */
export function currentContent(doc: DocRecord): unknown {
  return doc.draft ? doc.draft.content : doc.published?.content;
}

/** A row of `GET /documents` (no contents). */
export interface DocSummary {
  kind: string;
  id: string;
  file: string;
  etag: string;
  markets: string[];
  locale: string | null;
  publishedVersion: number | null;
  publishedAt: string | null;
  publishedBy: string | null;
  hasDraft: boolean;
  draftUpdatedAt: string | null;
  draftUpdatedBy: string | null;
  editors: string[];
}
