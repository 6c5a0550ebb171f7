import type pg from 'pg';
import type { AuthStore, Role, SessionRecord, UserRecord } from './config-store.js';
import { storeError } from './pg-errors.js';

interface UserRow { name: string; role: Role; password_hash: string; created_at: string }

/**
 * Users, sessions and API tokens in the shared PostgreSQL database: a session created on one
 * replica is valid on every other (the load balancer needs no stickiness).
 */
export class PgAuthStore implements AuthStore {
  constructor(private readonly pool: pg.Pool) {}

  private async q<T extends pg.QueryResultRow>(sql: string, args: unknown[] = []): Promise<T[]> {
    try {
      return (await this.pool.query<T>(sql, args)).rows;
    } catch (e) {
      throw storeError(e);
    }
  }

  async getUser(name: string): Promise<UserRecord | undefined> {
    const [r] = await this.q<UserRow>('SELECT * FROM users WHERE name = $1', [name]);
    return r && { name: r.name, role: r.role, passwordHash: r.password_hash, createdAt: r.created_at };
  }

  async countUsers() {
    return (await this.q<{ n: number }>('SELECT COUNT(*)::int AS n FROM users'))[0].n;
  }

  async upsertUser(u: Omit<UserRecord, 'createdAt'>) {
    // One statement: the new password and the end of every open session of that user land together.
    await this.q(
      `WITH up AS (
         INSERT INTO users (name, role, password_hash, created_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (name) DO UPDATE SET role = excluded.role, password_hash = excluded.password_hash RETURNING name)
       DELETE FROM sessions WHERE user_name IN (SELECT name FROM up)`,
      [u.name, u.role, u.passwordHash, new Date().toISOString()],
    );
  }

  async createSession(tokenHash: string, s: SessionRecord) {
    await this.q('DELETE FROM sessions WHERE expires_at < $1', [Date.now()]);
    await this.q('INSERT INTO sessions (token_hash, user_name, csrf, expires_at) VALUES ($1, $2, $3, $4)', [tokenHash, s.user, s.csrf, s.expiresAt]);
  }

  async getSession(tokenHash: string): Promise<SessionRecord | undefined> {
    const [r] = await this.q<{ user_name: string; csrf: string; expires_at: string }>('SELECT * FROM sessions WHERE token_hash = $1', [tokenHash]);
    // bigint comes back as a string.
    if (!r || Number(r.expires_at) < Date.now()) return undefined;
    return { user: r.user_name, csrf: r.csrf, expiresAt: Number(r.expires_at) };
  }

  async deleteSession(tokenHash: string) {
    await this.q('DELETE FROM sessions WHERE token_hash = $1', [tokenHash]);
  }

  async createApiToken(tokenHash: string, user: string, label: string) {
    await this.q('INSERT INTO api_tokens (token_hash, user_name, label, created_at) VALUES ($1, $2, $3, $4)', [tokenHash, user, label, new Date().toISOString()]);
  }

  async countLoginAttempt(key: string, windowMs: number) {
    const now = Date.now();
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

  async getApiTokenUser(tokenHash: string) {
    return (await this.q<{ user_name: string }>('SELECT user_name FROM api_tokens WHERE token_hash = $1', [tokenHash]))[0]?.user_name;
  }
}
