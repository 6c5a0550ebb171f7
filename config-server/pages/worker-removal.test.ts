/**
 * The server's off switch for the offline worker: with `SERVICE_WORKER=off`, `/sw.js` is a worker that removes itself
 * and every cache; without it, the build's own file; a mistyped value stops the start.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../testing/test-helpers.js';
import { WORKER_PATH } from './worker-removal.js';

/** Runs a worker script in a stand-in of a service worker's global scope, through install and activate. */
async function runWorker(script: string, cacheNames: string[]) {
  const listeners = new Map<string, (e: unknown) => void>();
  const done: Promise<unknown>[] = [];
  const caches = new Set(cacheNames);
  const scope = {
    skipWaiting: () => {
      skipped = true;
      return Promise.resolve();
    },
    addEventListener: (type: string, f: (e: unknown) => void) => listeners.set(type, f),
    registration: { unregister: async () => (unregistered = true) },
  };
  let skipped = false;
  let unregistered = false;
  runInNewContext(script, {
    self: scope,
    caches: { keys: async () => [...caches], delete: async (k: string) => caches.delete(k) },
  });
  for (const type of ['install', 'activate'])
    listeners.get(type)?.({ waitUntil: (p: Promise<unknown>) => done.push(p) });
  await Promise.all(done);
  return { skipped, unregistered, caches: [...caches], fetches: listeners.has('fetch') };
}

describe('the offline worker with the server switch off', () => {
  it('is a worker that takes over at once, deletes every cache, unregisters and answers no request', async () => {
    const s = await startTestServer({ env: { SERVICE_WORKER: 'off' } });
    try {
      const res = await fetch(s.url + WORKER_PATH);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await runWorker(await res.text(), ['workbox-precache-v2', 'sdui-pages'])).toEqual({
        skipped: true,
        unregistered: true,
        caches: [],
        fetches: false,
      });
    } finally {
      await s.stop();
    }
  });

  it("is the build's own worker while the switch is on (the default)", async () => {
    const s = await startTestServer({ env: {} });
    try {
      writeFileSync(join(s.dataDir, '..', 'static', 'sw.js'), 'self.__built = true;\n');
      expect(await (await fetch(s.url + WORKER_PATH)).text()).toBe('self.__built = true;\n');
    } finally {
      await s.stop();
    }
  });

  it('stops the start on a value that is neither on nor off', async () => {
    await expect(startTestServer({ env: { SERVICE_WORKER: 'of' } })).rejects.toThrow(
      "SERVICE_WORKER must be on or off (got 'of')",
    );
  });
});
