import type Database from 'better-sqlite3';

/**
 * The published generation of the embedded store: it goes up by one with every change of what borrowers see (a
 * publish, a rollback, a release change), so the server knows to refresh its snapshot. Synchronous.
 */
export class SqliteGeneration {
  constructor(private readonly db: Database.Database) {}

  current() {
    return (this.db.prepare("SELECT value FROM meta WHERE key = 'generation'").get() as { value: number }).value;
  }

  bump() {
    this.db.prepare("UPDATE meta SET value = value + 1 WHERE key = 'generation'").run();
  }
}
