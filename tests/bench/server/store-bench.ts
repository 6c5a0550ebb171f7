/**
 * The config API's read throughput with the PostgreSQL store against the SQLite store. Reads are served
 * from each replica's in-memory snapshot, so the store must not matter: the ratio's budget is ≥ 0.95.
 * Both servers run as child processes on the server core, the throwaway PostgreSQL beside them; the
 * rounds alternate (A,B then B,A) and the ratio is the median of the per-round ratios, as in server-bench.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  postgresUnavailable,
  startTestPostgres,
  type TestPostgres,
} from '../../../config-server/testing/pg-test-server.js';
import { repoRoot } from '../bundle/build-app.js';
import { startChildServer, type ChildServer } from '../lib/child-server.js';
import { canPin, pinSelf, serverPrefix } from '../lib/cpu-pinning.js';
import { median, row, type Row } from '../lib/table.js';
import { load } from './server-bench.js';

const child = resolve(repoRoot, 'tests/bench/server/config-server-child.ts');
const PATH = '/config/v1/bundle?market=ID';

export async function storeBench(opts: { duration: number; rounds: number }): Promise<Row[]> {
  const skip = postgresUnavailable();
  if (skip) throw new Error(skip);
  const dir = mkdtempSync(join(tmpdir(), 'sdui-bench-store-'));
  let db: TestPostgres | undefined;
  let sqlite: ChildServer | undefined;
  let postgres: ChildServer | undefined;
  try {
    db = await startTestPostgres();
    sqlite = await startChildServer(child, [join(dir, 'sqlite')], { DATABASE_URL: '' }, serverPrefix());
    postgres = await startChildServer(
      child,
      [join(dir, 'unused')],
      { DATABASE_URL: await db.createDatabase() },
      serverPrefix(),
    );
    const unpin = pinSelf();
    const pg: number[] = [];
    const lite: number[] = [];
    try {
      await load(sqlite.url + PATH, {}, 200, 2);
      await load(postgres.url + PATH, {}, 200, 2);
      for (let r = 0; r < opts.rounds; r++) {
        for (const who of r % 2 === 0 ? (['pg', 'sqlite'] as const) : (['sqlite', 'pg'] as const)) {
          if (who === 'pg') pg.push((await load(postgres.url + PATH, {}, 200, opts.duration)).rps);
          else lite.push((await load(sqlite.url + PATH, {}, 200, opts.duration)).rps);
        }
      }
    } finally {
      unpin();
    }
    const ratio = median(pg.map((x, i) => x / lite[i]));
    return [
      row(
        'server',
        'config API req/s, PostgreSQL store / SQLite store',
        ratio,
        'x',
        { op: '>=', limit: 0.95 },
        `boot bundle 200s; medians PostgreSQL ${Math.round(median(pg))} req/s, SQLite ${Math.round(median(lite))} req/s; median of ${opts.rounds} paired rounds × ${opts.duration} s; reads come from the in-memory snapshot; ${canPin ? 'servers pinned' : 'cores not pinned'}`,
      ),
    ];
  } finally {
    await postgres?.stop();
    await sqlite?.stop();
    db?.remove();
    rmSync(dir, { recursive: true, force: true });
  }
}
