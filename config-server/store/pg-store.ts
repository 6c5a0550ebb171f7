import pg from 'pg';
import { migrate } from './pg-schema.js';
import { PgDb, type Db } from './pg-db.js';
import { SqlStore } from './sql-store.js';
import { PUBLISH_CHANNEL } from './sql-reads.js';
import { runAsync, type Program, type Statement } from './sql-program.js';
import { numberedPlaceholders, type Dialect } from './dialect.js';
import { watchChannel } from './pg-watch.js';
import type { Clock } from '../clock.js';

export { PUBLISH_CHANNEL } from './sql-reads.js';

/** `postgresql://host:port/db`, without user and password, for logs. */
export function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `postgresql ${u.host}${u.pathname}`;
  } catch {
    return 'postgresql';
  }
}

/**
 * How PostgreSQL runs the store's programs: each statement awaited on one client inside its transaction (a replica
 * that dies mid-publish leaves nothing), the consistent read as a repeatable-read snapshot, plain reads on the pool.
 */
function pgDialect(db: PgDb): Dialect {
  const sql = new Map<string, string>();
  const on = (c: Db) => (s: Statement) => {
    let text = sql.get(s.sql);
    if (text === undefined) sql.set(s.sql, (text = numberedPlaceholders(s.sql)));
    return db.run(text, s.args, c);
  };
  const go = <T>(p: () => Program<T>, c: Db) => runAsync(p(), on(c));
  return {
    write: (p) => db.tx((c) => go(p, c)),
    snapshot: (p) =>
      db.tx(async (c) => {
        await db.q('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY', [], c);
        return go(p, c);
      }),
    read: (p) => go(p, db.pool),
  };
}

/**
 * The shared PostgreSQL store, for several replicas. Users and sessions are PgAuthStore (pg-auth-store.ts), telemetry
 * PgTelemetryStore, over the same pool. A publish notifies `PUBLISH_CHANNEL` in its transaction, so other replicas hear
 * of it at commit (`watch`).
 */
export class PgStore extends SqlStore {
  private constructor(
    readonly pool: pg.Pool,
    private readonly url: string,
    private readonly log: (m: string, err?: unknown) => void,
    clock?: Clock,
  ) {
    super(describeUrl(url), pgDialect(new PgDb(pool)), clock);
  }

  /** Connects and applies pending migrations (safe when several replicas start at once). */
  static async open(
    url: string,
    opts: { log?: (m: string, err?: unknown) => void; clock?: Clock } = {},
  ): Promise<PgStore> {
    // Bounded waits: a database that stops answering (a cut network sends no reset) turns into 503s, not hung requests.
    const pool = new pg.Pool({
      connectionString: url,
      max: 10,
      connectionTimeoutMillis: 3000,
      query_timeout: 15_000,
      idleTimeoutMillis: 30_000,
      keepAlive: true,
    });
    // An idle client losing its server emits here; without a listener that would end the process.
    pool.on('error', (e) => opts.log?.(`postgresql: idle connection lost (${e.message})`));
    try {
      await migrate(pool);
    } catch (e) {
      await pool.end();
      // Without its database a replica has no snapshot to serve: refuse to start, saying where it looked.
      throw new Error(`Cannot use PostgreSQL at ${describeUrl(url)} (DATABASE_URL): ${(e as Error).message}`);
    }
    return new PgStore(pool, url, opts.log ?? (() => {}), opts.clock);
  }

  watch(listener: () => void) {
    return watchChannel(this.url, PUBLISH_CHANNEL, listener, this.log);
  }

  private closing?: Promise<void>;
  override close() {
    this.closing ??= this.pool.end();
    return this.closing;
  }
}
