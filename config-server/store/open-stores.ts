import type { AuthStore, ConfigStore } from './config-store.js';
import { PgAuthStore } from './pg-auth-store.js';
import { PgStore } from './pg-store.js';
import { SqliteAuthStore } from './sqlite-auth-store.js';
import { SqliteStore } from './sqlite-store.js';
import { PgTelemetryStore } from './pg-telemetry.js';
import { SqliteTelemetryStore } from './sqlite-telemetry.js';
import type { TelemetryStore } from './telemetry-records.js';
import type { Clock } from '../clock.js';

export interface StoreOptions {
  /** A `postgres://` or `postgresql://` URL selects the shared PostgreSQL store (replicas). */
  databaseUrl?: string;
  /** Otherwise the embedded SQLite file lives in this folder. */
  dataDir: string;
  log?: (m: string, err?: unknown) => void;
  /** The stores' time (default the system's). */
  clock?: Clock;
}

export const isPostgresUrl = (url: string | undefined): url is string => !!url && /^postgres(ql)?:\/\//i.test(url);

/** The document, auth and telemetry stores over the same database: PostgreSQL when `databaseUrl` is given, else SQLite. */
export async function openStores(
  opts: StoreOptions,
): Promise<{ store: ConfigStore; auth: AuthStore; telemetry: TelemetryStore }> {
  if (opts.databaseUrl) {
    if (!isPostgresUrl(opts.databaseUrl))
      throw new Error(
        'DATABASE_URL must be a postgres:// or postgresql:// URL (leave it unset for the embedded SQLite store)',
      );
    const store = await PgStore.open(opts.databaseUrl, { log: opts.log, clock: opts.clock });
    return { store, auth: new PgAuthStore(store.pool, opts.clock), telemetry: new PgTelemetryStore(store.pool) };
  }
  const store = new SqliteStore(opts.dataDir, opts.clock);
  return { store, auth: new SqliteAuthStore(store.db, opts.clock), telemetry: new SqliteTelemetryStore(store.db) };
}
