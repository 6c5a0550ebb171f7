/**
 * The server's off switch for the offline worker, in Chromium: a phone whose page is controlled by the worker gets, once
 * the server restarts with `SERVICE_WORKER=off`, a worker that removes itself and its caches at the browser's next
 * update check (the page's next load), and the load after that has no controlling worker, with the screen still shown.
 * This is the switch for a bad worker whose app no longer starts; the market's switch is in offline-worker.spec.ts.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { screenVisible, startHarness, type Harness } from './harness';
import { freePort } from './oidc-provider';
import { watchWorkers } from './worker-watch';

let h: Harness;
beforeAll(async () => {
  // A fixed port: the worker belongs to the origin, which must be the same after the restart.
  h = await startHarness({ worker: true, port: await freePort() });
}, 60_000);
afterAll(() => h?.close());

/** Registering waits for the first screen and an idle moment, then installs ~40 files: seconds on a busy machine. */
const WORKER_WAIT = { timeout: 20_000 };
const activeWorker = (page: Page) =>
  page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.active?.state ?? null));
const controlled = (page: Page) => page.evaluate(() => navigator.serviceWorker.controller !== null);
const cacheCount = (page: Page) => page.evaluate(() => caches.keys().then((k) => k.length));

it('removes the worker and its caches from a phone it controls, and the page still loads', async () => {
  const { page } = await h.openScreen('/complaint');
  const workers = await watchWorkers(page);
  await screenVisible(page);
  await expect.poll(() => activeWorker(page), WORKER_WAIT).toBe('activated');
  await page.reload();
  await screenVisible(page);
  expect(await controlled(page)).toBe(true);
  expect(await cacheCount(page)).toBeGreaterThan(0);

  await h.restartServer({ SERVICE_WORKER: 'off' });
  // The next load: the browser looks for a new worker (the page registers at once on a repeat visit too).
  await page.reload();
  await screenVisible(page);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.getRegistrations().then((r) => r.length)), {
      timeout: 15_000,
      message: await workers.report(),
    })
    .toBe(0);
  expect(await cacheCount(page)).toBe(0);
  // The load after: the network's alone, and the screen is there.
  await page.reload();
  await screenVisible(page);
  expect(await controlled(page)).toBe(false);
});
