import type Database from 'better-sqlite3';
import type { AuthStore, Role, SessionRecord, UserRecord } from './config-store.js';

interface UserRow { name: string; role: Role; password_hash: string; created_at: string }

/** Users, sessions and API tokens in the same SQLite file as the documents. */
export class SqliteAuthStore implements AuthStore {
  constructor(private readonly db: Database.Database) {}

  async getUser(name: string): Promise<UserRecord | undefined> {
    const r = this.db.prepare('SELECT * FROM users WHERE name = ?').get(name) as UserRow | undefined;
    return r && { name: r.name, role: r.role, passwordHash: r.password_hash, createdAt: r.created_at };
  }

  async countUsers() {
    return (this.db.prepare('SELECT COUNT(*) AS n FROM users').get() as { n: number }).n;
  }

  async upsertUser(u: Omit<UserRecord, 'createdAt'>) {
    this.db
      .prepare(
        `INSERT INTO users (name, role, password_hash, created_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (name) DO UPDATE SET role = excluded.role, password_hash = excluded.password_hash`,
      )
      .run(u.name, u.role, u.passwordHash, new Date().toISOString());
    // A new password or role ends every open session of that user.
    this.db.prepare('DELETE FROM sessions WHERE user = ?').run(u.name);
  }

  async createSession(tokenHash: string, s: SessionRecord) {
    this.db.prepare('DELETE FROM sessions WHERE expires_at < ?').run(Date.now());
    this.db.prepare('INSERT INTO sessions (token_hash, user, csrf, expires_at) VALUES (?, ?, ?, ?)').run(tokenHash, s.user, s.csrf, s.expiresAt);
  }

  async getSession(tokenHash: string): Promise<SessionRecord | undefined> {
    const r = this.db.prepare('SELECT * FROM sessions WHERE token_hash = ?').get(tokenHash) as
      | { user: string; csrf: string; expires_at: number }
      | undefined;
    if (!r || r.expires_at < Date.now()) return undefined;
    return { user: r.user, csrf: r.csrf, expiresAt: r.expires_at };
  }

  async deleteSession(tokenHash: string) {
    this.db.prepare('DELETE FROM sessions WHERE token_hash = ?').run(tokenHash);
  }

  async createApiToken(tokenHash: string, user: string, label: string) {
    this.db.prepare('INSERT INTO api_tokens (token_hash, user, label, created_at) VALUES (?, ?, ?, ?)').run(tokenHash, user, label, new Date().toISOString());
  }

  async countLoginAttempt(key: string, windowMs: number) {
    const now = Date.now();
    // Windows that ended are forgotten first, so the upsert below starts a new one for this key.
    this.db.prepare('DELETE FROM login_attempts WHERE reset_at <= ?').run(now);
    const r = this.db
      .prepare('INSERT INTO login_attempts (key, hits, reset_at) VALUES (?, 1, ?) ON CONFLICT (key) DO UPDATE SET hits = hits + 1 RETURNING hits, reset_at')
      .get(key, now + windowMs) as { hits: number; reset_at: number };
    return { hits: r.hits, resetAt: r.reset_at };
  }

  async forgiveLoginAttempt(key: string) {
    this.db.prepare('UPDATE login_attempts SET hits = MAX(hits - 1, 0) WHERE key = ?').run(key);
  }

  async resetLoginAttempts(key: string) {
    this.db.prepare('DELETE FROM login_attempts WHERE key = ?').run(key);
  }

  async getApiTokenUser(tokenHash: string) {
    return (this.db.prepare('SELECT user FROM api_tokens WHERE token_hash = ?').get(tokenHash) as { user: string } | undefined)?.user;
  }
}
