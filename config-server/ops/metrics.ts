import { sameSecret } from '../http/same-secret.js';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DrawnOutcome, PrefetchOutcome, Telemetry } from './telemetry.js';

const DRAWN: DrawnOutcome[] = ['with_data', 'without_data', 'cache_hit', 'not_drawn'];
const PREFETCH: PrefetchOutcome[] = ['ok', 'timeout', 'unreachable', 'refused', 'too_large'];
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** What the gauges read at each scrape (no work on the request path). */
export interface MetricsSource {
  storeReachable(): boolean;
  /** The published snapshot's generation: the version every replica should converge on. */
  generation(): number;
  /** Releases rolling out now (a share of borrowers on their candidate). */
  releasesInFlight(): number;
}

/**
 * The server's Prometheus metrics, in a registry of its own (several apps in one test process never mix):
 * requests by route template and status with their durations, drawn pages by outcome, server prefetch calls,
 * publishes and rollbacks, store reachability, the published generation, releases in flight, and node's process metrics.
 */
export class Metrics implements Telemetry {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly durations: Histogram<'method' | 'route'>;
  private readonly drawn: Counter<'outcome'>;
  private readonly prefetch: Histogram<'outcome'>;
  private readonly publishes: Counter;
  private readonly rollbacks: Counter;

  constructor(source: MetricsSource) {
    const registers = [this.registry];
    this.requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route template and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.durations = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from a request arriving to its response finishing, by method and route template',
      labelNames: ['method', 'route'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.drawn = new Counter({
      name: 'sdui_pages_drawn_total',
      help: 'Page requests the server drew a screen for: with_data (prefetched), without_data, cache_hit (an already drawn page), not_drawn (failed: the app draws it)',
      labelNames: ['outcome'],
      registers,
    });
    this.prefetch = new Histogram({
      name: 'sdui_prefetch_duration_seconds',
      help: "The server's data calls while drawing a page (SSR_PREFETCH_BUDGET_MS), by outcome: ok, timeout, unreachable, refused (origin not allowed), too_large",
      labelNames: ['outcome'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.3, 0.5, 1],
      registers,
    });
    this.publishes = new Counter({
      name: 'sdui_publishes_total',
      help: 'Publishes made through this replica',
      registers,
    });
    this.rollbacks = new Counter({
      name: 'sdui_rollbacks_total',
      help: 'Rollbacks made through this replica',
      registers,
    });
    new Gauge({
      name: 'sdui_store_reachable',
      help: '1 when the last store check reached the database, 0 when it failed (the replica keeps serving its snapshot)',
      registers,
      collect() {
        this.set(source.storeReachable() ? 1 : 0);
      },
    });
    new Gauge({
      name: 'sdui_published_generation',
      help: 'Generation of the published snapshot this replica serves',
      registers,
      collect() {
        this.set(source.generation());
      },
    });
    new Gauge({
      name: 'sdui_releases_in_flight',
      help: 'Releases rolling out on this replica: a share of borrowers gets their candidate documents',
      registers,
      collect() {
        this.set(source.releasesInFlight());
      },
    });
    for (const o of DRAWN) this.drawn.labels(o).inc(0);
    for (const o of PREFETCH) this.prefetch.labels(o);
    collectDefaultMetrics({ register: this.registry });
  }

  /** One finished request. A publish or rollback route answered 2xx also counts as one. */
  request(method: string, route: string, status: number, seconds: number): void {
    const m = METHODS.has(method) ? method : 'OTHER';
    this.requests.labels(m, route, String(status)).inc();
    this.durations.labels(m, route).observe(seconds);
    if (method === 'POST' && status >= 200 && status < 300) {
      if (route === '/admin/api/publish') this.publishes.inc();
      else if (route === '/admin/api/documents/:kind/:id/rollback') this.rollbacks.inc();
    }
  }

  pageDrawn(outcome: DrawnOutcome): void {
    this.drawn.labels(outcome).inc();
  }

  prefetched(outcome: PrefetchOutcome, seconds: number): void {
    this.prefetch.labels(outcome).observe(seconds);
  }

  /** The Prometheus text exposition to `res`. */
  async send(res: ServerResponse): Promise<void> {
    const body = await this.registry.metrics();
    res.writeHead(200, { 'Content-Type': this.registry.contentType, 'Cache-Control': 'no-store' });
    res.end(body);
  }
}

/** Whether `header` is `Bearer <token>` (compared in constant time). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  if (!m) return false;
  return sameSecret(m[1], token);
}

/** `GET /metrics` on the app's own port: only with `Authorization: Bearer $METRICS_TOKEN`, else 401. */
export function metricsRoute(metrics: Metrics, token: string) {
  return (req: IncomingMessage, res: ServerResponse) => {
    if (!bearerMatches(req.headers.authorization, token)) {
      res.writeHead(401, {
        'WWW-Authenticate': 'Bearer realm="metrics"',
        'Content-Type': 'application/json; charset=utf-8',
        'Cache-Control': 'no-store',
      });
      res.end(
        JSON.stringify({ error: { status: 401, message: 'Metrics need Authorization: Bearer <METRICS_TOKEN>' } }),
      );
      return;
    }
    void metrics.send(res).catch(() => res.destroy());
  };
}

/** A listener of its own (`METRICS_PORT`) serving only `GET /metrics`, for a port the load balancer does not expose. */
export function metricsServer(metrics: Metrics): Server {
  return createServer((req, res) => {
    if ((req.method === 'GET' || req.method === 'HEAD') && req.url?.split('?')[0] === '/metrics')
      return void metrics.send(res).catch(() => res.destroy());
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('not found: GET /metrics\n');
  });
}
