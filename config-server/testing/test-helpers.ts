/**
 * In-process server for tests: temp data dir, a stand-in index.html, 127.0.0.1 on an
 * ephemeral port, and one user per role. Not imported by production code.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hashPassword, type ScryptParams } from '../admin/password.js';
import { checkedFetch } from '../openapi/check.js';
import type { Role } from '../store/config-store.js';
import { sharedTestPostgres } from './pg-test-server.js';
import { skippingPostgres } from './describe-postgres.js';
import { startServer, type RunningServer, type ServerOptions } from '../server.js';

export const PASSWORD = 'correct horse battery';
/**
 * Password hashing cost of test servers and their users: far below OWASP's N=2^17 (0.7 s a hash on a 2-core box,
 * a login per test) and passed explicitly; production code never defaults to it.
 */
export const TEST_SCRYPT: ScryptParams = { N: 2 ** 10, r: 8, p: 1 };
export const USERS: Record<string, Role> = {
  vera: 'viewer',
  ed: 'editor',
  eve: 'editor',
  pat: 'publisher',
  paula: 'publisher',
};

export const TEST_INDEX_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>app</title><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>';

export interface TestServer extends RunningServer {
  dataDir: string;
  stop(): Promise<void>;
}

export type TestStore = 'sqlite' | 'postgres';

/**
 * The stores a suite runs against: SQLite and PostgreSQL. PostgreSQL missing fails the PostgreSQL half, naming the
 * install command (pg-test-server.ts); only SKIP_PG=1 leaves it out, on purpose and said (describe-postgres.ts). Name
 * the describe after the store so `-t postgres` selects it.
 */
export function testStores(): TestStore[] {
  return skippingPostgres() ? ['sqlite'] : ['sqlite', 'postgres'];
}

/** A server on a fresh store: SQLite in its temp folder, or a new database of the shared throwaway PostgreSQL. */
export async function startTestServer(opts: ServerOptions & { store?: TestStore } = {}): Promise<TestServer> {
  if (opts.store === 'postgres' && !opts.databaseUrl) {
    opts = { ...opts, databaseUrl: await (await sharedTestPostgres()).createDatabase() };
  }
  const dir = mkdtempSync(join(tmpdir(), 'sdui-server-'));
  const staticDir = join(dir, 'static');
  const dataDir = join(dir, 'data');
  mkdirSync(join(staticDir, 'assets'), { recursive: true });
  writeFileSync(join(staticDir, 'index.html'), TEST_INDEX_HTML);
  writeFileSync(join(staticDir, 'assets', 'app.js'), 'console.log("app");\n');
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    staticDir,
    pollMs: 0,
    env: {},
    log: () => {},
    scrypt: TEST_SCRYPT,
    ...opts,
  });
  // Fixtures: always at the test cost (a server at a higher one upgrades them at their first login).
  const hash = await hashPassword(PASSWORD, TEST_SCRYPT);
  for (const [name, role] of Object.entries(USERS))
    await server.config.auth.upsertUser({ name, role, passwordHash: hash });
  return {
    ...server,
    dataDir,
    async stop() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface Client {
  csrf: string;
  /** fetch with the session cookie, CSRF header and the console's Origin (as a browser sends it); JSON bodies encoded. */
  req(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Response>;
}

/** Logs a user in through the API, as the admin UI does. */
export async function login(base: string, user: string, password = PASSWORD): Promise<Client> {
  const r = await checkedFetch(`${base}/admin/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user, password }),
  });
  if (r.status !== 200) throw new Error(`login ${user}: ${r.status} ${await r.text()}`);
  const cookie = r.headers.get('set-cookie')!.split(';')[0];
  const { csrfToken } = (await r.json()) as { csrfToken: string };
  return {
    csrf: csrfToken,
    req(method, path, body, headers = {}) {
      return checkedFetch(`${base}${path}`, {
        method,
        headers: {
          cookie,
          'x-csrf-token': csrfToken,
          origin: new URL(base).origin,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      });
    },
  };
}
