/**
 * `BENCH_AGAINST`: the render section's pages from another checkout of this project (an older commit), so a change
 * is judged against the code before it in one run, load beside load (render-bench.ts). Its app is built by its own
 * build code (its vite config, its chunking) and served by its own server script on a data dir prepared as ours; rows
 * "ours / other build". Make one with `git worktree add /tmp/base <commit>` and `ln -s "$PWD/node_modules" /tmp/base/`.
 */
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { buildApp } from '../bundle/build-app.js';
import { startChildServer } from '../lib/child-server.js';

export async function startAgainst(
  checkout: string | undefined,
  prepareDataDir: () => Promise<string>,
  log: (s: string) => void,
) {
  if (!checkout) return undefined;
  const dir = resolve(checkout);
  const { buildApp: buildOther } = (await import(pathToFileURL(join(dir, 'tests/bench/bundle/build-app.ts')).href)) as {
    buildApp: typeof buildApp;
  };
  const outDir = join(dir, 'tests/bench/results/build/renderer');
  await buildOther({ root: join(dir, 'renderer'), outDir });
  const dataDir = await prepareDataDir();
  const server = await startChildServer(
    join(dir, 'tests/bench/render/render-server-child.ts'),
    [dataDir, outDir],
    { NODE_ENV: 'production' },
    [],
    dir,
  );
  log(`[bench] render: against ${dir} at ${server.url}`);
  return {
    server,
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
