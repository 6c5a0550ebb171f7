import express, { type Express, type Router } from 'express';
import type { IncomingMessage, ServerResponse } from 'node:http';
import compression from 'compression';
import { join } from 'node:path';
import { adminRouter } from './admin/admin-router.js';
import { ensureAdminFromEnv } from './admin/bootstrap-admin.js';
import { mediaFilesRouter } from './admin/media-routes.js';
import type { LoginLimit } from './admin/login-routes.js';
import type { ScryptParams } from './admin/password.js';
import type { ValidateLimit } from './admin/publish-routes.js';
import {
  apiTokenTtlDaysFromEnv,
  backendOriginsFromEnv,
  cookieSecureFromEnv,
  devPagesFromEnv,
  sandboxFromEnv,
  trustProxyFromEnv,
} from './http/security-settings.js';
import { adminIdleTimeoutMinFromEnv } from './http/security-settings.js';
import { rendererRouter } from './pages/page-router.js';
import { ssrSettingsFromEnv } from './pages/backend-call.js';
import { hiddenPagesGate, isDeveloperPage } from './pages/developer-pages.js';
import { publishedApiMapWarnings } from './validation/api-map-target-rules.js';
import { errorMiddleware, notFoundJson } from './http/error-middleware.js';
import { rejectMalformedEncoding } from './http/percent-encoding.js';
import { publicApiRouter } from './published/public-api.js';
import { openapiRouter } from './openapi/openapi-route.js';
import { captureHeaders, PublicFastPath } from './published/fast-path.js';
import type { PublishedSnapshot } from './published/snapshot.js';
import { startPublishedSync, type PublishedSync } from './published/sync.js';
import { securityHeaders } from './http/security-headers.js';
import type { AuthStore, ConfigStore } from './store/config-store.js';
import { importOnFirstStart } from './store/repo-documents.js';
import { openStores } from './store/open-stores.js';
import { fromRoot } from './project-root.js';
import { createSandboxRouter, SANDBOX_PAGES_PATH, type SandboxOptions } from './sandbox/index.js';
import { sandboxStyleFromEnv, type AnswerStyle } from './sandbox/answer-style.js';
import { publishedBundleOf, publishedServicePhoneOf, publishedTextOf } from './sandbox/published-reads.js';
import { fastPathRoute } from './ops/access-log.js';
import { logFunction, type Logger } from './ops/logger.js';
import type { Metrics } from './ops/metrics.js';
import { opsRoutes } from './ops/ops-routes.js';
import {
  beaconLimitFromEnv,
  beaconRouter,
  beaconViewsPerAddressFromEnv,
  type BeaconLimit,
} from './releases/beacon-routes.js';
import { viewTicketKeysFromEnv, viewTicketsFor, type MintListener } from './releases/view-ticket.js';
import { ExposureRecorder } from './releases/exposure-recorder.js';
import { conversionKeysFor, conversionKeysFromEnv, type ConversionKeys } from './releases/conversion-keys.js';
import { conversionRouter } from './releases/conversion-routes.js';
import { experimentSettingsFromEnv } from './experiments/experiment-settings.js';
import { conversionReporter } from './sandbox/conversion-reports.js';
import { releaseGuard, type Guard } from './releases/guard.js';
import { prefetchFailures, type PrefetchFailures } from './releases/prefetch-failures.js';
import { releaseFigures, telemetryReleaseStats } from './releases/release-stats.js';
import type { Telemetry } from './ops/telemetry.js';
import type { TelemetryStore } from './store/telemetry-records.js';
import { authenticate, requireRole } from './admin/auth.js';
import { LiveHub } from './live/live-hub.js';
import { borrowerLiveRoute, consoleLiveRoute } from './live/live-routes.js';
import { readFileLimit } from './live/file-limit.js';
import { localLoginFromEnv, oidcSettingsFromEnv } from './admin/oidc-settings.js';
import { liveSettingsFromEnv } from './live/live-settings.js';
import { WORKER_PATH, workerRemovalFromEnv } from './pages/worker-removal.js';
import { systemClock, type Clock } from './clock.js';
import { streamCaps } from './live/stream-caps.js';
import { StreamQuota } from './live/stream-quota.js';

export const defaultDataDir = fromRoot('data/');
export const defaultStaticDir = fromRoot('dist/renderer/');

export interface AppOptions {
  /** Folder of `config.sqlite` (default `data/`). */
  dataDir?: string;
  /** A PostgreSQL URL: use the shared store instead of SQLite (default env DATABASE_URL). */
  databaseUrl?: string;
  /** Mount the sandbox backend at /sandbox (default: env SANDBOX=on/off; unset, on unless NODE_ENV=production). Its answer style: env SANDBOX_STYLE. */
  sandbox?: boolean;
  /** The built renderer (default `dist/renderer/`). */
  staticDir?: string;
  /** Documents imported on first start (default `screens/`). */
  screensDir?: string;
  loginLimit?: LoginLimit;
  /** The process's open-file limit the live stream caps stay below (tests); read from the system when absent. */
  fileLimit?: number;
  /** Password hashing parameters (default OWASP's, password.ts); tests lower them explicitly to stay fast. */
  scrypt?: ScryptParams;
  /** POST /admin/api/validate calls per user and window (default 30 a minute). */
  validateLimit?: ValidateLimit;
  /** How often to look for publishes made by another process sharing the store (ms; 0 = never). */
  pollMs?: number;
  env?: NodeJS.ProcessEnv;
  log?: (message: string, err?: unknown) => void;
  /** JSON logs: the app's own messages (unless `log` is given) and one access line per request (ops-routes.ts). */
  logger?: Logger;
  /** Collect /metrics (default: env METRICS_TOKEN or METRICS_PORT set). */
  metrics?: boolean;
  /** Beacons per client address and minute (default: env BEACON_RATE_LIMIT, else 120). */
  beaconLimit?: BeaconLimit;
  /** How often the guard looks at guarded releases (ms, default 1000). */
  guardMs?: number;
  /** The server's one clock (default the system's): stores, sessions, view tickets and release schedules read it. */
  clock?: Clock;
}

export interface ConfigApp {
  /** The whole app; every route, every error response. */
  app: Express;
  /** What the HTTP server runs: published config bodies straight from the snapshot, everything else through `app`. */
  handler(req: IncomingMessage, res: ServerResponse): void;
  store: ConfigStore;
  auth: AuthStore;
  snapshot(): PublishedSnapshot;
  /** Rebuilds the published snapshot from the store when its generation changed. */
  refresh(): Promise<void>;
  /** How the sandbox shapes its answers (env SANDBOX_STYLE), for the start banner. */
  sandboxStyle: AnswerStyle;
  /** Readiness 503 and `Connection: close` from now on (the first step of a shutdown; server.ts). */
  drain(): void;
  /** The Prometheus registry, when metrics are collected. */
  metrics?: Metrics;
  /** Borrowers' page telemetry: beacons and the server's own failed prefetches, summed in the store. */
  telemetry: TelemetryStore;
  /** The server's failed prefetches waiting to be written (tests flush them). */
  prefetchFailures: PrefetchFailures;
  /** Rolls guarded releases back on a regression (tests call `look`). */
  guard: Guard;
  /** The open live streams; `close()` ends them, as a shutdown does first. */
  live: LiveHub;
  /** Experiments' exposures waiting to be written (tests flush them). */
  exposures: ExposureRecorder;
  /** The keys `POST /config/v1/conversions` takes (the first is what a reporter sends). */
  conversionKeys: ConversionKeys;
  close(): Promise<void>;
}

export async function createApp(opts: AppOptions = {}): Promise<ConfigApp> {
  const env = opts.env ?? process.env;
  const log =
    opts.log ??
    (opts.logger
      ? logFunction(opts.logger)
      : (m: string, err?: unknown) => (err ? console.error(m, err) : console.log(m)));
  // Checked before anything opens: a mistyped setting stops the start with what is allowed.
  const sandboxStyle = sandboxStyleFromEnv(env);
  const removal = workerRemovalFromEnv(env);
  const trustProxy = trustProxyFromEnv(env);
  // Sign-in with the identity provider (OIDC_*) and whether passwords still log in (LOCAL_PASSWORDS).
  const oidc = oidcSettingsFromEnv(env);
  const localLogin = localLoginFromEnv(env, oidc);
  // One list (SSR_BACKEND_ORIGINS) for what an API map may name, what the server calls and the page's connect-src.
  const validation = { backendOrigins: backendOriginsFromEnv(env) };
  const session = {
    cookieSecure: cookieSecureFromEnv(env),
    tokenTtlDays: apiTokenTtlDaysFromEnv(env),
    idleTimeoutMs: adminIdleTimeoutMinFromEnv(env) * 60_000,
    log,
    ...(opts.scrypt ? { scrypt: opts.scrypt } : {}),
  };
  const sandboxOn = opts.sandbox ?? sandboxFromEnv(env);
  const devPages = devPagesFromEnv(env);
  const beaconLimit = opts.beaconLimit ?? beaconLimitFromEnv(env);
  const ticketKeys = viewTicketKeysFromEnv(env);
  conversionKeysFromEnv(env);
  const experimentSettings = experimentSettingsFromEnv(env);
  const viewsPerAddress = beaconViewsPerAddressFromEnv(env);
  const liveSettings = liveSettingsFromEnv(env);
  const clock = opts.clock ?? systemClock;
  const now = () => clock.now(); // exposures and conversions: dated as releases are, or outside their windows
  const { store, auth, telemetry } = await openStores({
    databaseUrl: opts.databaseUrl ?? env.DATABASE_URL,
    dataDir: opts.dataDir ?? defaultDataDir,
    log,
    clock,
  });
  // What the public fast path and the security headers were built from: rebuilt with every new snapshot.
  let headers: ReturnType<typeof securityHeaders>;
  let fast: PublicFastPath;
  let tickets: Awaited<ReturnType<typeof viewTicketsFor>>;
  let conversionKeys: ConversionKeys;
  let live: LiveHub | undefined;
  let exposed: MintListener | undefined; // Experiments' exposures: every answer that tells an arm exposes.
  const apply = (snap: PublishedSnapshot) => {
    if (snap.arms) snap.arms.onServe = (releases, holder) => exposed?.(releases, holder);
    headers = securityHeaders(snap, validation.backendOrigins);
    fast = new PublicFastPath(snap, captureHeaders(headers), tickets);
    // Every new snapshot, whichever replica made the change (sync.ts), is announced on this replica's streams.
    live?.onSnapshot(snap);
  };
  let sync: PublishedSync;
  try {
    // View tickets: VIEW_TICKET_KEYS, else the key every replica shares through the store.
    tickets = await viewTicketsFor(env, telemetry, ticketKeys, clock);
    // Conversions (the backend's, server to server): CONVERSION_KEYS, else the sandbox's shared key when it is on.
    conversionKeys = await conversionKeysFor(env, telemetry, sandboxOn);
    const imported = await importOnFirstStart(store, opts.screensDir, validation);
    if (imported) log(`first start: published ${imported} documents from the repository`);
    await ensureAdminFromEnv(auth, env, log, opts.scrypt);
    for (const w of publishedApiMapWarnings(await store.listPublished(), validation.backendOrigins)) log(w);
    sync = await startPublishedSync({
      store,
      pollMs: opts.pollMs ?? 2000,
      log,
      clock,
      onSnapshot: apply,
      // DEV_PAGES off (production's default): /gallery and /testPreview are not served (pages/developer-pages.ts).
      ...(devPages ? {} : { hide: isDeveloperPage }),
    });
  } catch (e) {
    await store.close();
    throw e;
  }
  const snapshot = () => sync.snapshot();
  const refresh = () => sync.refresh();
  apply(snapshot());
  // Exposure is what the server saw: every ticket it mints for a release with an experiment.
  const exposures = new ExposureRecorder({
    store: store.experiments,
    releases: () => snapshot().releases,
    markets: () => snapshot().markets,
    log,
    now,
  });
  tickets.onMint = exposed = exposures.saw;
  const ops = opsRoutes({
    env,
    snapshot,
    storeReachable: () => sync.storeReachable(),
    logger: opts.logger,
    metrics: opts.metrics,
  });
  live = new LiveHub({ settings: liveSettings, first: snapshot(), store, log, registry: ops.metrics?.registry });
  // Every stream holds a socket: the caps stay below the process's file limit, read now, and the start log says so.
  const caps = streamCaps(liveSettings, opts.fileLimit ?? readFileLimit());
  log(caps.note);
  const quota = new StreamQuota(caps);

  const app = express();
  app.disable('x-powered-by');
  // TRUST_PROXY: who may say the client's address and scheme (req.ip for the login limits, req.secure for the cookie).
  app.set('trust proxy', trustProxy);
  app.set('etag', false);
  app.use((req, res, next) => headers(req, res, next));
  // Before anything decodes the path or query: a malformed %-escape is a 400 naming the part, never a 500.
  app.use(rejectMalformedEncoding);
  // Streams before compression: an event must leave at once, not wait in a compressor's buffer.
  app.use(borrowerLiveRoute(live, quota, liveSettings.retryMs));
  app.use(
    consoleLiveRoute(live, quota, liveSettings.retryMs, [
      (_req, res, next) => {
        res.setHeader('Cache-Control', 'no-store');
        next();
      },
      authenticate(auth, { idleTimeoutMs: session.idleTimeoutMs, now: () => clock.now() }),
      requireRole('viewer'),
    ]),
  );
  app.use(compression());
  app.get('/healthz', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    // From memory: a replica whose database is down still serves (so it stays in the load balancer), and says
    // what it serves and what the last store check found, without a database round trip of its own.
    const snap = snapshot();
    res.json({
      status: 'ok',
      generation: snap.generation,
      markets: snap.markets,
      store: sync.storeReachable() ? 'ok' : 'unreachable',
    });
  });
  app.use(ops.router);
  app.use(openapiRouter());
  app.use('/config/v1', beaconRouter({ snapshot, telemetry, limit: beaconLimit, tickets, viewsPerAddress, clock }));
  app.use('/config/v1', conversionRouter({ snapshot, store: store.experiments, keys: conversionKeys, now }));
  app.use('/config/v1', publicApiRouter(snapshot, tickets));
  app.use('/config', notFoundJson);
  // The publish is committed by then: a failed rebuild (database gone that instant) must not turn its answer
  // into an error; the periodic check rebuilds the snapshot.
  const onPublished = () =>
    refresh().catch((e: unknown) =>
      log(`published, but the snapshot rebuild failed (the periodic check retries): ${(e as Error).message}`),
    );
  const mediaDir = join(opts.dataDir ?? defaultDataDir, 'media');
  const mediaMaxBytes = Number(env.MEDIA_MAX_BYTES) > 0 ? Number(env.MEDIA_MAX_BYTES) : undefined;
  const bundleOf = publishedBundleOf(snapshot);
  const textOf = publishedTextOf(bundleOf);
  const servicePhoneOf = publishedServicePhoneOf(bundleOf);
  // The preview's sandbox reads the draft's landing templates, and the published texts.
  const previewSandbox = sandboxOn
    ? (getTemplate: (templateId: string) => unknown) =>
        Promise.resolve(createSandboxRouter({ getTemplate, textOf, servicePhoneOf, style: sandboxStyle }))
    : undefined;
  app.use(
    '/admin/api',
    adminRouter({
      store,
      auth,
      onPublished,
      loginLimit: opts.loginLimit,
      mediaDir,
      mediaMaxBytes,
      previewSandbox,
      session,
      validateLimit: opts.validateLimit,
      releaseStats: telemetryReleaseStats(telemetry),
      validation,
      clock,
      experimentSettings,
      oidc,
      localLogin,
    }),
  );
  app.use(mediaFilesRouter(mediaDir));
  const sandbox = sandboxOn
    ? createSandboxRouter({
        getTemplate: (templateId) => snapshot().templateDoc(templateId),
        textOf,
        servicePhoneOf,
        style: sandboxStyle,
        // Playing the backend: goals reached are reported to the conversions endpoint with the key reporters send.
        reportConversion: conversionReporter(() => conversionKeys.signing, log),
      })
    : undefined;
  if (sandbox) app.use('/sandbox', sandbox);
  app.use('/sandbox', notFoundJson);
  // The server's own failed first calls count as the borrower's API failures, beside /metrics' figures.
  const failures = prefetchFailures(telemetry, log);
  const drawing: Telemetry = {
    pageDrawn: (o) => ops.telemetry.pageDrawn(o),
    prefetched: (o, s) => ops.telemetry.prefetched(o, s),
    prefetchFailed: (screen, endpoint, release) => failures.failed(screen, endpoint, release),
  };
  if (!devPages) app.use(hiddenPagesGate(snapshot));
  // While the sandbox runs, its agreement and product pages may be embedded in the borrower's pages: they are this
  // origin's own. Never in production, even with SANDBOX=on there: a production page frames only its market's origins.
  const embedPaths = sandboxOn && env.NODE_ENV !== 'production' ? [SANDBOX_PAGES_PATH] : [];
  if (removal) app.get(WORKER_PATH, removal);
  app.use(
    rendererRouter(
      opts.staticDir ?? defaultStaticDir,
      snapshot,
      log,
      ssrSettingsFromEnv(env),
      drawing,
      tickets,
      embedPaths,
    ),
  );
  app.use(notFoundJson);
  app.use(errorMiddleware(log));
  const hub = live;
  const guard = releaseGuard({
    releases: () => snapshot().releases,
    figures: (r) => releaseFigures(telemetry, r),
    rollback: (id, by) => store.releases.rollbackRelease(id, by),
    onRolledBack: onPublished,
    log,
    everyMs: opts.guardMs,
  });

  return {
    app,
    store,
    auth,
    snapshot,
    refresh,
    sandboxStyle,
    drain: () => {
      ops.drain();
      // Pages reconnect to a replica that stays, resuming from their Last-Event-ID.
      hub.close();
    },
    metrics: ops.metrics,
    telemetry,
    prefetchFailures: failures,
    guard,
    live: hub,
    exposures,
    conversionKeys,
    // The config API is what every borrower's app polls: it skips express's routing, helmet and compression.
    // Wrapped for the access log and request metrics (route template, status, duration).
    handler: ops.observe((req, res) => (fast.handle(req, res) ? fastPathRoute(req.url) : void app(req, res))),
    async close() {
      hub.close();
      await guard.close();
      await failures.close().catch(() => undefined);
      await exposures.flush();
      await sync.close();
      await store.close();
    },
  };
}
