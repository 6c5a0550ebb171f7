/**
 * The store seen by the rest of the server. SQLite (sqlite-store.ts) is the embedded default;
 * a PostgreSQL implementation of the same interface lets several replicas share one state.
 * Every write is all-or-nothing; `check` callbacks run inside the write transaction, so what
 * they validate is exactly what gets committed. Methods return promises because PostgreSQL is
 * reached over the network; a store that cannot reach its database rejects with a StoreError of kind `unavailable` (store-errors.ts).
 */
import type { ReleaseStore } from './release-records.js';
import type { ExperimentStore } from './experiment-records.js';
import type { MarketRoles } from './market-role-records.js';
import type { OidcLogins } from './oidc-login-records.js';
import type { Role } from './roles.js';
import type { SessionList } from './session-list-records.js';
import type { ApproveRequest } from './approval-records.js';
import type {
  Actor,
  Approval,
  AuditEntry,
  AuditFilter,
  DocRef,
  DocumentRecord,
  NewDocument,
  PublishCheck,
  StoredVersion,
} from './records.js';

export type * from './records.js';

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
  /**
   * Records `actor`'s approval (four eyes) of the document as reviewed at `etag`: its draft (`version` null)
   * or rolling it back to `version`. Audited as `approve`. Throws when the ETag is no longer the document's (412 with the
   * current one), or there is no draft or no such version to approve. Approving twice keeps one approval.
   */
  approve(a: ApproveRequest, actor: Actor): Promise<Approval>;
  /**
   * The approvals that still count: those of each document's current ETag (of one document, or of every one).
   * `publish`, `rollback` and a release's publish put the matching ones into each Change's `approvedBy`.
   */
  approvals(ref?: DocRef): Promise<Approval[]>;
  audit(filter?: AuditFilter): Promise<AuditEntry[]>;
  appendAudit(entry: Omit<AuditEntry, 'seq' | 'at'>): Promise<void>;
  /**
   * Releases: publishes served to a share of borrowers first (release-records.ts). A document of an open
   * release refuses any other publish or rollback with 409 naming the release.
   */
  readonly releases: ReleaseStore;
  /** Experiments: borrowers' first exposures to releases and the conversions reported (experiment-records.ts). */
  readonly experiments: ExperimentStore;
  /**
   * Calls `listener` soon after another process publishes into a shared store (PostgreSQL LISTEN/NOTIFY),
   * and after a lost connection to the database comes back (a notification may have been missed).
   * Returns the unsubscribe. Absent for an embedded store, which only the periodic check covers.
   */
  watch?(listener: () => void): () => void;
  close(): Promise<void>;
}

// In their own module so that the records of roles per market need not import this file.
export { ROLES, type Role } from './roles.js';

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
  /** Epoch ms: the absolute end (12 h after login), whatever the activity. */
  expiresAt: number;
  /** Epoch ms of the last request seen with it (at most a minute old while in use): the idle timeout counts from here. */
  lastSeenAt: number;
}

/** A session stored before last-seen times were kept: its login time (its end less the 12 h a session lasts). */
export const loginTimeOf = (expiresAt: number) => expiresAt - 12 * 60 * 60 * 1000;

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
/**
 * Users, sessions, API tokens and login counts; the sessions page's listing is SessionList (session-list-records.ts),
 * roles per market MarketRoles (market-role-records.ts).
 */
export interface AuthStore extends SessionList, MarketRoles, OidcLogins {
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
  /** Moves the session's last-seen time forward to `at` (never back: replicas may touch it out of order). */
  touchSession(tokenHash: string, at: number): Promise<void>;
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
