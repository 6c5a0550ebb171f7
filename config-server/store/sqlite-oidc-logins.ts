import type Database from 'better-sqlite3';
import type { OidcLogin, OidcLogins } from './oidc-login-records.js';

/** The `oidc_logins` table (created with the others in sqlite-schema.ts). */
export const SQLITE_OIDC_LOGINS = `
CREATE TABLE IF NOT EXISTS oidc_logins (token_hash TEXT PRIMARY KEY, refresh_token TEXT NOT NULL, checked_at INTEGER NOT NULL);
`;

export class SqliteOidcLogins implements OidcLogins {
  constructor(private readonly db: Database.Database) {}

  async recordOidcLogin(tokenHash: string, l: OidcLogin) {
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM oidc_logins WHERE token_hash NOT IN (SELECT token_hash FROM sessions)').run();
      this.db
        .prepare(
          `INSERT INTO oidc_logins (token_hash, refresh_token, checked_at) VALUES (?, ?, ?)
           ON CONFLICT (token_hash) DO UPDATE SET refresh_token = excluded.refresh_token, checked_at = excluded.checked_at`,
        )
        .run(tokenHash, l.refreshToken, l.checkedAt);
    })();
  }

  async oidcLoginOf(tokenHash: string) {
    const r = this.db
      .prepare('SELECT refresh_token, checked_at FROM oidc_logins WHERE token_hash = ?')
      .get(tokenHash) as { refresh_token: string; checked_at: number } | undefined;
    return r && { refreshToken: r.refresh_token, checkedAt: r.checked_at };
  }
}
