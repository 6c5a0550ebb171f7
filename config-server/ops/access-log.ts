import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from './logger.js';
import type { Metrics } from './metrics.js';

/** A client's `X-Request-Id` is kept when it looks like an id (a UUID, a trace id); anything else gets a new one. */
const SANE_ID = /^[A-Za-z0-9][A-Za-z0-9._:+=/@-]{0,127}$/;

export function requestIdFrom(header: string | string[] | undefined): string {
  return typeof header === 'string' && SANE_ID.test(header) ? header : randomUUID();
}

const ARM = Symbol('sdui.arm');
const MATCHED = Symbol('sdui.route');
type WithArm = ServerResponse & { [ARM]?: string | null };

/** Names the release arm a response was served from, for its access line (the release feature sets it). */
export function setRequestArm(res: ServerResponse, arm: string | null): void {
  (res as WithArm)[ARM] = arm;
}

/** The config API's routes the fast path answers in front of express, by the router's own templates. */
export function fastPathRoute(url: string | undefined): string {
  const path = (url ?? '').split('?')[0];
  if (path.startsWith('/config/v1/screens/')) return '/config/v1/screens/:id';
  if (path.startsWith('/config/v1/templates/')) return '/config/v1/templates/:templateId';
  return path === '/config/v1/bundle' ? '/config/v1/bundle' : '/config/v1/*';
}

/**
 * The route template of an answered request, never its URL (which carries the borrower's token): the
 * express route that answered (`/admin/api/documents/:kind/:id`), or for what no route answered, the page
 * label (`pageRoute`, e.g. the screen it opened), `/assets/*`, `static` for other files, `unmatched` for a 404.
 */
export function routeTemplate(req: IncomingMessage, res: ServerResponse, pageRoute: (path: string) => string): string {
  const r = req as IncomingMessage & { [MATCHED]?: string; originalUrl?: string };
  if (r[MATCHED]) return r[MATCHED];
  const path = (r.originalUrl ?? req.url ?? '').split('?')[0];
  if (String(res.getHeader('content-type') ?? '').startsWith('text/html')) return pageRoute(path);
  if (path.startsWith('/assets/')) return '/assets/*';
  return res.statusCode === 404 ? 'unmatched' : 'static';
}

/**
 * Records the template of the express route a request matches, as express matches it: `req.route` is set
 * then, while `req.baseUrl` still holds the mount path (an error leaving a router resets it before the error
 * middleware answers).
 */
function trackRoute(req: IncomingMessage): void {
  let route: unknown;
  const r = req as IncomingMessage & { baseUrl?: string; [MATCHED]?: string };
  Object.defineProperty(req, 'route', {
    configurable: true,
    enumerable: true,
    get: () => route,
    set(value: { path?: unknown } | undefined) {
      route = value;
      if (typeof value?.path === 'string') r[MATCHED] = (r.baseUrl ?? '') + value.path;
    },
  });
}

export interface ObserveOptions {
  /** One JSON access line per request (and `X-Request-Id` on every response) when given. */
  logger?: Logger;
  /** Request counters and durations when given. */
  metrics?: Metrics;
  /** The label of a page request no express route answered (see `routeTemplate`). */
  pageRoute(path: string): string;
  /** While true, every response says `Connection: close` (the server is draining). */
  draining(): boolean;
}

/**
 * Wraps the server's request handler: request id, access line, request metrics and, while draining,
 * `Connection: close`. `handle` returns the route template when it answered in front of express (the fast path).
 */
export function observeRequests(
  handle: (req: IncomingMessage, res: ServerResponse) => string | undefined,
  opts: ObserveOptions,
) {
  const { logger, metrics } = opts;
  if (!logger && !metrics) {
    return (req: IncomingMessage, res: ServerResponse) => {
      if (opts.draining()) res.setHeader('Connection', 'close');
      handle(req, res);
    };
  }
  return (req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now();
    const requestId = logger ? requestIdFrom(req.headers['x-request-id']) : '';
    if (logger) res.setHeader('X-Request-Id', requestId);
    if (opts.draining()) res.setHeader('Connection', 'close');
    let fast: string | undefined;
    trackRoute(req);
    res.once('close', () => {
      const ms = performance.now() - started;
      const route = fast ?? routeTemplate(req, res, opts.pageRoute);
      const method = req.method ?? 'GET';
      metrics?.request(method, route, res.statusCode, ms / 1000);
      if (logger) {
        const line: Record<string, unknown> = {
          requestId,
          method,
          route,
          status: res.statusCode,
          ms: Math.round(ms * 100) / 100,
          arm: (res as WithArm)[ARM] ?? null,
        };
        if (!res.writableFinished) line.aborted = true;
        logger.info(line, 'request');
      }
    });
    fast = handle(req, res);
  };
}
