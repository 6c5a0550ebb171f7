import type Database from 'better-sqlite3';
import type { ApiTokenRecord, AuthStore, SessionRecord, UserRecord } from './config-store.js';
import * as auth from './auth-records.js';
import { AuthExtras } from './auth-extras.js';
import { isoNow, systemClock, type Clock } from '../clock.js';
import { SqliteOidcLogins } from './sqlite-oidc-logins.js';
import { SqliteMarketRoles } from './sqlite-market-roles.js';
import { SqliteSessionList } from './sqlite-session-list.js';

/** Users, sessions and API tokens in the same SQLite file as the documents. */
export class SqliteAuthStore extends AuthExtras implements AuthStore {
  constructor(
    private readonly db: Database.Database,
    private readonly clock: Clock = systemClock,
  ) {
    super({
      sessionList: new SqliteSessionList(db),
      marketRoles: new SqliteMarketRoles(db),
      oidcLogins: new SqliteOidcLogins(db),
    });
  }

  async getUser(name: string): Promise<UserRecord | undefined> {
    const r = this.db.prepare('SELECT * FROM users WHERE name = ?').get(name) as auth.UserRow | undefined;
    return r && auth.userOf(r);
  }

  async countUsers() {
    return (this.db.prepare('SELECT COUNT(*) AS n FROM users').get() as { n: number }).n;
  }

  /** Ends every session and API token of the user (inside the caller's transaction). */
  private endCredentials(name: string) {
    this.db.prepare('DELETE FROM sessions WHERE user = ?').run(name);
    this.db.prepare('DELETE FROM api_tokens WHERE user = ?').run(name);
  }

  async upsertUser(u: Omit<UserRecord, 'createdAt' | 'disabledAt'>) {
    this.db.transaction(() => {
      this.db
        .prepare(
          `INSERT INTO users (name, role, password_hash, created_at) VALUES (?, ?, ?, ?)
           ON CONFLICT (name) DO UPDATE SET role = excluded.role, password_hash = excluded.password_hash, disabled_at = NULL`,
        )
        .run(u.name, u.role, u.passwordHash, isoNow(this.clock));
      // A new password or role ends every open session and API token of that user.
      this.endCredentials(u.name);
    })();
  }

  async rehashPassword(name: string, expected: string, passwordHash: string) {
    return (
      this.db
        .prepare('UPDATE users SET password_hash = ? WHERE name = ? AND password_hash = ?')
        .run(passwordHash, name, expected).changes === 1
    );
  }

  async disableUser(name: string) {
    return this.db.transaction(() => {
      const changed =
        this.db
          .prepare('UPDATE users SET disabled_at = COALESCE(disabled_at, ?) WHERE name = ?')
          .run(isoNow(this.clock), name).changes === 1;
      if (changed) this.endCredentials(name);
      return changed;
    })();
  }

  async createSession(tokenHash: string, s: SessionRecord) {
    this.db.prepare('DELETE FROM sessions WHERE expires_at < ?').run(this.clock.now());
    this.db
      .prepare('INSERT INTO sessions (token_hash, user, csrf, expires_at, last_seen_at) VALUES (?, ?, ?, ?, ?)')
      .run(tokenHash, s.user, s.csrf, s.expiresAt, s.lastSeenAt);
  }

  async getSession(tokenHash: string): Promise<SessionRecord | undefined> {
    const r = this.db.prepare('SELECT * FROM sessions WHERE token_hash = ?').get(tokenHash);
    return auth.liveSession(r as auth.SessionRow | undefined, this.clock.now());
  }

  async touchSession(tokenHash: string, at: number) {
    this.db
      .prepare(
        'UPDATE sessions SET last_seen_at = ? WHERE token_hash = ? AND (last_seen_at IS NULL OR last_seen_at < ?)',
      )
      .run(at, tokenHash, at);
  }

  async deleteSession(tokenHash: string) {
    this.db.prepare('DELETE FROM sessions WHERE token_hash = ?').run(tokenHash);
  }

  async createApiToken(tokenHash: string, t: Omit<ApiTokenRecord, 'createdAt'>) {
    this.db.prepare('DELETE FROM api_tokens WHERE expires_at < ?').run(this.clock.now());
    this.db
      .prepare(
        'INSERT INTO api_tokens (token_hash, user, label, created_at, id, role, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      )
      .run(tokenHash, t.user, t.label, isoNow(this.clock), t.id, t.role, t.expiresAt);
  }

  async getApiToken(tokenHash: string) {
    const r = this.db.prepare('SELECT * FROM api_tokens WHERE token_hash = ?').get(tokenHash) as
      auth.TokenRow | undefined;
    return auth.liveToken(r, this.clock.now());
  }

  async listApiTokens(user: string) {
    const rows = this.db
      .prepare('SELECT * FROM api_tokens WHERE user = ? AND expires_at >= ? ORDER BY created_at DESC, id')
      .all(user, this.clock.now()) as auth.TokenRow[];
    return rows.map(auth.tokenOf);
  }

  async revokeApiToken(user: string, id: string) {
    const r = this.db.prepare('DELETE FROM api_tokens WHERE user = ? AND id = ? RETURNING *').get(user, id) as
      auth.TokenRow | undefined;
    return r && auth.tokenOf(r);
  }

  async countLoginAttempt(key: string, windowMs: number) {
    const now = this.clock.now();
    // Windows that ended are forgotten first, so the upsert below starts a new one for this key.
    this.db.prepare('DELETE FROM login_attempts WHERE reset_at <= ?').run(now);
    const r = this.db
      .prepare(
        'INSERT INTO login_attempts (key, hits, reset_at) VALUES (?, 1, ?) ON CONFLICT (key) DO UPDATE SET hits = hits + 1 RETURNING hits, reset_at',
      )
      .get(key, now + windowMs) as { hits: number; reset_at: number };
    return { hits: r.hits, resetAt: r.reset_at };
  }

  async forgiveLoginAttempt(key: string) {
    this.db.prepare('UPDATE login_attempts SET hits = MAX(hits - 1, 0) WHERE key = ?').run(key);
  }

  async resetLoginAttempts(key: string) {
    this.db.prepare('DELETE FROM login_attempts WHERE key = ?').run(key);
  }
}
