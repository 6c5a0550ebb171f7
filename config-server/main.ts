/**
 * The config server's entry: app + config API + admin + sandbox on PORT (default 8080). In production it runs
 * compiled, `node dist/server/config-server/main.js` (`npm run build`); `npm start` builds what is missing or
 * stale first (cli/build-if-needed.ts). Logs are JSON lines on stdout (logger.ts), after the start banner.
 * SIGTERM drains (server.ts `shutdown`): readiness 503 at once, new connections refused after DRAIN_GRACE_MS,
 * in-flight requests finish, exit 0 within 10 s. SIGINT (Ctrl-C) does the same without the grace period.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { defaultStaticDir } from './app.js';
import { createLogger } from './ops/logger.js';
import { DEFAULT_DRAIN_GRACE_MS, startServer } from './server.js';
import { startBanner } from './ops/start-banner.js';
import { fourEyesWarning, marketsWithoutFourEyes } from './ops/four-eyes-warning.js';
import { sandboxFromEnv } from './http/security-settings.js';

const logger = createLogger({ level: process.env.LOG_LEVEL });
/** Capped so that grace plus the in-flight deadline stays inside a 10 s stop timeout. */
const MAX_GRACE_MS = 5000;
const grace = Number(process.env.DRAIN_GRACE_MS);
const graceMs =
  process.env.DRAIN_GRACE_MS && Number.isFinite(grace) && grace >= 0
    ? Math.min(grace, MAX_GRACE_MS)
    : DEFAULT_DRAIN_GRACE_MS;

if (!existsSync(join(defaultStaticDir, 'index.html'))) {
  logger.warn(
    { staticDir: defaultStaticDir },
    'the renderer is not built: pages answer 503 until `npm run build` has run',
  );
}

try {
  const server = await startServer({
    port: Number(process.env.PORT ?? 8080),
    host: process.env.HOST || undefined,
    dataDir: process.env.DATA_DIR || undefined,
    databaseUrl: process.env.DATABASE_URL || undefined,
    logger,
  });
  const firstAccountNeeded = (await server.config.auth.countUsers()) === 0;
  console.log(
    startBanner(server.url, {
      sandbox: sandboxFromEnv(process.env),
      firstAccountNeeded,
      sandboxStyle: server.config.sandboxStyle,
    }),
  );
  console.log(`store: ${server.config.store.description}`);
  logger.info(
    { url: server.url, metricsUrl: server.metricsUrl, store: server.config.store.description, node: process.version },
    'listening',
  );
  // A market without four eyes lets one publisher alone change its borrowers' app; production says so at start.
  const published = await server.config.store.listPublished();
  const eyes = fourEyesWarning(published, process.env);
  if (eyes) logger.warn({ markets: marketsWithoutFourEyes(published) }, eyes);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    const ms = signal === 'SIGINT' ? 0 : graceMs;
    logger.info(
      { signal, graceMs: ms },
      `${signal}: draining (readiness 503), finishing in-flight requests, then exiting`,
    );
    // Exit 0 within 10 s whatever happens: the shutdown cuts connections at 8 s; this covers a store that hangs.
    setTimeout(() => {
      logger.warn('shutdown took too long: exiting');
      process.exit(0);
    }, 9500).unref();
    server.shutdown({ graceMs: ms }).then(
      () => {
        logger.info('stopped');
        process.exit(0);
      },
      (e: unknown) => {
        logger.error({ err: e }, 'shutdown failed');
        process.exit(0);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
} catch (e) {
  logger.fatal({ err: e }, 'the config server could not start');
  console.error(`The config server could not start: ${(e as Error).message}`);
  process.exit(1);
}
