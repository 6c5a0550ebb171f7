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

/*
 * Releases (issue 36) as the admin API sends them (config-server/openapi/openapi.json: Rollout, Release, ArmStats).
 * Declared here from the contract, not imported from the server: the console depends on the HTTP shapes only.
 */
export const RELEASE_PLATFORMS = ['ios', 'android', 'web'] as const;
export type ReleasePlatform = (typeof RELEASE_PLATFORMS)[number];
export type ReleaseStatus = 'scheduled' | 'rolling' | 'complete' | 'rolled-back' | 'ended';

/** Who a release may reach at all; every field narrows, an absent one does not. */
export interface ReleaseAudience {
  markets?: string[];
  platforms?: ReleasePlatform[];
  minVersion?: string;
  maxVersion?: string;
}

/** The `rollout` of `POST /publish`: times are ISO 8601 with a zone. */
export interface Rollout {
  percent: number;
  audience?: ReleaseAudience;
  startAt?: string;
  endAt?: string;
  guard?: boolean;
}

/** What one arm did to its borrowers on the screens the release touches. */
export interface ArmStats {
  pageViews: number;
  errors: number;
  errorRate: number;
  /** ms; null before the first measurement. */
  p75Lcp: number | null;
}

/** The guard's reading of the arms (newer servers only: absent on older ones). */
export interface ReleaseVerdict {
  status: 'off' | 'collecting' | 'healthy' | 'regressed';
  message: string;
}

export interface Release {
  id: string;
  status: ReleaseStatus;
  percent: number;
  documents: { kind: string; id: string; file: string; baseVersion: number; editors?: string[] }[];
  audience: ReleaseAudience;
  /** ISO 8601 (UTC); null: started when published / never ends. */
  startAt: string | null;
  endAt: string | null;
  guard: boolean;
  note?: string;
  createdAt?: string;
  createdBy?: string;
  updatedAt?: string;
  updatedBy?: string;
  arms: { base: ArmStats; candidate: ArmStats };
  verdict?: ReleaseVerdict;
}

/** What a publish with a rollout answers about the release it started. */
export interface ReleaseHandle {
  id: string;
  percent: number;
  status: ReleaseStatus;
}
