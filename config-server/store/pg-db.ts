import pg from 'pg';
import { storeError } from './pg-errors.js';

/** Where a statement runs: the pool (a statement of its own) or a checked-out client (inside a transaction). */
export type Db = pg.Pool | pg.PoolClient;

/** A store call's errors as callers see them (pg-errors.ts: a lost database becomes `unavailable`). */
type ErrorMap = (e: unknown) => unknown;
/** For tools (migrations, the SQLite copy) that report PostgreSQL's own message. */
export const RAW_ERRORS: ErrorMap = (e) => e;

/**
 * The one way this server talks to PostgreSQL: `q` for a statement, `tx` for a transaction, `session` for a
 * checked-out client. Every store part (documents, publish, releases, approvals, auth, telemetry), the migrations and
 * the SQLite copy share it, so a lost connection is handled, and errors are mapped, in one place.
 */
export class PgDb {
  constructor(
    readonly pool: pg.Pool,
    private readonly mapError: ErrorMap = storeError,
  ) {}

  async q<T extends pg.QueryResultRow>(sql: string, args: unknown[] = [], db: Db = this.pool): Promise<T[]> {
    return (await this.run<T>(sql, args, db)).rows;
  }

  /** A statement's rows and how many rows it changed. */
  async run<T extends pg.QueryResultRow>(sql: string, args: unknown[] = [], db: Db = this.pool) {
    try {
      const r = await db.query<T>(sql, args);
      return { rows: r.rows, changes: r.rowCount ?? 0 };
    } catch (e) {
      throw this.mapError(e);
    }
  }

  /**
   * Runs `fn` on one checked-out client. A checked-out client has no pool listener: should the server go away between
   * two statements (while a publish check runs), its 'error' event would otherwise end the process; the next statement
   * rejects instead, and the client is dropped from the pool, not reused. `lost` drops it too (a failed ROLLBACK).
   */
  async session<T>(fn: (c: pg.PoolClient, lost: (e: Error) => void) => Promise<T>): Promise<T> {
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (e) {
      throw this.mapError(e);
    }
    let broken: Error | undefined;
    const lost = (e: Error) => void (broken ??= e);
    client.on('error', lost);
    try {
      return await fn(client, lost);
    } catch (e) {
      throw this.mapError(e);
    } finally {
      client.removeListener('error', lost);
      client.release(broken);
    }
  }

  /** Runs `fn` in one transaction; any throw (a store error or a refusing check) rolls it all back. */
  tx<T>(fn: (c: pg.PoolClient) => Promise<T>): Promise<T> {
    return this.session((c, lost) => transaction(c, lost, () => fn(c)));
  }
}

/** One transaction on a session's client (a session may run several, as the migrations do, one per version). */
export async function transaction<T>(c: pg.PoolClient, lost: (e: Error) => void, fn: () => Promise<T>): Promise<T> {
  await c.query('BEGIN');
  try {
    const out = await fn();
    await c.query('COMMIT');
    return out;
  } catch (e) {
    await c.query('ROLLBACK').catch(lost);
    throw e;
  }
}
