import express, { type Express, type Router } from 'express';
import type { IncomingMessage, ServerResponse } from 'node:http';
import compression from 'compression';
import { fileURLToPath } from 'node:url';
import { adminRouter } from './admin/admin-router.js';
import { ensureAdminFromEnv } from './admin/bootstrap-admin.js';
import type { LoginLimit } from './admin/session-routes.js';
import { rendererRouter } from './boot-html.js';
import { errorMiddleware, notFoundJson } from './error-middleware.js';
import { publicApiRouter } from './public-api.js';
import { captureHeaders, PublicFastPath } from './public-fast-path.js';
import { PublishedSnapshot, type SnapshotDoc } from './published-snapshot.js';
import { securityHeaders } from './security-headers.js';
import type { AuthStore, ConfigStore } from './store/config-store.js';
import { importOnFirstStart } from './store/repo-documents.js';
import { SqliteAuthStore } from './store/sqlite-auth-store.js';
import { SqliteStore } from './store/sqlite-store.js';

export const defaultDataDir = fileURLToPath(new URL('../data/', import.meta.url));
export const defaultStaticDir = fileURLToPath(new URL('../dist/renderer/', import.meta.url));

export interface AppOptions {
  /** Folder of `config.sqlite` (default `data/`). */
  dataDir?: string;
  /** Mount the sandbox backend at /sandbox (default true; env SANDBOX=off turns it off). */
  sandbox?: boolean;
  /** The built renderer (default `dist/renderer/`). */
  staticDir?: string;
  /** Documents imported on first start (default `screens/`). */
  screensDir?: string;
  loginLimit?: LoginLimit;
  /** How often to look for publishes made by another process sharing the store (ms; 0 = never). */
  pollMs?: number;
  env?: NodeJS.ProcessEnv;
  log?: (message: string, err?: unknown) => void;
}

export interface ConfigApp {
  /** The whole app; every route, every error response. */
  app: Express;
  /** What the HTTP server runs: published config bodies straight from the snapshot, everything else through `app`. */
  handler(req: IncomingMessage, res: ServerResponse): void;
  store: ConfigStore;
  auth: AuthStore;
  snapshot(): PublishedSnapshot;
  /** Rebuilds the published snapshot from the store. */
  refresh(): void;
  close(): void;
}

/** The sandbox is another engineer's module; load it only when it exists so the server runs either way. */
async function loadSandbox(getTemplate: (id: string) => unknown): Promise<Router | undefined> {
  // A variable specifier: the type checker must not require a file that may not exist yet.
  const specifier = './sandbox/index.js';
  try {
    const mod = (await import(specifier)) as { createSandboxRouter: (o: { getTemplate: typeof getTemplate }) => Router };
    return mod.createSandboxRouter({ getTemplate });
  } catch (e) {
    if ((e as { code?: string }).code === 'ERR_MODULE_NOT_FOUND' && /sandbox[\\/]index/.test(String((e as Error).message))) return undefined;
    throw e;
  }
}

export async function createApp(opts: AppOptions = {}): Promise<ConfigApp> {
  const env = opts.env ?? process.env;
  const log = opts.log ?? ((m: string, err?: unknown) => (err ? console.error(m, err) : console.log(m)));
  const store = new SqliteStore(opts.dataDir ?? defaultDataDir);
  const auth = new SqliteAuthStore(store.db);
  try {
    const imported = importOnFirstStart(store, opts.screensDir);
    if (imported) log(`first start: published ${imported} documents from the repository`);
    await ensureAdminFromEnv(auth, env, log);
  } catch (e) {
    store.close();
    throw e;
  }

  const build = () =>
    new PublishedSnapshot(store.listPublished().map((v) => v.content as SnapshotDoc), store.generation());
  let snap = build();
  let headers = securityHeaders(snap);
  let fast = new PublicFastPath(snap, captureHeaders(headers));
  const refresh = () => {
    snap = build();
    headers = securityHeaders(snap);
    fast = new PublicFastPath(snap, captureHeaders(headers));
  };
  const snapshot = () => snap;

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use((req, res, next) => headers(req, res, next));
  app.use(compression());
  app.get('/healthz', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ status: 'ok', generation: store.generation(), markets: snap.markets });
  });
  app.use('/config/v1', publicApiRouter(snapshot));
  app.use('/config', notFoundJson);
  app.use('/admin/api', adminRouter({ store, auth, onPublished: refresh, loginLimit: opts.loginLimit }));
  const sandboxOn = opts.sandbox ?? env.SANDBOX !== 'off';
  const sandbox = sandboxOn ? await loadSandbox((templateId) => snap.templateDoc(templateId)) : undefined;
  if (sandboxOn && !sandbox) log('sandbox: config-server/sandbox/index.ts not found, /sandbox is not mounted');
  if (sandbox) app.use('/sandbox', sandbox);
  app.use('/sandbox', notFoundJson);
  app.use(rendererRouter(opts.staticDir ?? defaultStaticDir, snapshot, log));
  app.use(notFoundJson);
  app.use(errorMiddleware(log));

  // Another process (a second replica, a CLI) may publish into the same store.
  const pollMs = opts.pollMs ?? 2000;
  const timer = pollMs > 0 ? setInterval(() => store.generation() !== snap.generation && refresh(), pollMs) : undefined;
  timer?.unref();

  return {
    app, store, auth, snapshot, refresh,
    // The config API is what every borrower's app polls: it skips express's routing, helmet and compression.
    handler: (req, res) => void (fast.handle(req, res) || app(req, res)),
    close() {
      if (timer) clearInterval(timer);
      store.close();
    },
  };
}
