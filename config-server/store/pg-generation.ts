import type pg from 'pg';
import type { Db, PgDb } from './pg-db.js';

/** Channel a publish notifies on (the payload is the new generation). */
export const PUBLISH_CHANNEL = 'sdui_published';
/** Any constant: publishes, rollbacks, release changes and imports take this transaction lock (never interleaved). */
const PUBLISH_LOCK = 7_301_020;

/**
 * The published generation of the PostgreSQL store: the lock every change of what borrowers see takes, and the bump
 * that tells every replica (at commit) that it changed. Publishing (pg-publish.ts) and releases (pg-releases.ts)
 * share it.
 */
export class PgGeneration {
  constructor(private readonly db: PgDb) {}

  async current(db: Db = this.db.pool): Promise<number> {
    return (await this.db.q<{ value: number }>("SELECT value FROM meta WHERE key = 'generation'", [], db))[0].value;
  }

  /** Serialises publishers (until the transaction ends). */
  async lock(c: pg.PoolClient) {
    await this.db.q('SELECT pg_advisory_xact_lock($1)', [PUBLISH_LOCK], c);
  }

  /** Bumps the generation and notifies every replica (at commit). */
  async bump(c: pg.PoolClient) {
    const [g] = await this.db.q<{ value: number }>(
      "UPDATE meta SET value = value + 1 WHERE key = 'generation' RETURNING value",
      [],
      c,
    );
    await this.db.q('SELECT pg_notify($1, $2)', [PUBLISH_CHANNEL, String(g.value)], c);
  }
}
