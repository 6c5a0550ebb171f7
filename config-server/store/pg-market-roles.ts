import type pg from 'pg';
import type { Role } from './roles.js';
import type { Grant, MarketRole, MarketRoles } from './market-role-records.js';
import { PgDb } from './pg-db.js';

/** The `market_roles` table: the migration pg-schema.ts appends (columns as in sqlite-market-roles.ts). */
export const PG_MARKET_ROLES = `
  CREATE TABLE market_roles (
    user_name text NOT NULL, market text NOT NULL, role text NOT NULL, PRIMARY KEY (user_name, market));
`;

export class PgMarketRoles implements MarketRoles {
  private readonly db: PgDb;

  constructor(pool: pg.Pool) {
    this.db = new PgDb(pool);
  }

  async marketRolesOf(user: string) {
    return this.db.q<MarketRole & pg.QueryResultRow>(
      'SELECT market, role FROM market_roles WHERE user_name = $1 ORDER BY market',
      [user],
    );
  }

  async setMarketRoles(user: string, roles: MarketRole[]) {
    // Two statements in one transaction: a DELETE and an INSERT of one statement would see the same snapshot.
    await this.db.tx(async (c) => {
      await this.db.q('DELETE FROM market_roles WHERE user_name = $1', [user], c);
      for (const r of roles)
        await this.db.q(
          'INSERT INTO market_roles (user_name, market, role) VALUES ($1, $2, $3)',
          [user, r.market, r.role],
          c,
        );
    });
  }

  async listGrants(): Promise<Grant[]> {
    return this.db.q<{ user: string; role: Role; market: string | null }>(
      `SELECT name AS "user", role, NULL::text AS market FROM users WHERE disabled_at IS NULL
       UNION ALL SELECT m.user_name, m.role, m.market FROM market_roles m JOIN users u ON u.name = m.user_name
       WHERE u.disabled_at IS NULL`,
    );
  }
}
