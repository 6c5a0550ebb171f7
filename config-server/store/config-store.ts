/**
 * The store seen by the rest of the server. SQLite (sqlite-store.ts) is the embedded default;
 * a PostgreSQL implementation of the same interface lets several replicas share one state.
 * Every write is all-or-nothing; `check` callbacks run inside the write transaction, so what
 * they validate is exactly what gets committed. Methods return promises because PostgreSQL is
 * reached over the network; a store that cannot reach its database rejects with a StoreError of kind `unavailable` (store-errors.ts).
 */
import type { JsonPatch } from './json-diff.js';
import type { ReleaseStore } from './release-records.js';

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

export interface ConfigStore {
  /** Which database this is, for logs: `sqlite <file>` or `postgresql <host/db>` (never a password). */
  readonly description: string;
  isEmpty(): Promise<boolean>;
  /** Changes whenever the published state changes (replicas compare it to refresh their snapshot). */
  generation(): Promise<number>;
  listDocuments(): Promise<DocumentRecord[]>;
  getDocument(kind: string, id: string): Promise<DocumentRecord | undefined>;
  listPublished(): Promise<(StoredVersion & { file: string })[]>;
  history(kind: string, id: string): Promise<StoredVersion[]>;
  getVersion(kind: string, id: string, version: number): Promise<StoredVersion | undefined>;
  /**
   * Publishes every document as version 1 (first start), after `check` accepts the state. Resolves false,
   * importing nothing, when the store is no longer empty (another replica or process imported first).
   */
  importPublished(docs: NewDocument[], actor: Actor, check: PublishCheck): Promise<boolean>;
  /**
   * Saves the draft when the document's revision still equals `expectedRevision`
   * (null: the document must not exist yet); otherwise throws 412.
   */
  saveDraft(doc: NewDocument, expectedRevision: number | null, actor: Actor): Promise<DocumentRecord>;
  discardDraft(ref: DocRef, expectedRevision: number, actor: Actor): Promise<DocumentRecord>;
  publish(
    items: (DocRef & { expectedRevision?: number })[],
    opts: Actor & { note: string },
    check: PublishCheck,
  ): Promise<StoredVersion[]>;
  rollback(
    ref: DocRef & { version: number; expectedRevision: number },
    opts: Actor & { reason: string },
    check: PublishCheck,
  ): Promise<StoredVersion>;
  audit(filter?: AuditFilter): Promise<AuditEntry[]>;
  appendAudit(entry: Omit<AuditEntry, 'seq' | 'at'>): Promise<void>;
  /**
   * Releases (issue 36): publishes served to a share of borrowers first (release-records.ts). A document of an open
   * release refuses any other publish or rollback with 409 naming the release.
   */
  readonly releases: ReleaseStore;
  /**
   * Calls `listener` soon after another process publishes into a shared store (PostgreSQL LISTEN/NOTIFY),
   * and after a lost connection to the database comes back (a notification may have been missed).
   * Returns the unsubscribe. Absent for an embedded store, which only the periodic check covers.
   */
  watch?(listener: () => void): () => void;
  close(): Promise<void>;
}

export type Role = 'viewer' | 'editor' | 'publisher';
export const ROLES: readonly Role[] = ['viewer', 'editor', 'publisher'];

export interface UserRecord {
  name: string;
  role: Role;
  passwordHash: string;
  createdAt: string;
  /** When the user was disabled (ISO 8601), else null: a disabled user cannot log in and has no sessions or tokens. */
  disabledAt: string | null;
}

export interface SessionRecord {
  user: string;
  csrf: string;
  expiresAt: number;
}

/** A personal API token as stored (the secret itself only as its hash, which is the lookup key). */
export interface ApiTokenRecord {
  /** Public handle to list and revoke it by; not the secret and not derived from it. */
  id: string;
  user: string;
  label: string;
  /** The most the token may do; the user's role at the time of use caps it further. */
  role: Role;
  createdAt: string;
  /** Epoch ms after which the token no longer authenticates. */
  expiresAt: number;
}

/** Users, sessions and API tokens. Secrets are stored only as hashes. */
export interface AuthStore {
  getUser(name: string): Promise<UserRecord | undefined>;
  countUsers(): Promise<number>;
  /**
   * Creates the user, or replaces role and password of an existing one and enables it again. Either way every
   * session and API token the user had ends (a password reset or role change must not leave old credentials working).
   */
  upsertUser(user: Omit<UserRecord, 'createdAt' | 'disabledAt'>): Promise<void>;
  /**
   * Replaces the hash of the same password (stronger parameters, at login) when the stored one is still `expected`;
   * sessions and tokens stay. False when the hash changed meanwhile (a password reset wins).
   */
  rehashPassword(name: string, expected: string, passwordHash: string): Promise<boolean>;
  /** Disables the user and ends every session and API token of theirs; false when there is no such user. */
  disableUser(name: string): Promise<boolean>;
  createSession(tokenHash: string, session: SessionRecord): Promise<void>;
  getSession(tokenHash: string): Promise<SessionRecord | undefined>;
  deleteSession(tokenHash: string): Promise<void>;
  /** Stores a new token (and forgets every expired one). */
  createApiToken(tokenHash: string, token: Omit<ApiTokenRecord, 'createdAt'>): Promise<void>;
  /** The token with this hash, unless it expired or was revoked. */
  getApiToken(tokenHash: string): Promise<ApiTokenRecord | undefined>;
  /** The user's unexpired tokens, newest first. */
  listApiTokens(user: string): Promise<ApiTokenRecord[]>;
  /** Deletes the user's token `id`; returns it, or undefined when the user has no such token. */
  revokeApiToken(user: string, id: string): Promise<ApiTokenRecord | undefined>;
  /**
   * Counts one login attempt of `key` (a client address or an account) in a fixed window starting at its first attempt;
   * kept in the database so every replica counts the same attempts. Returns the count and the window's end (ms).
   */
  countLoginAttempt(key: string, windowMs: number): Promise<{ hits: number; resetAt: number }>;
  /** Takes one attempt back (it succeeded). */
  forgiveLoginAttempt(key: string): Promise<void>;
  resetLoginAttempts(key: string): Promise<void>;
}
