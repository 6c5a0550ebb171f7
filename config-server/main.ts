/**
 * `npm start`: builds the renderer when dist/renderer is missing, then serves app + config API
 * + admin + sandbox on PORT (default 8080). SIGTERM/SIGINT finish in-flight requests, then exit.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultStaticDir } from './app.js';
import { startServer } from './server.js';
import { startBanner } from './start-banner.js';

const root = fileURLToPath(new URL('..', import.meta.url));

if (!existsSync(join(defaultStaticDir, 'index.html'))) {
  console.log('dist/renderer is missing: building the renderer (vite build)...');
  const r = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error('vite build failed: fix the error above, then run npm start again');
    process.exit(1);
  }
}

try {
  const server = await startServer({
    port: Number(process.env.PORT ?? 8080),
    host: process.env.HOST || undefined,
    dataDir: process.env.DATA_DIR || undefined,
    databaseUrl: process.env.DATABASE_URL || undefined,
  });
  const firstAccountNeeded = (await server.config.auth.countUsers()) === 0;
  console.log(startBanner(server.url, { sandbox: process.env.SANDBOX !== 'off', firstAccountNeeded, sandboxStyle: server.config.sandboxStyle }));
  console.log(`store: ${server.config.store.description}`);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: finishing in-flight requests, then exiting`);
    server.close().then(() => process.exit(0));
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
} catch (e) {
  console.error(`The config server could not start: ${(e as Error).message}`);
  process.exit(1);
}
