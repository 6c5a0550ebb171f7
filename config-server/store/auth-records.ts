/**
 * Users, sessions and API tokens as both auth stores keep them (sqlite-auth-store.ts, pg-auth-store.ts): the rows, and
 * the rules for reading them back (an expired session or token is no longer there). PostgreSQL names the user column
 * `user_name` (`user` is reserved there) and returns bigint columns as strings.
 */
import { loginTimeOf, type ApiTokenRecord, type Role, type SessionRecord, type UserRecord } from './config-store.js';

export interface UserRow {
  name: string;
  role: Role;
  password_hash: string;
  created_at: string;
  disabled_at: string | null;
}

export const userOf = (r: UserRow): UserRecord => ({
  name: r.name,
  role: r.role,
  passwordHash: r.password_hash,
  createdAt: r.created_at,
  disabledAt: r.disabled_at,
});

/** The owner's column, by either name. */
type Owned = { user: string } | { user_name: string };
const ownerOf = (r: Owned) => ('user' in r ? r.user : r.user_name);

export type TokenRow = Owned & {
  id: string;
  label: string;
  role: Role;
  created_at: string;
  expires_at: number | string;
};

export const tokenOf = (r: TokenRow): ApiTokenRecord => ({
  id: r.id,
  user: ownerOf(r),
  label: r.label,
  role: r.role,
  createdAt: r.created_at,
  expiresAt: Number(r.expires_at),
});

/** The token, unless it expired by `now` (epoch ms). */
export const liveToken = (r: TokenRow | undefined, now: number) =>
  r && Number(r.expires_at) >= now ? tokenOf(r) : undefined;

export type SessionRow = Owned & { csrf: string; expires_at: number | string; last_seen_at: number | string | null };

/** The session, unless it ended by `now` (epoch ms); one stored before last-seen times counts from its login. */
export function liveSession(r: SessionRow | undefined, now: number): SessionRecord | undefined {
  if (!r || Number(r.expires_at) < now) return undefined;
  const expiresAt = Number(r.expires_at);
  return {
    user: ownerOf(r),
    csrf: r.csrf,
    expiresAt,
    lastSeenAt: r.last_seen_at === null ? loginTimeOf(expiresAt) : Number(r.last_seen_at),
  };
}
