import { Router } from 'express';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { observeRequests } from './access-log.js';
import { notFoundJson } from '../http/error-middleware.js';
import type { Logger } from './logger.js';
import { Metrics, metricsRoute } from './metrics.js';
import type { PublishedSnapshot } from '../published/snapshot.js';
import { noTelemetry, type Telemetry } from './telemetry.js';

export interface OpsOptions {
  env: NodeJS.ProcessEnv;
  snapshot(): PublishedSnapshot;
  storeReachable(): boolean;
  /** The access log (none: no access lines, no `X-Request-Id`). */
  logger?: Logger;
  /** Collect metrics (default: when `METRICS_TOKEN` or `METRICS_PORT` is set, the only ways to read them). */
  metrics?: boolean;
}

/**
 * What operations need besides the app: the readiness probe (`/readyz`, 503 once draining), `/metrics`
 * (behind `METRICS_TOKEN`; a JSON 404 without it), the access log and request metrics around the whole
 * handler, and the telemetry the page-drawing code reports to.
 */
export function opsRoutes(opts: OpsOptions) {
  const { env } = opts;
  const token = env.METRICS_TOKEN || undefined;
  const source = {
    storeReachable: opts.storeReachable,
    generation: () => opts.snapshot().generation,
    releasesInFlight: () => opts.snapshot().releases.filter((r) => r.status === 'rolling').length,
  };
  const metrics = (opts.metrics ?? !!(token || env.METRICS_PORT)) ? new Metrics(source) : undefined;
  let draining = false;

  const router = Router();
  router.get('/readyz', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    // Ready once the published snapshot is loaded (the app exists only then), until a drain begins.
    const snap = opts.snapshot();
    if (draining) res.status(503).json({ status: 'draining', generation: snap.generation });
    else res.json({ status: 'ready', generation: snap.generation });
  });
  if (metrics && token) router.get('/metrics', metricsRoute(metrics, token));
  router.use('/metrics', notFoundJson);

  /** A page request's label: the screen it opened (bounded by the published screens, unlike paths). */
  const pageRoute = (path: string) => {
    if (path === '/admin' || path.startsWith('/admin/')) return 'page:admin';
    return `page:${opts.snapshot().screenIdForPath(path) ?? 'none'}`;
  };

  return {
    router,
    metrics,
    telemetry: (metrics ?? noTelemetry) as Telemetry,
    /** Readiness turns 503 and every response says `Connection: close`; the server stops listening later. */
    drain() {
      draining = true;
    },
    isDraining: () => draining,
    observe: (handle: (req: IncomingMessage, res: ServerResponse) => string | undefined) =>
      observeRequests(handle, { logger: opts.logger, metrics, pageRoute, draining: () => draining }),
  };
}
