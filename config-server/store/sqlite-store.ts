import type Database from 'better-sqlite3';
import { openDatabase } from './sqlite-schema.js';
import { SqlStore } from './sql-store.js';
import { runSync, type Outcome, type Program, type Statement } from './sql-program.js';
import { withoutCollation, type Dialect } from './dialect.js';
import type { Clock } from '../clock.js';

/**
 * How SQLite runs the store's programs: synchronously (better-sqlite3), a write as one immediate transaction, so
 * writes never interleave and what a decision read is what it changes. Statements are prepared once and kept.
 */
function sqliteDialect(db: Database.Database): Dialect {
  const prepared = new Map<string, Database.Statement>();
  const run = (s: Statement): Outcome => {
    if (s.pgOnly) return { rows: [], changes: 0 };
    let st = prepared.get(s.sql);
    if (!st) prepared.set(s.sql, (st = db.prepare(withoutCollation(s.sql))));
    if (st.reader) return { rows: st.all(...s.args) as Outcome['rows'], changes: 0 };
    return { rows: [], changes: st.run(...s.args).changes };
  };
  const go = <T>(p: () => Program<T>) => runSync(p(), run);
  return {
    write: async (p) => db.transaction(() => go(p)).immediate(),
    snapshot: async (p) => db.transaction(() => go(p))(),
    read: async (p) => go(p),
  };
}

/**
 * The embedded SQLite store (the default): `<dataDir>/config.sqlite`, one process's or a few CLI's. Users and sessions
 * are SqliteAuthStore (sqlite-auth-store.ts), telemetry SqliteTelemetryStore, over the same database.
 */
export class SqliteStore extends SqlStore {
  readonly db: Database.Database;

  constructor(dataDir: string, clock?: Clock) {
    const db = openDatabase(dataDir, clock);
    super(`sqlite ${db.name}`, sqliteDialect(db), clock);
    this.db = db;
  }

  override async close() {
    if (this.db.open) this.db.close();
  }
}
