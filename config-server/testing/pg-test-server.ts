/**
 * A throwaway PostgreSQL server for tests: initdb into a temp folder, pg_ctl on a free 127.0.0.1 port,
 * removed by `remove()`. PostgreSQL refuses to run as root, so as root it runs as the `postgres` system
 * user (Debian's package creates it). Not imported by production code.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export interface TestPostgres {
  /** Superuser URL of the server's `postgres` database. */
  adminUrl: string;
  port: number;
  /** A new empty database; returns its URL. */
  createDatabase(name?: string): Promise<string>;
  /** Fast shutdown (clients are disconnected), as when the database host goes away. */
  stop(): void;
  start(): void;
  remove(): void;
}

/** Folder of initdb/pg_ctl (newest installed major), or undefined when PostgreSQL is not installed. */
export function postgresBinDir(root = '/usr/lib/postgresql'): string | undefined {
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(root, versions[0], 'bin') : undefined;
}

/**
 * Why PostgreSQL cannot run here (undefined: it can), with the command that fixes it. The suites that need it fail
 * with this (describe-postgres.ts); they are never skipped for it.
 */
export function postgresUnavailable(root?: string): string | undefined {
  if (!postgresBinDir(root)) {
    return 'PostgreSQL is not installed: run `npm test` (it installs it as root) or `sudo apt-get update && sudo apt-get install -y postgresql`';
  }
  if (process.getuid?.() === 0 && spawnSync('id', ['-u', 'postgres']).status !== 0) {
    return 'running as root without a `postgres` system user, which PostgreSQL needs: `apt-get install --reinstall postgresql-common` creates it';
  }
  return undefined;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

let counter = 0;

export async function startTestPostgres(): Promise<TestPostgres> {
  const bin = postgresBinDir();
  if (!bin) throw new Error(postgresUnavailable());
  // Under vitest, inside the run's folder (tests/pg-global-setup.ts removes what a killed worker left behind).
  const dir = mkdtempSync(join(process.env.SDUI_PG_ROOT ?? tmpdir(), 'sdui-pg-'));
  const data = join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
    chmodSync(dir, 0o700);
  }
  const run = (tool: string, args: string[]) => {
    const cmd = asRoot ? 'runuser' : join(bin, tool);
    const argv = asRoot ? ['-u', 'postgres', '--', join(bin, tool), ...args] : args;
    const r = spawnSync(cmd, argv, { cwd: dir, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${tool} ${args.join(' ')} failed: ${r.stderr || r.stdout}`);
  };
  run('initdb', ['-D', data, '-U', 'sdui', '-A', 'trust', '-E', 'UTF8', '--no-locale', '--no-sync']);
  const port = await freePort();
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const start = () => run('pg_ctl', ['-D', data, '-o', opts, '-l', join(dir, 'log'), '-w', 'start']);
  start();
  const adminUrl = `postgresql://sdui@127.0.0.1:${port}/postgres`;
  return {
    adminUrl,
    port,
    async createDatabase(name = `t${process.pid}_${++counter}`) {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        await c.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
      } finally {
        await c.end();
      }
      return `postgresql://sdui@127.0.0.1:${port}/${name}`;
    },
    stop: () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
    start,
    remove() {
      spawnSync(
        asRoot ? 'runuser' : join(bin, 'pg_ctl'),
        asRoot
          ? ['-u', 'postgres', '--', join(bin, 'pg_ctl'), '-D', data, '-m', 'immediate', '-w', 'stop']
          : ['-D', data, '-m', 'immediate', '-w', 'stop'],
      );
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Stops every server whose data folder is under `root` (a `sdui-pg-…/data` folder there). */
export function stopLeftoverPostgres(root: string) {
  const bin = postgresBinDir();
  if (!bin || !existsSync(root)) return;
  for (const name of readdirSync(root).filter((n) => n.startsWith('sdui-pg-'))) {
    const data = join(root, name, 'data');
    if (!existsSync(join(data, 'postmaster.pid'))) continue;
    const args = ['-D', data, '-m', 'immediate', '-w', 'stop'];
    if (process.getuid?.() === 0) spawnSync('runuser', ['-u', 'postgres', '--', join(bin, 'pg_ctl'), ...args]);
    else spawnSync(join(bin, 'pg_ctl'), args);
  }
}

let shared: Promise<TestPostgres> | undefined;

/** One throwaway server per test process, started on first use and removed when the process exits. */
export function sharedTestPostgres(): Promise<TestPostgres> {
  shared ??= startTestPostgres().then((t) => {
    process.once('exit', () => t.remove());
    return t;
  });
  return shared;
}
