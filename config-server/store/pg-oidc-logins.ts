import type pg from 'pg';
import type { OidcLogin, OidcLogins } from './oidc-login-records.js';
import { PgDb } from './pg-db.js';

/** The `oidc_logins` table: the migration pg-schema.ts appends (columns as in sqlite-oidc-logins.ts). */
export const PG_OIDC_LOGINS = `
  CREATE TABLE oidc_logins (token_hash text PRIMARY KEY, refresh_token text NOT NULL, checked_at bigint NOT NULL);
`;

export class PgOidcLogins implements OidcLogins {
  private readonly db: PgDb;

  constructor(pool: pg.Pool) {
    this.db = new PgDb(pool);
  }

  async recordOidcLogin(tokenHash: string, l: OidcLogin) {
    await this.db.q(
      'DELETE FROM oidc_logins o WHERE NOT EXISTS (SELECT 1 FROM sessions s WHERE s.token_hash = o.token_hash)',
    );
    await this.db.q(
      `INSERT INTO oidc_logins (token_hash, refresh_token, checked_at) VALUES ($1, $2, $3)
       ON CONFLICT (token_hash) DO UPDATE SET refresh_token = excluded.refresh_token, checked_at = excluded.checked_at`,
      [tokenHash, l.refreshToken, l.checkedAt],
    );
  }

  async oidcLoginOf(tokenHash: string) {
    const [r] = await this.db.q<{ refresh_token: string; checked_at: string }>(
      'SELECT refresh_token, checked_at FROM oidc_logins WHERE token_hash = $1',
      [tokenHash],
    );
    return r && { refreshToken: r.refresh_token, checkedAt: Number(r.checked_at) };
  }
}
