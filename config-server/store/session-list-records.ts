/**
 * The console's sessions as a person sees them (the sessions page): when and where each started, when it was last
 * used. Kept in their own table beside `sessions` (keyed by the same token hash), so the session check itself stays as
 * it was; a row whose session is gone (logout, expiry, a disabled user) is never listed and is purged at the next login.
 */
export interface SessionStart {
  /** A random id to name the session by (the token hash never leaves the server). */
  id: string;
  user: string;
  /** Epoch ms. */
  startedAt: number;
  /** The client address at login (as TRUST_PROXY reports it). */
  address: string;
  /** The browser's User-Agent at login, cut to 200 characters. */
  device: string;
}

export interface SessionListing extends SessionStart {
  /** Epoch ms of the last request seen with it (within a minute). */
  lastSeenAt: number;
  /** Epoch ms: the absolute end. */
  expiresAt: number;
  /** Only for the server to tell the caller's own session apart; never sent. */
  tokenHash: string;
}

/** What the auth stores add for the sessions page (both dialects). */
export interface SessionList {
  /** Records where and on what a session just created started. */
  recordSessionStart(tokenHash: string, start: SessionStart): Promise<void>;
  /** Unexpired sessions, newest first: one user's, or everyone's when `user` is undefined. */
  listSessions(user: string | undefined, now: number): Promise<SessionListing[]>;
  /** Ends the session `id` (only `user`'s when given); returns what it was, or undefined. */
  endSession(id: string, user: string | undefined): Promise<SessionListing | undefined>;
}
