/**
 * `npm run config:migrate`: an SQLite store with history (imports, drafts, publishes, a rollback, users,
 * sessions, tokens) copied into PostgreSQL reads back identical, and `config:export` of either store
 * writes the same files.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { validStateCheck } from '../validation/publish-checks.js';
import { PgAuthStore } from './pg-auth-store.js';
import { PgStore } from './pg-store.js';
import { sharedTestPostgres } from '../testing/pg-test-server.js';
import { describePostgres } from '../testing/describe-postgres.js';
import { importOnFirstStart } from './repo-documents.js';
import { SqliteAuthStore } from './sqlite-auth-store.js';
import { SqliteStore } from './sqlite-store.js';
import { COPIED_TABLES } from './copy-to-postgres.js';

const cli = (script: string, args: string[], env: Record<string, string> = {}) =>
  execFileSync(process.execPath, ['--import', 'tsx', `config-server/cli/${script}.ts`, ...args], {
    env: { ...process.env, DATABASE_URL: '', ...env },
    encoding: 'utf8',
  });

/** Every file under `dir` with its text. */
function filesOf(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const n of readdirSync(d)) {
      const p = join(d, n);
      if (statSync(p).isDirectory()) walk(p);
      else out[relative(dir, p)] = readFileSync(p, 'utf8');
    }
  };
  walk(dir);
  return out;
}

describePostgres('config:migrate SQLite → postgres', () => {
  let dir: string;
  let url: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sdui-migrate-'));
    url = await (await sharedTestPostgres()).createDatabase();
    const store = new SqliteStore(join(dir, 'data'));
    const auth = new SqliteAuthStore(store.db);
    await importOnFirstStart(store);
    const edit = async (id: string, description: string, user: string) => {
      const rec = (await store.getDocument('screen', id))!;
      await store.saveDraft(
        {
          kind: 'screen',
          id,
          file: rec.file,
          content: { ...((rec.draft?.content ?? rec.published!.content) as object), description },
        },
        rec.revision,
        { user },
      );
    };
    await edit('not-found', 'first edit', 'ed');
    await edit('not-available', 'second edit', 'eve');
    await store.publish(
      [
        { kind: 'screen', id: 'not-found' },
        { kind: 'screen', id: 'not-available' },
      ],
      { user: 'pat', note: 'migrate me' },
      validStateCheck,
    );
    const nf = (await store.getDocument('screen', 'not-found'))!;
    await store.rollback(
      { kind: 'screen', id: 'not-found', version: 1, expectedRevision: nf.revision },
      { user: 'pat', reason: 'back' },
      validStateCheck,
    );
    await edit('not-available', 'a draft with ünïcödé and "quotes" \u2028', 'ed');
    await edit('not-found', 'a release candidate', 'ed');
    await store.releases.publishRelease(
      [{ kind: 'screen', id: 'not-found' }],
      {
        user: 'pat',
        note: 'at 10 %',
        rollout: {
          percent: 10,
          audience: { markets: ['ID'] },
          startAt: null,
          endAt: '2099-01-01T00:00:00.000Z',
          guard: true,
        },
      },
      validStateCheck,
    );
    await auth.upsertUser({ name: 'pat', role: 'publisher', passwordHash: 'scrypt$x' });
    await auth.createSession('sess-hash', {
      user: 'pat',
      csrf: 'csrf',
      expiresAt: Date.now() + 3_600_000,
      lastSeenAt: Date.now(),
    });
    // What the console shows of the session, the identity provider's re-check of it, and a role on one market.
    await auth.recordSessionStart('sess-hash', {
      id: 'sess1',
      user: 'pat',
      startedAt: Date.now() - 60_000,
      address: '203.0.113.7',
      device: 'Firefox',
    });
    await auth.recordOidcLogin('sess-hash', { refreshToken: 'refresh-1', checkedAt: Date.now() });
    await auth.upsertUser({ name: 'ana', role: 'viewer', passwordHash: 'scrypt$y' });
    await auth.setMarketRoles('ana', [{ market: 'ID', role: 'publisher' }]);
    await auth.createApiToken('tok-hash', {
      id: 'tok1',
      user: 'pat',
      label: 'ci',
      role: 'publisher',
      expiresAt: Date.now() + 86_400_000,
    });
    await store.close();
  }, 60_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('copies versions, drafts, audit, users, sessions, tokens and releases losslessly, says what it copied, and refuses a second run', async () => {
    const out = cli('config-migrate', ['--to', url, '--data-dir', join(dir, 'data')]);
    expect(out).toMatch(
      /copied sqlite .* into postgresql 127\.0\.0\.1:\d+\/\w+: \d+ documents, \d+ versions, 1 drafts, \d+ audit entries, 2 users, 1 sessions, 1 API tokens, 1 releases \(generation 4\)/,
    );
    console.log(out.trim());

    const a = new SqliteStore(join(dir, 'data'));
    const b = await PgStore.open(url);
    try {
      expect(await b.listDocuments()).toEqual(await a.listDocuments());
      expect(await b.listPublished()).toEqual(await a.listPublished());
      for (const d of await a.listDocuments())
        expect(await b.history(d.kind, d.id)).toEqual(await a.history(d.kind, d.id));
      expect(await b.audit({ limit: 1000 })).toEqual(await a.audit({ limit: 1000 }));
      expect(await b.generation()).toBe(await a.generation());
      expect(await b.releases.listReleases()).toEqual(await a.releases.listReleases());
      expect(await b.releases.servingState()).toEqual(await a.releases.servingState());
      const [authA, authB] = [new SqliteAuthStore(a.db), new PgAuthStore(b.pool)];
      expect(await authB.getUser('pat')).toEqual(await authA.getUser('pat'));
      expect(await authB.getSession('sess-hash')).toEqual(await authA.getSession('sess-hash'));
      expect(await authB.getApiToken('tok-hash')).toEqual(await authA.getApiToken('tok-hash'));
      expect(await authB.getApiToken('tok-hash')).toMatchObject({ id: 'tok1', user: 'pat', role: 'publisher' });
      // Ana still publishes Indonesia, pat's session is still listed and still re-checked with the provider.
      expect(await authB.marketRolesOf('ana')).toEqual([{ market: 'ID', role: 'publisher' }]);
      expect(await authB.listGrants()).toEqual(expect.arrayContaining(await authA.listGrants()));
      expect(await authB.listSessions(undefined, Date.now())).toEqual(await authA.listSessions(undefined, Date.now()));
      expect((await authB.listSessions('pat', Date.now())).map((l) => l.id)).toEqual(['sess1']);
      expect(await authB.oidcLoginOf('sess-hash')).toEqual(await authA.oidcLoginOf('sess-hash'));
      // The copy goes on where the original stopped.
      await b.appendAudit({
        actor: 'ops',
        action: 'after.migrate',
        kind: null,
        id: null,
        version: null,
        diff: null,
        note: '',
      });
      const [last] = await b.audit({ limit: 1 });
      expect(last.seq).toBe((await a.audit({ limit: 1 }))[0].seq + 1);
    } finally {
      await a.close();
      await b.close();
    }
    expect(() => cli('config-migrate', ['--to', url, '--data-dir', join(dir, 'data')])).toThrow(
      /Nothing was migrated: The target database already has/,
    );
  });

  it('carries every table of the SQLite store over (a new table is never left behind by the move)', () => {
    const a = new SqliteStore(join(dir, 'data'));
    try {
      const tables = a.db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'meta'")
        .all() as { name: string }[];
      expect([...COPIED_TABLES].sort()).toEqual(tables.map((t) => t.name).sort());
    } finally {
      void a.close();
    }
  });

  it('exports the same files from PostgreSQL as from the SQLite original', () => {
    const fromSqlite = join(dir, 'export-sqlite');
    const fromPg = join(dir, 'export-pg');
    cli('config-export', ['--out', fromSqlite, '--data-dir', join(dir, 'data')]);
    cli('config-export', ['--out', fromPg], { DATABASE_URL: url });
    const files = filesOf(fromSqlite);
    expect(Object.keys(files).length).toBeGreaterThan(10);
    expect(filesOf(fromPg)).toEqual(files);
  });
});
