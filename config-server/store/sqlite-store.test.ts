import Database from 'better-sqlite3';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importOnFirstStart } from './repo-documents.js';
import { SqliteAuthStore } from './sqlite-auth-store.js';
import { SqliteStore } from './sqlite-store.js';
import type { Clock } from '../clock.js';
import type { StoreFactory } from './testing/store-factory.js';
import { SqliteTelemetryStore } from './sqlite-telemetry.js';
import { describeStoreContracts } from './testing/store-contracts.js';
import { expectUpgradedToken, releaseNotFound } from './testing/store-steps.js';

function sqliteFactory(): StoreFactory {
  const dir = mkdtempSync(join(tmpdir(), 'sdui-store-'));
  const open = async (clock?: Clock) => {
    const store = new SqliteStore(join(dir, 'data'), clock);
    const auth = new SqliteAuthStore(store.db, clock);
    return { store, auth, raw: async (sql: string) => store.db.prepare(sql).run() };
  };
  return { create: open, reopen: () => open(), dispose: async () => rmSync(dir, { recursive: true, force: true }) };
}
describeStoreContracts('SqliteStore', sqliteFactory, (s) => new SqliteTelemetryStore((s.store as SqliteStore).db));

describe('SqliteStore', () => {
  it('keeps its file in WAL mode', async () => {
    const f = sqliteFactory();
    const store = (await f.create()).store as SqliteStore;
    try {
      await importOnFirstStart(store);
      expect(store.db.pragma('journal_mode', { simple: true })).toBe('wal');
    } finally {
      await store.close();
      await f.dispose();
    }
  });

  it('adds the release tables to a database made before releases, on open', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sdui-old-'));
    try {
      mkdirSync(join(dir, 'data'));
      const old = new Database(join(dir, 'data', 'config.sqlite'));
      old.exec(`CREATE TABLE documents (kind TEXT NOT NULL, id TEXT NOT NULL, file TEXT NOT NULL, revision INTEGER NOT NULL, published_version INTEGER, PRIMARY KEY (kind, id));
        CREATE TABLE meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL);
        INSERT INTO meta VALUES ('generation', 0);`);
      old.close();
      const store = new SqliteStore(join(dir, 'data'));
      try {
        await importOnFirstStart(store);
        const r = await releaseNotFound(store);
        expect((await store.releases.servingState()).releases.map((x) => x.id)).toEqual([r.id]);
      } finally {
        await store.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("upgrades a database made before tokens expired: old tokens get an id, their user's role and 90 days, and keep working", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sdui-old-'));
    try {
      mkdirSync(join(dir, 'data'));
      const old = new Database(join(dir, 'data', 'config.sqlite'));
      old.exec(`CREATE TABLE users (name TEXT PRIMARY KEY, role TEXT NOT NULL, password_hash TEXT NOT NULL, created_at TEXT NOT NULL);
        CREATE TABLE api_tokens (token_hash TEXT PRIMARY KEY, user TEXT NOT NULL, label TEXT NOT NULL, created_at TEXT NOT NULL);
        INSERT INTO users VALUES ('pat', 'publisher', 'h', '2025-01-01T00:00:00.000Z');
        INSERT INTO api_tokens VALUES ('tok-hash', 'pat', 'ci', '2025-01-01T00:00:00.000Z');`);
      old.close();
      for (let open = 0; open < 2; open++) {
        const store = new SqliteStore(join(dir, 'data'));
        try {
          const auth = new SqliteAuthStore(store.db);
          const t = await expectUpgradedToken(auth);
          expect((await auth.listApiTokens('pat')).map((x) => x.id)).toEqual([t!.id]);
        } finally {
          await store.close();
        }
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
