/**
 * After a drawn page has loaded, the app asks for nothing the first screen does not need: the page just
 * delivered its screen and named its bundle at the current version, so there is nothing to revalidate, and nothing to
 * schema-check before keeping them as the last good copy (the server drew the page with them). A referee saw
 * `/config/v1/screens/<id>` and the validators' chunk about 2 s after load; those, or anything else, fail here.
 * Allowed after load: the beacon sender's code (`telemetry/start-beacons.ts`), which must be in the page before the page
 * is hidden, when the beacon is sent; and the live-changes module (`boot/live/start-live.ts`) with its one event stream
 * (`/config/v1/live`), which carries control messages only, never a document; and the steps a tap rarely takes
 * (`core/actions/later-actions.ts`: copy, upload, delay, validate), the API client's code (`api/api-client.ts`: the
 * drawn first screen has its answer) and the native bridge's, warmed then so a tap does not wait for them.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenVisible, startHarness, type Harness } from './harness';

/** How long after the load event requests are watched (the referee saw them at about 2 s). */
const WATCH_MS = 5000;

type Manifest = Record<string, { file: string; name?: string; imports?: string[] }>;
const manifest = () => JSON.parse(fs.readFileSync('dist/renderer/.vite/manifest.json', 'utf8')) as Manifest;

/** Drawn screens of every kind: borrower data made by the server's first call, and a static page. */
const ROUTES: { route: string; query: Record<string, string> }[] = [
  { route: '/complaint', query: {} },
  { route: '/loanDetails', query: { productId: '103', orderId: '1004' } },
  { route: '/Loan', query: {} },
];

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ locale: 'id-ID', serverPrefetch: true, log: () => {} });
});
afterAll(async () => h?.close());

describe('after a drawn page has loaded', () => {
  for (const { route, query } of ROUTES) {
    it(`${route}: no request within ${WATCH_MS / 1000} s but the beacon sender and live stream; no screen document, no validators`, async () => {
      const m = manifest();
      // The beacon sender, the live stream's client, the offline worker's registration, the rare steps' handlers, the API
      // client and the native bridge:
      // each waits for the first screen by design.
      const later = [
        'telemetry/start-beacons.ts',
        'boot/live/start-live.ts',
        'worker/worker-client.ts',
        'core/actions/later-actions.ts',
        'api/api-client.ts',
        'bridge/create-bridge.ts',
        // The clipboard's, warmed so that a copy tap finds it (a copy loses the tap's activation if it waits on a fetch).
        'runtime/clipboard.ts',
      ];
      // With the chunks they import and nothing else loads (the metric catalog, shared with the console).
      const chunks = new Set(later.flatMap((k) => [k, ...(m[k].imports ?? [])]));
      const allowed = [...chunks].filter((k) => m[k]).map((k) => `GET /${m[k].file}`);
      const validators = Object.values(m)
        .filter((c) => c.name === 'validate-document')
        .map((c) => `/${c.file}`);
      expect(validators).not.toEqual([]);

      const { page, logs, pageErrors } = await h.newPage();
      const failed: string[] = [];
      page.on('response', (r) => r.status() >= 400 && failed.push(`${r.status()} ${new URL(r.url()).pathname}`));
      const requests: { at: number; what: string; path: string }[] = [];
      let loadedAt: number | null = null;
      page.on('load', () => (loadedAt ??= Date.now()));
      page.on('request', (r) => {
        const url = new URL(r.url());
        // Pictures are the screen's own content (a lazy logo may come after load on a busy machine); code, documents
        // and data are what must not follow the first screen.
        if (r.resourceType() !== 'image')
          requests.push({ at: Date.now(), what: `${r.method()} ${url.pathname}`, path: url.pathname });
      });
      await page.goto(h.screenUrl(route, { query }), { waitUntil: 'load' });
      // Drawn by the server and hydrated: the first screen is up (its onLoad ran against the server's answer).
      expect(await page.locator('#root[data-ssr]').count()).toBe(1);
      await screenVisible(page);
      await page.waitForTimeout(Math.max(0, loadedAt! + WATCH_MS - Date.now()));

      const afterLoad = requests.filter((r) => r.at >= loadedAt!).map((r) => r.what);
      expect(
        afterLoad.filter((w) => !allowed.includes(w) && w !== 'GET /config/v1/live'),
        `after load: ${afterLoad.join(', ')}`,
      ).toEqual([]);
      // One stream, not a reconnect loop.
      expect(requests.filter((r) => r.path === '/config/v1/live')).toHaveLength(1);
      const all = requests.map((r) => r.path);
      expect(all.filter((p) => p.startsWith('/config/v1/screens/') || validators.includes(p))).toEqual([]);
      // Every request the page made succeeded; the console's 'Failed to load resource' lines are Chromium's own favicon
      // request (no request event), which this server answers 404.
      expect(failed).toEqual([]);
      expect(logs.filter((l) => !l.includes('Failed to load resource'))).toEqual([]);
      expect(pageErrors).toEqual([]);

      // The last good copies were kept all the same: a later visit can use them.
      const kept = await page.evaluate(() =>
        Object.keys(localStorage)
          .filter((k) => k.startsWith('sdui:config:'))
          .sort(),
      );
      expect(kept.some((k) => k.startsWith('sdui:config:bundle:'))).toBe(true);
      expect(kept.some((k) => k.startsWith('sdui:config:screen:'))).toBe(true);
      await page.context().close();
    });
  }
});
