import { resolve } from 'node:path';
import { defaultDataDir } from '../app.js';
import { openStores } from '../store/open-stores.js';

/** The store a CLI works on: env DATABASE_URL (PostgreSQL) when set, else the SQLite file in --data-dir / DATA_DIR / data/. */
export function openCliStores(dataDir: string | undefined) {
  return openStores({
    databaseUrl: process.env.DATABASE_URL || undefined,
    dataDir: resolve(dataDir ?? process.env.DATA_DIR ?? defaultDataDir),
  });
}
