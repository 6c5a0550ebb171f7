/**
 * The config server's entry: app + config API + admin + sandbox on PORT (default 8080). In production it runs
 * compiled, `node dist/server/config-server/main.js` (`npm run build`); `npm start` builds what is missing or
 * stale first (cli/build-if-needed.ts). SIGTERM/SIGINT finish in-flight requests, then exit.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { defaultStaticDir } from './app.js';
import { startServer } from './server.js';
import { startBanner } from './start-banner.js';
import { sandboxFromEnv } from './security-settings.js';

if (!existsSync(join(defaultStaticDir, 'index.html'))) {
  console.warn(`${defaultStaticDir} is missing: pages answer 503 until \`npm run build\` has run`);
}

try {
  const server = await startServer({
    port: Number(process.env.PORT ?? 8080),
    host: process.env.HOST || undefined,
    dataDir: process.env.DATA_DIR || undefined,
    databaseUrl: process.env.DATABASE_URL || undefined,
  });
  const firstAccountNeeded = (await server.config.auth.countUsers()) === 0;
  console.log(startBanner(server.url, { sandbox: sandboxFromEnv(process.env), firstAccountNeeded, sandboxStyle: server.config.sandboxStyle }));
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
