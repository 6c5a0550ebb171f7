import type { RequestHandler } from 'express';

/** The offline worker's address, as the app registers it (renderer/worker/worker-protocol.ts). */
export const WORKER_PATH = '/sw.js';

/**
 * What `/sw.js` is while the server's off switch is on: a worker that takes the place of whatever build's worker a phone
 * runs, deletes every cache of this origin and unregisters, so the page's next load is the network's alone. No fetch
 * handler: while it is active, every request goes to the network. The browser fetches `/sw.js` by itself when it checks
 * for an update (at a navigation, and when the page registers), so this reaches phones whose app no longer starts,
 * which the market's switch (a published setting the app reads) cannot.
 */
export const WORKER_REMOVAL_SCRIPT = `// The server's off switch (SERVICE_WORKER=off): this worker removes itself and its caches.
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) await caches.delete(key);
      await self.registration.unregister();
    })(),
  );
});
`;

/**
 * `SERVICE_WORKER`: `on` (default) serves the build's worker; `off` serves the removal worker in its place. Anything
 * else stops the start: a mistyped switch, meant for the day a bad worker shipped, must not leave the worker on.
 */
export function workerRemovalFromEnv(env: NodeJS.ProcessEnv): RequestHandler | undefined {
  const value = env.SERVICE_WORKER;
  if (value === undefined || value === '' || value === 'on') return undefined;
  if (value !== 'off') throw new Error(`SERVICE_WORKER must be on or off (got '${value.slice(0, 40)}')`);
  return (_req, res) => {
    res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache');
    res.send(WORKER_REMOVAL_SCRIPT);
  };
}
