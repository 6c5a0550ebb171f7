/**
 * What a release in flight costs the config API: the boot bundle served by a server with a text change
 * rolling out to 50 % against the same server without one. Every request is a new borrower (a new deviceId, so half
 * of them land in each arm and each costs the bucket hash); the budget is ≥ 0.9 of the plain server's req/s. Both
 * servers run as child processes on the server core; the rounds alternate (A,B then B,A) and the ratio is the median
 * of the per-round ratios, as in server-bench.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { importOnFirstStart } from '../../../config-server/store/repo-documents.js';
import { SqliteStore } from '../../../config-server/store/sqlite-store.js';
import { repoRoot } from '../bundle/build-app.js';
import { startChildServer, type ChildServer } from '../lib/child-server.js';
import { canPin, pinSelf, serverPrefix } from '../lib/cpu-pinning.js';
import { median, row, type Row } from '../lib/table.js';
import { load } from './server-bench.js';

const child = resolve(repoRoot, 'tests/bench/server/config-server-child.ts');
/** `[<id>]`: autocannon puts a new id there on every request (a new borrower each time). */
const PATH = '/config/v1/bundle?market=ID&deviceId=bench-[<id>]&platform=android&version=1.0.0';

/** A data folder whose store has a text change of the ID market rolling out to 50 % of borrowers. */
async function storeWithRelease(dataDir: string): Promise<string> {
  const store = new SqliteStore(dataDir);
  try {
    await importOnFirstStart(store);
    const rec = (await store.getDocument('text-set', 'id-ID'))!;
    const content = structuredClone(rec.published!.content) as { texts: Record<string, string> };
    content.texts['common.retry'] = `${content.texts['common.retry']} (candidate)`;
    await store.saveDraft({ kind: 'text-set', id: 'id-ID', file: rec.file, content }, rec.revision, { user: 'bench' });
    const rollout = { percent: 50, audience: {}, startAt: null, endAt: null, guard: true };
    return (
      await store.releases.publishRelease(
        [{ kind: 'text-set', id: 'id-ID' }],
        { user: 'bench', note: 'bench', rollout },
        () => undefined,
      )
    ).id;
  } finally {
    await store.close();
  }
}

export async function releaseBench(opts: { duration: number; rounds: number }): Promise<Row[]> {
  const dir = mkdtempSync(join(tmpdir(), 'sdui-bench-release-'));
  let plain: ChildServer | undefined;
  let released: ChildServer | undefined;
  try {
    const id = await storeWithRelease(join(dir, 'release'));
    plain = await startChildServer(child, [join(dir, 'plain')], { DATABASE_URL: '' }, serverPrefix());
    released = await startChildServer(child, [join(dir, 'release')], { DATABASE_URL: '' }, serverPrefix());
    // The release is in flight for the bundle (and not on the plain server), in both arms.
    const arms = new Set<string>();
    for (let i = 0; i < 40; i++) {
      const r = await fetch(released.url + PATH.replace('[<id>]', String(i)));
      await r.arrayBuffer();
      arms.add(r.headers.get('x-config-release') ?? 'none');
    }
    if (!arms.has(`${id}=base`) || !arms.has(`${id}=candidate`))
      throw new Error(`the release is not served in both arms: ${[...arms].join(' | ')}`);
    const none = await fetch(plain.url + PATH.replace('[<id>]', '0'));
    await none.arrayBuffer();
    if (none.headers.get('x-config-release')) throw new Error('the plain server has a release in flight');

    const unpin = pinSelf();
    const withRelease: number[] = [];
    const without: number[] = [];
    try {
      await load(released.url + PATH, {}, 200, 2, true);
      await load(plain.url + PATH, {}, 200, 2, true);
      for (let r = 0; r < opts.rounds; r++) {
        for (const who of r % 2 === 0 ? (['release', 'plain'] as const) : (['plain', 'release'] as const)) {
          if (who === 'release') withRelease.push((await load(released.url + PATH, {}, 200, opts.duration, true)).rps);
          else without.push((await load(plain.url + PATH, {}, 200, opts.duration, true)).rps);
        }
      }
    } finally {
      unpin();
    }
    const ratio = median(withRelease.map((x, i) => x / without[i]));
    return [
      row(
        'server',
        'bundle req/s, a release in flight / none',
        ratio,
        'x',
        { op: '>=', limit: 0.9 },
        `boot bundle 200s, a new deviceId per request (half in each arm of a text change at 50 %); medians with ${Math.round(median(withRelease))} req/s, without ${Math.round(median(without))} req/s; median of ${opts.rounds} paired rounds × ${opts.duration} s; ${canPin ? 'servers pinned' : 'cores not pinned'}`,
      ),
    ];
  } finally {
    await released?.stop();
    await plain?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
