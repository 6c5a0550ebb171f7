import type pg from 'pg';
import type { ApiTokenRecord, AuthStore, SessionRecord, UserRecord } from './config-store.js';
import * as auth from './auth-records.js';
import { AuthExtras } from './auth-extras.js';
import { isoNow, systemClock, type Clock } from '../clock.js';
import { PgOidcLogins } from './pg-oidc-logins.js';
import { PgMarketRoles } from './pg-market-roles.js';
import { PgSessionList } from './pg-session-list.js';
import { PgDb } from './pg-db.js';

/**
 * Users, sessions and API tokens in the shared PostgreSQL database: a session created on one
 * replica is valid on every other (the load balancer needs no stickiness).
 */
export class PgAuthStore extends AuthExtras implements AuthStore {
  private readonly db: PgDb;

  constructor(
    pool: pg.Pool,
    private readonly clock: Clock = systemClock,
  ) {
    super({
      sessionList: new PgSessionList(pool),
      marketRoles: new PgMarketRoles(pool),
      oidcLogins: new PgOidcLogins(pool),
    });
    this.db = new PgDb(pool);
  }

  private q<T extends pg.QueryResultRow>(sql: string, args: unknown[] = []): Promise<T[]> {
    return this.db.q<T>(sql, args);
  }

  async getUser(name: string): Promise<UserRecord | undefined> {
    const [r] = await this.q<auth.UserRow>('SELECT * FROM users WHERE name = $1', [name]);
    return r && auth.userOf(r);
  }

  async countUsers() {
    return (await this.q<{ n: number }>('SELECT COUNT(*)::int AS n FROM users'))[0].n;
  }

  async upsertUser(u: Omit<UserRecord, 'createdAt' | 'disabledAt'>) {
    // One statement: the new password and the end of every open session and API token of that user land together.
    await this.q(
      `WITH up AS (
         INSERT INTO users (name, role, password_hash, created_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (name) DO UPDATE SET role = excluded.role, password_hash = excluded.password_hash, disabled_at = NULL RETURNING name),
       s AS (DELETE FROM sessions WHERE user_name IN (SELECT name FROM up))
       DELETE FROM api_tokens WHERE user_name IN (SELECT name FROM up)`,
      [u.name, u.role, u.passwordHash, isoNow(this.clock)],
    );
  }

  async rehashPassword(name: string, expected: string, passwordHash: string) {
    const rows = await this.q(
      'UPDATE users SET password_hash = $1 WHERE name = $2 AND password_hash = $3 RETURNING name',
      [passwordHash, name, expected],
    );
    return rows.length === 1;
  }

  async disableUser(name: string) {
    const [r] = await this.q<{ n: number }>(
      `WITH d AS (UPDATE users SET disabled_at = COALESCE(disabled_at, $2) WHERE name = $1 RETURNING name),
       s AS (DELETE FROM sessions WHERE user_name IN (SELECT name FROM d)),
       t AS (DELETE FROM api_tokens WHERE user_name IN (SELECT name FROM d))
       SELECT COUNT(*)::int AS n FROM d`,
      [name, isoNow(this.clock)],
    );
    return r.n === 1;
  }

  async createSession(tokenHash: string, s: SessionRecord) {
    await this.q('DELETE FROM sessions WHERE expires_at < $1', [this.clock.now()]);
    await this.q(
      'INSERT INTO sessions (token_hash, user_name, csrf, expires_at, last_seen_at) VALUES ($1, $2, $3, $4, $5)',
      [tokenHash, s.user, s.csrf, s.expiresAt, s.lastSeenAt],
    );
  }

  async getSession(tokenHash: string): Promise<SessionRecord | undefined> {
    const [r] = await this.q<auth.SessionRow>('SELECT * FROM sessions WHERE token_hash = $1', [tokenHash]);
    return auth.liveSession(r, this.clock.now());
  }

  async touchSession(tokenHash: string, at: number) {
    await this.q(
      'UPDATE sessions SET last_seen_at = $1 WHERE token_hash = $2 AND (last_seen_at IS NULL OR last_seen_at < $1)',
      [at, tokenHash],
    );
  }

  async deleteSession(tokenHash: string) {
    await this.q('DELETE FROM sessions WHERE token_hash = $1', [tokenHash]);
  }

  async createApiToken(tokenHash: string, t: Omit<ApiTokenRecord, 'createdAt'>) {
    await this.q('DELETE FROM api_tokens WHERE expires_at < $1', [this.clock.now()]);
    await this.q(
      'INSERT INTO api_tokens (token_hash, user_name, label, created_at, id, role, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
      [tokenHash, t.user, t.label, isoNow(this.clock), t.id, t.role, t.expiresAt],
    );
  }

  async getApiToken(tokenHash: string) {
    const [r] = await this.q<auth.TokenRow>('SELECT * FROM api_tokens WHERE token_hash = $1', [tokenHash]);
    return auth.liveToken(r, this.clock.now());
  }

  async listApiTokens(user: string) {
    const rows = await this.q<auth.TokenRow>(
      'SELECT * FROM api_tokens WHERE user_name = $1 AND expires_at >= $2 ORDER BY created_at DESC, id',
      [user, this.clock.now()],
    );
    return rows.map(auth.tokenOf);
  }

  async revokeApiToken(user: string, id: string) {
    const [r] = await this.q<auth.TokenRow>('DELETE FROM api_tokens WHERE user_name = $1 AND id = $2 RETURNING *', [
      user,
      id,
    ]);
    return r && auth.tokenOf(r);
  }

  async countLoginAttempt(key: string, windowMs: number) {
    const now = this.clock.now();
    // Windows that ended are forgotten first, so the upsert below starts a new one for this key.
    await this.q('DELETE FROM login_attempts WHERE reset_at <= $1', [now]);
    const [r] = await this.q<{ hits: number; reset_at: string }>(
      `INSERT INTO login_attempts (key, hits, reset_at) VALUES ($1, 1, $2)
       ON CONFLICT (key) DO UPDATE SET hits = login_attempts.hits + 1 RETURNING hits, reset_at`,
      [key, now + windowMs],
    );
    return { hits: r.hits, resetAt: Number(r.reset_at) };
  }

  async forgiveLoginAttempt(key: string) {
    await this.q('UPDATE login_attempts SET hits = GREATEST(hits - 1, 0) WHERE key = $1', [key]);
  }

  async resetLoginAttempts(key: string) {
    await this.q('DELETE FROM login_attempts WHERE key = $1', [key]);
  }
}
