import type Database from 'better-sqlite3';
import type { Role } from './roles.js';
import type { Grant, MarketRole, MarketRoles } from './market-role-records.js';

/** The `market_roles` table (created with the others in sqlite-schema.ts). */
export const SQLITE_MARKET_ROLES = `
CREATE TABLE IF NOT EXISTS market_roles (
  user TEXT NOT NULL, market TEXT NOT NULL, role TEXT NOT NULL, PRIMARY KEY (user, market));
`;

export class SqliteMarketRoles implements MarketRoles {
  constructor(private readonly db: Database.Database) {}

  async marketRolesOf(user: string) {
    return this.db
      .prepare('SELECT market, role FROM market_roles WHERE user = ? ORDER BY market')
      .all(user) as MarketRole[];
  }

  async setMarketRoles(user: string, roles: MarketRole[]) {
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM market_roles WHERE user = ?').run(user);
      const add = this.db.prepare('INSERT INTO market_roles (user, market, role) VALUES (?, ?, ?)');
      for (const r of roles) add.run(user, r.market, r.role);
    })();
  }

  async listGrants(): Promise<Grant[]> {
    const rows = this.db
      .prepare(
        `SELECT name AS user, role, NULL AS market FROM users WHERE disabled_at IS NULL
         UNION ALL SELECT m.user, m.role, m.market FROM market_roles m JOIN users u ON u.name = m.user
         WHERE u.disabled_at IS NULL`,
      )
      .all() as { user: string; role: Role; market: string | null }[];
    return rows;
  }
}
