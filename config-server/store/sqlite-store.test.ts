import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importOnFirstStart } from './repo-documents.js';
import { SqliteAuthStore } from './sqlite-auth-store.js';
import { SqliteStore } from './sqlite-store.js';
import { describeStoreContract, type StoreFactory } from './store-contract.js';

function sqliteFactory(): StoreFactory {
  const dir = mkdtempSync(join(tmpdir(), 'sdui-store-'));
  const open = async () => {
    const store = new SqliteStore(join(dir, 'data'));
    return { store, auth: new SqliteAuthStore(store.db), raw: async (sql: string) => store.db.prepare(sql).run() };
  };
  return { create: open, reopen: open, dispose: async () => rmSync(dir, { recursive: true, force: true }) };
}

describeStoreContract('SqliteStore', sqliteFactory);

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
});
