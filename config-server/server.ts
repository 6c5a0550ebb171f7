import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp, type AppOptions, type ConfigApp } from './app.js';

export { createApp };

export interface ServerOptions extends AppOptions {
  /** 0 = an ephemeral port (tests). Default: env PORT or 8080. */
  port?: number;
  host?: string;
}

export interface RunningServer {
  url: string;
  close(): Promise<void>;
  /** The app behind it (store, snapshot) for tests and tooling. */
  config: ConfigApp;
}

/**
 * Starts the config server. `close()` stops accepting connections, lets in-flight requests
 * finish (idle keep-alive sockets are closed at once, busy ones after `graceMs`), then closes the store.
 */
export async function startServer(opts: ServerOptions = {}, graceMs = 10_000): Promise<RunningServer> {
  const config = await createApp(opts);
  const port = opts.port ?? Number(process.env.PORT ?? 8080);
  const server = createServer(config.handler);
  if (opts.host) server.listen(port, opts.host);
  else server.listen(port);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', (e) => {
      void config.close().catch(() => undefined);
      reject(e);
    });
  });
  const addr = server.address() as AddressInfo;
  const host = addr.family === 'IPv6' ? (addr.address === '::' ? 'localhost' : `[${addr.address}]`) : addr.address === '0.0.0.0' ? 'localhost' : addr.address;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${host}:${addr.port}`,
    config,
    close() {
      closing ??= new Promise<void>((resolve) => {
        const force = setTimeout(() => server.closeAllConnections(), graceMs);
        force.unref();
        server.close(() => {
          clearTimeout(force);
          config.close().then(resolve, resolve);
        });
        server.closeIdleConnections();
      });
      return closing;
    },
  };
}
