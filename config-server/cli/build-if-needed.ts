/**
 * `npm start` runs this first (its `prestart`), then `node dist/server/config-server/main.js`: the renderer
 * is built when dist/renderer is missing (as before), the server compiled when dist/server is missing or older
 * than any of its sources. It exits before the server starts: no tsx stays in the server's process tree.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fromRoot, projectRoot } from '../project-root.js';
import { buildServer, buildStamp, SERVER_ASSETS } from './build-server.js';

/** What the compiled server is made of (tests aside). */
const SOURCE_DIRS = ['config-server', 'renderer', 'schemas/generated'];
const SOURCE_FILES = ['tsconfig.json', 'tsconfig.server.json', 'package-lock.json', ...SERVER_ASSETS];

function newestSource(): { file: string; mtimeMs: number } {
  let newest = { file: '', mtimeMs: 0 };
  const see = (file: string) => {
    const { mtimeMs } = statSync(file);
    if (mtimeMs > newest.mtimeMs) newest = { file, mtimeMs };
  };
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.(ts|tsx|js|json)$/.test(e.name) && !/\.(test|spec)\.tsx?$/.test(e.name)) see(p);
    }
  };
  for (const d of SOURCE_DIRS) walk(join(projectRoot, d));
  for (const f of SOURCE_FILES) {
    const p = join(projectRoot, f);
    if (existsSync(p)) statSync(p).isDirectory() ? walk(p) : see(p);
  }
  return newest;
}

if (!existsSync(fromRoot('dist/renderer/index.html'))) {
  console.log('dist/renderer is missing: building the renderer (vite build)...');
  const r = spawnSync(process.execPath, [join(projectRoot, 'node_modules/vite/bin/vite.js'), 'build'], {
    cwd: projectRoot,
    stdio: 'inherit',
  });
  if (r.status !== 0) {
    console.error('vite build failed: fix the error above, then run npm start again');
    process.exit(1);
  }
}

const built = existsSync(buildStamp) ? statSync(buildStamp).mtimeMs : 0;
const newest = newestSource();
if (newest.mtimeMs > built) {
  console.log(
    built
      ? `${relative(projectRoot, newest.file)} changed since the server was compiled: compiling it (npm run build:server)...`
      : 'dist/server is missing: compiling the server (npm run build:server)...',
  );
  try {
    buildServer();
  } catch (e) {
    console.error(`compiling the server failed: ${(e as Error).message}`);
    process.exit(1);
  }
}
