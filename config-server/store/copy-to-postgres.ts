import type Database from 'better-sqlite3';
import type { PgStore } from './pg-store.js';
import { PUBLISH_CHANNEL } from './sql-reads.js';
import { PgDb, RAW_ERRORS } from './pg-db.js';

/** Tables in copy order, each as [sqlite table, its columns renamed to PostgreSQL's where they differ]. */
const TABLES: { table: string; rename?: Record<string, string> }[] = [
  { table: 'documents' },
  { table: 'versions' },
  { table: 'drafts' },
  { table: 'audit' },
  { table: 'releases' },
  { table: 'release_documents' },
  { table: 'approvals' },
  { table: 'telemetry_counts' },
  { table: 'telemetry_bins' },
  { table: 'experiment_exposures' },
  { table: 'experiment_conversions' },
  { table: 'experiment_goal_hits' },
  { table: 'experiment_counts' },
  { table: 'telemetry_views' },
  { table: 'telemetry_addresses' },
  // The view-ticket and address keys: tickets handed out before the move still count, address caps go on.
  { table: 'server_secrets' },
  { table: 'users' },
  // Without these a market's publisher would be a viewer after the move, a session would vanish from the sessions
  // page, and one started with the identity provider would no longer be re-checked with it.
  { table: 'market_roles', rename: { user: 'user_name' } },
  { table: 'sessions', rename: { user: 'user_name' } },
  { table: 'session_starts', rename: { user: 'user_name' } },
  { table: 'oidc_logins' },
  { table: 'api_tokens', rename: { user: 'user_name' } },
  { table: 'login_attempts' },
];

/** The SQLite tables the copy carries over (`meta`, the generation, is set apart). */
export const COPIED_TABLES: readonly string[] = TABLES.map((t) => t.table);

export type CopyReport = Record<string, number> & { generation: number };

/**
 * Copies a whole SQLite store into an empty PostgreSQL store in one transaction: documents, every
 * version, drafts, the audit log (same sequence numbers), releases with their candidates and telemetry, the shared
 * secrets, users with their roles per market, sessions (with their start and identity-provider sign-in), API tokens,
 * login counts and the generation. Rows are copied as stored (content text unchanged), so nothing is re-serialised or lost.
 * Refuses a target that already holds anything; replicas already running on it refresh at commit.
 */
export async function copySqliteToPostgres(source: Database.Database, target: PgStore): Promise<CopyReport> {
  // Raw errors: the CLI quotes PostgreSQL's own message.
  return new PgDb(target.pool, RAW_ERRORS).tx(async (client) => {
    for (const { table } of TABLES) {
      const { rows } = await client.query<{ n: number }>(`SELECT COUNT(*)::int AS n FROM ${table}`);
      if (rows[0].n > 0)
        throw new Error(
          `The target database already has ${rows[0].n} row(s) in ${table}: migrate into an empty database`,
        );
    }
    const report = { generation: 0 } as CopyReport;
    for (const { table, rename = {} } of TABLES) {
      const rows = (source.prepare(`SELECT * FROM ${table}`).all() as Record<string, unknown>[]).map((r) =>
        Object.fromEntries(Object.entries(r).map(([k, v]) => [rename[k] ?? k, v])),
      );
      // One statement per table: the rows travel as one JSON array and PostgreSQL maps keys to columns.
      if (rows.length)
        await client.query(`INSERT INTO ${table} SELECT * FROM json_populate_recordset(NULL::${table}, $1::json)`, [
          JSON.stringify(rows),
        ]);
      report[table] = rows.length;
    }
    // Explicit seqs were inserted: the next audit entry continues after the last copied one.
    await client.query(
      "SELECT setval(pg_get_serial_sequence('audit', 'seq'), GREATEST((SELECT MAX(seq) FROM audit), 1), (SELECT COUNT(*) > 0 FROM audit))",
    );
    const gen = (source.prepare("SELECT value FROM meta WHERE key = 'generation'").get() as { value: number }).value;
    await client.query("UPDATE meta SET value = $1 WHERE key = 'generation'", [gen]);
    await client.query('SELECT pg_notify($1, $2)', [PUBLISH_CHANNEL, String(gen)]);
    report.generation = gen;
    return report;
  });
}
