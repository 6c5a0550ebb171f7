import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgAuthStore } from './pg-auth-store.js';
import { importOnFirstStart } from './repo-documents.js';
import { PgStore, PUBLISH_CHANNEL } from './pg-store.js';
import type { Clock } from '../clock.js';
import { MIGRATIONS } from './pg-schema.js';
import { startTestPostgres, type TestPostgres } from '../testing/pg-test-server.js';
import { describePostgres, skippingPostgres } from '../testing/describe-postgres.js';
import { watchChannel } from './pg-watch.js';
import type { StoreFactory } from './testing/store-factory.js';
import { PgTelemetryStore } from './pg-telemetry.js';
import { describeStoreContracts } from './testing/store-contracts.js';
import { draftNotFound, expectUpgradedToken, releaseNotFound } from './testing/store-steps.js';

let server: TestPostgres | undefined;
beforeAll(async () => {
  if (!skippingPostgres()) server = await startTestPostgres();
}, 60_000);
afterAll(() => server?.remove());

function pgFactory(): StoreFactory {
  let url: string | undefined;
  const open = async (clock?: Clock) => {
    const store = await PgStore.open(url!, { clock });
    return { store, auth: new PgAuthStore(store.pool, clock), raw: (sql: string) => store.pool.query(sql) };
  };
  return {
    async create(clock?: Clock) {
      url = await server!.createDatabase();
      return open(clock);
    },
    reopen: () => open(),
    dispose: async () => undefined,
  };
}

describePostgres('PostgreSQL', () => {
  describeStoreContracts('PgStore (postgres)', pgFactory, (s) => new PgTelemetryStore((s.store as PgStore).pool));

  describe('PgStore (postgres) specifics', () => {
    it('migrates once when several replicas start on an empty database at the same moment', async () => {
      const url = await server!.createDatabase();
      const stores = await Promise.all(Array.from({ length: 4 }, () => PgStore.open(url)));
      try {
        const { rows } = await stores[0].pool.query('SELECT version FROM schema_migrations');
        expect(rows.map((r) => r.version).sort((a, b) => a - b)).toEqual(MIGRATIONS.map((_, i) => i + 1));
      } finally {
        await Promise.all(stores.map((s) => s.close()));
      }
    });

    it("migration 3 upgrades a database made before tokens expired: old tokens get an id, their user's role and 90 days", async () => {
      const url = await server!.createDatabase();
      const pool = new pg.Pool({ connectionString: url });
      try {
        await pool.query(
          'CREATE TABLE schema_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
        );
        for (const [i, sql] of MIGRATIONS.slice(0, 2).entries()) {
          await pool.query(sql);
          await pool.query('INSERT INTO schema_migrations (version) VALUES ($1)', [i + 1]);
        }
        await pool.query("INSERT INTO users VALUES ('pat', 'publisher', 'h', '2025-01-01T00:00:00.000Z')");
        await pool.query("INSERT INTO api_tokens VALUES ('tok-hash', 'pat', 'ci', '2025-01-01T00:00:00.000Z')");
      } finally {
        await pool.end();
      }
      const store = await PgStore.open(url);
      try {
        const auth = new PgAuthStore(store.pool);
        const t = await expectUpgradedToken(auth);
        expect((await auth.revokeApiToken('pat', t!.id))?.id).toBe(t!.id);
      } finally {
        await store.close();
      }
    });

    it('migration 4 adds releases to a database made before them: its documents publish as releases at once', async () => {
      const url = await server!.createDatabase();
      const pool = new pg.Pool({ connectionString: url });
      try {
        await pool.query(
          'CREATE TABLE schema_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
        );
        for (const [i, sql] of MIGRATIONS.slice(0, 3).entries()) {
          await pool.query(sql);
          await pool.query('INSERT INTO schema_migrations (version) VALUES ($1)', [i + 1]);
        }
      } finally {
        await pool.end();
      }
      const store = await PgStore.open(url);
      try {
        await importOnFirstStart(store);
        const r = await releaseNotFound(store);
        expect((await store.releases.servingState()).releases.map((x) => x.id)).toEqual([r.id]);
        await expect(store.pool.query('TRUNCATE release_documents')).rejects.toThrow(/immutable/);
      } finally {
        await store.close();
      }
    });

    it('refuses TRUNCATE of the history too', async () => {
      const url = await server!.createDatabase();
      const store = await PgStore.open(url);
      try {
        await expect(store.pool.query('TRUNCATE versions')).rejects.toThrow(/immutable/);
        await expect(store.pool.query('TRUNCATE audit')).rejects.toThrow(/append-only/);
      } finally {
        await store.close();
      }
    });

    it('hears publish notifications, and again after the database restarted (told once it is back)', async () => {
      const own = await startTestPostgres();
      const url = await own.createDatabase();
      let heard = 0;
      const logs: string[] = [];
      const stop = watchChannel(
        url,
        PUBLISH_CHANNEL,
        () => heard++,
        (m) => logs.push(m),
        100,
      );
      const notify = async () => {
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        await c.query('SELECT pg_notify($1, $2)', [PUBLISH_CHANNEL, '1']);
        await c.end();
      };
      const waitFor = async (ok: () => boolean) => {
        for (let i = 0; i < 100 && !ok(); i++) await new Promise((r) => setTimeout(r, 50));
        expect(ok()).toBe(true);
      };
      try {
        await new Promise((r) => setTimeout(r, 300));
        await notify();
        await waitFor(() => heard === 1);
        own.stop();
        await waitFor(() => logs.some((m) => /lost the publish notifications/.test(m)));
        own.start();
        // Back: the listener is called once (a publish may have been missed), then hears new ones.
        await waitFor(() => heard === 2);
        expect(logs.at(-1)).toMatch(/notifications are back/);
        await notify();
        await waitFor(() => heard === 3);
      } finally {
        stop();
        own.remove();
      }
    });

    it('survives the database going away in the middle of a publish: 503, nothing half-written, no crash', async () => {
      const own = await startTestPostgres();
      const store = await PgStore.open(await own.createDatabase());
      try {
        await importOnFirstStart(store);
        await draftNotFound(store, 'mid-publish');
        // The check runs inside the transaction: the server stops right then, between two statements.
        const publishing = store.publish([{ kind: 'screen', id: 'not-found' }], { user: 'pat', note: 'x' }, () =>
          own.stop(),
        );
        await expect(publishing).rejects.toMatchObject({ kind: 'unavailable' });
        own.start();
        let after;
        for (let i = 0; i < 50 && !after; i++)
          after = await store
            .getDocument('screen', 'not-found')
            .catch(() => new Promise((r) => setTimeout(r, 100)).then(() => undefined));
        expect(after!.published!.version).toBe(1);
        expect((after!.draft!.content as { description: string }).description).toBe('mid-publish');
        expect((await store.audit({ actor: 'pat' })).length).toBe(0);
      } finally {
        await store.close();
        own.remove();
      }
    });

    it('answers 503 (not a crash, not a hang) while the database is unreachable', async () => {
      const own = await startTestPostgres();
      const store = await PgStore.open(await own.createDatabase());
      try {
        await store.generation();
        // The server goes away after start: statements (pool) and transactions (a checked-out client) alike.
        own.stop();
        await expect(store.generation()).rejects.toMatchObject({
          kind: 'unavailable',
          message: expect.stringMatching(/unreachable.*still served/),
        });
        await expect(
          store.saveDraft({ kind: 'screen', id: 'x', file: 'x', content: {} }, null, { user: 'ed' }),
        ).rejects.toMatchObject({ kind: 'unavailable' });
        await expect(new PgAuthStore(store.pool).countUsers()).rejects.toMatchObject({ kind: 'unavailable' });
        await expect(new PgTelemetryStore(store.pool).sharedSecret('k', () => 'v')).rejects.toMatchObject({
          kind: 'unavailable',
        });
      } finally {
        await store.close().catch(() => undefined);
        own.remove();
      }
    });
  });
});
