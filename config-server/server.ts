import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp, type AppOptions, type ConfigApp } from './app.js';
import { metricsServer } from './ops/metrics.js';

export { createApp };

export interface ServerOptions extends AppOptions {
  /** 0 = an ephemeral port (tests). Default: env PORT or 8080. */
  port?: number;
  host?: string;
  /** A port of its own for GET /metrics (default env METRICS_PORT; none: only the token-guarded /metrics, if any). */
  metricsPort?: number;
}

export interface ShutdownOptions {
  /** How long new connections are still accepted (answered, `/readyz` 503) so load balancers notice first. */
  graceMs?: number;
  /** From the start of the shutdown: connections still open then are cut (default 8000, within a 10 s stop timeout). */
  deadlineMs?: number;
}

export interface RunningServer {
  url: string;
  /** Where GET /metrics is served on its own port, when it is. */
  metricsUrl?: string;
  close(): Promise<void>;
  /**
   * The SIGTERM sequence: readiness 503 at once (and `Connection: close` on every answer), new connections
   * accepted for `graceMs` more, then refused; in-flight requests finish; what is still open at `deadlineMs`
   * is cut; then the store is closed.
   */
  shutdown(opts?: ShutdownOptions): Promise<void>;
  /** The app behind it (store, snapshot) for tests and tooling. */
  config: ConfigApp;
  /** The listening HTTP server (tests count what reaches the origin, e.g. the live re-fetch spread). */
  http: Server;
}

export const DEFAULT_DRAIN_GRACE_MS = 2000;
export const DEFAULT_DRAIN_DEADLINE_MS = 8000;

function listen(server: Server, port: number, host: string | undefined): Promise<AddressInfo> {
  if (host) server.listen(port, host);
  else server.listen(port);
  return new Promise((resolve, reject) => {
    server.once('listening', () => resolve(server.address() as AddressInfo));
    server.once('error', reject);
  });
}

const urlOf = (addr: AddressInfo) => {
  const host =
    addr.family === 'IPv6'
      ? addr.address === '::'
        ? 'localhost'
        : `[${addr.address}]`
      : addr.address === '0.0.0.0'
        ? 'localhost'
        : addr.address;
  return `http://${host}:${addr.port}`;
};

/**
 * Starts the config server. `close()` stops accepting connections, lets in-flight requests
 * finish (idle keep-alive sockets are closed at once, busy ones after `graceMs`), then closes the store.
 */
export async function startServer(opts: ServerOptions = {}, graceMs = 10_000): Promise<RunningServer> {
  const config = await createApp(opts);
  const env = opts.env ?? process.env;
  const port = opts.port ?? Number(process.env.PORT ?? 8080);
  const server = createServer(config.handler);
  const metricsPort = opts.metricsPort ?? (env.METRICS_PORT ? Number(env.METRICS_PORT) : undefined);
  const metrics = config.metrics && metricsPort !== undefined ? metricsServer(config.metrics) : undefined;
  let addr: AddressInfo;
  let metricsAddr: AddressInfo | undefined;
  try {
    addr = await listen(server, port, opts.host);
    if (metrics) metricsAddr = await listen(metrics, metricsPort!, opts.host);
  } catch (e) {
    server.close();
    await config.close().catch(() => undefined);
    throw e;
  }
  let closing: Promise<void> | undefined;
  /** Stops listening, closes idle connections as they become idle, cuts the rest after `forceMs`, then the store. */
  const stop = (forceMs: number) =>
    (closing ??= new Promise<void>((resolve) => {
      metrics?.close();
      metrics?.closeAllConnections();
      // Open streams never finish by themselves: ended now, their pages reconnect to another replica.
      config.live.close();
      const force = setTimeout(() => server.closeAllConnections(), forceMs).unref();
      // A kept-alive connection whose last request finishes after close() would otherwise wait for its timeout.
      const idle = setInterval(() => server.closeIdleConnections(), 50).unref();
      server.close(() => {
        clearTimeout(force);
        clearInterval(idle);
        config.close().then(resolve, resolve);
      });
      server.closeIdleConnections();
    }));
  return {
    url: urlOf(addr),
    metricsUrl: metricsAddr && urlOf(metricsAddr),
    config,
    http: server,
    close: () => stop(graceMs),
    async shutdown({ graceMs: grace = DEFAULT_DRAIN_GRACE_MS, deadlineMs = DEFAULT_DRAIN_DEADLINE_MS } = {}) {
      const started = Date.now();
      config.drain();
      if (grace > 0) await new Promise((r) => setTimeout(r, grace));
      await stop(Math.max(0, deadlineMs - (Date.now() - started)));
    },
  };
}
