/**
 * Every screen comes drawn by the server, with its first data when the API map marks the call `prefetch`;
 * the app hydrates it and claims that answer instead of calling again. Over budget or failing, the page
 * comes without data and the app calls as it always did. Pages with a borrower's data are never cached.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commonParams, isCall, screenVisible, startHarness, type Harness } from './harness';
import { forceFailure } from './repayment-helpers';

const texts = JSON.parse(fs.readFileSync('screens/texts/id-ID.json', 'utf8')).texts as Record<string, string>;
let seq = 0;
const screenUrl = (
  h: Harness,
  route: string,
  query: Record<string, string> = {},
  token = `ssr-${process.pid}-${Date.now()}-${++seq}`,
) => `${h.url}${route}?${new URLSearchParams({ ...commonParams(token), ...query })}`;

/** The page's inlined server data (what the server fetched and drew, or the call it left to the page). */
const serverDataOf = (html: string) => {
  const m = /<script type="application\/json" id="sdui-ssr">(.*?)<\/script>/.exec(html);
  return m ? (JSON.parse(m[1]) as { state?: unknown; calls: unknown[]; early?: { url: string } }) : null;
};

let h: Harness;
const serverLog: string[] = [];
beforeAll(async () => {
  h = await startHarness({ locale: 'id-ID', serverPrefetch: true, log: (m) => serverLog.push(m) });
});
afterAll(async () => h?.close());

describe('server-rendered borrower screens', () => {
  it('with JavaScript disabled, complaint entry and loan details show their data (fetched by the server)', async () => {
    const context = await h.browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 667 } });
    const page = await context.newPage();
    await page.goto(screenUrl(h, '/complaint'));
    expect(await page.title()).toBe(texts['title.complaintEntry']);
    expect(await page.getByRole('radio', { name: 'Collection' }).count()).toBe(1);
    expect(await page.locator('#selected-order').innerText()).toContain('SB1001');

    await page.goto(screenUrl(h, '/loanDetails', { productId: '103', orderId: '1004' }));
    expect(await page.locator('main').innerText()).not.toBe('');
    expect(await page.locator('.sdui-loading').count()).toBe(0);
    await context.close();
  });

  it('with JavaScript, the app hydrates the server markup (same nodes), without console errors, and does not repeat the first call', async () => {
    const { page, logs, pageErrors } = await h.newPage();
    const calls: string[] = [];
    page.on('request', (r) => isCall('/user-problem/problem-init')(r) && calls.push(r.url()));
    // Hold the app's code until the server's nodes have been tagged.
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await gate;
      await route.continue();
    });
    const url = screenUrl(h, '/complaint');
    await page.goto(url, { waitUntil: 'commit' });
    await page.locator('#selected-order').waitFor();
    await page.evaluate(
      () => ((document.querySelector('#selected-order') as unknown as { __server: boolean }).__server = true),
    );
    const served = await page.evaluate(() => document.getElementById('root')!.innerHTML);
    release();
    await screenVisible(page);
    expect(
      await page.evaluate(
        () => (document.querySelector('#selected-order') as unknown as { __server?: boolean }).__server,
      ),
    ).toBe(true);
    expect(await page.evaluate(() => document.getElementById('root')!.innerHTML)).toBe(served);
    // Hydrated means live: a type opens the form.
    await page.getByRole('radio', { name: 'Repayment' }).click();
    await page.waitForURL(/\/complainPageNext\?/);
    expect(calls).toEqual([]);
    expect(logs).toEqual([]);
    expect(pageErrors).toEqual([]);
    await page.context().close();
  });

  it("downloads the bundle a drawn page names once (its preload is the app's request), and hydrates from the last good copy on return", async () => {
    const { page, logs, pageErrors } = await h.newPage();
    const bundles: string[] = [];
    page.on('request', (r) => r.url().includes('/config/v1/bundle') && bundles.push(r.url()));
    const missing: string[] = [];
    page.on('response', (r) => r.status() >= 400 && missing.push(r.url()));
    const url = screenUrl(h, '/complaint');
    await page.goto(url);
    await screenVisible(page);
    await page.getByRole('radio', { name: 'Repayment' }).waitFor();
    // Exactly the published version's URL (the ETag, unquoted, in `v`), once.
    const etag = (await fetch(`${h.url}/config/v1/bundle?market=ID`)).headers.get('etag')!;
    expect(bundles).toEqual([`${h.url}/config/v1/bundle?market=ID&v=${encodeURIComponent(etag.replace(/"/g, ''))}`]);
    await page.waitForFunction(() => localStorage.getItem('sdui:config:bundle:ID') !== null, undefined, {
      timeout: 10_000,
    });

    // Back on the page: the app's code held until the server's nodes are tagged, then it must keep them.
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await gate;
      await route.continue();
    });
    bundles.length = 0;
    await page.goto(url, { waitUntil: 'commit' });
    await page.locator('#selected-order').waitFor();
    await page.evaluate(
      () => ((document.querySelector('#selected-order') as unknown as { __server: boolean }).__server = true),
    );
    release();
    await screenVisible(page);
    expect(
      await page.evaluate(
        () => (document.querySelector('#selected-order') as unknown as { __server?: boolean }).__server,
      ),
    ).toBe(true);
    // Only the page's own preload (the browser's cache may answer it); the app asked nothing.
    expect(bundles.length).toBeLessThanOrEqual(1);
    // Chromium's /favicon.ico 404 has no response event (see the over-budget test): every other failure is in `missing`.
    expect(missing).toEqual([]);
    expect(logs.filter((l) => !/Failed to load resource: .* 404/.test(l))).toEqual([]);
    expect(pageErrors).toEqual([]);
    await page.context().close();
  });

  it('every screen of the route map is served drawn and hydrates without a mismatch', async () => {
    const routes = JSON.parse(fs.readFileSync('screens/maps/route-map.json', 'utf8')).routes as {
      path: string;
      screen: string;
    }[];
    const firstPathOf = new Map<string, string>();
    for (const r of routes) if (!firstPathOf.has(r.screen)) firstPathOf.set(r.screen, r.path);
    const { page, logs } = await h.newPage();
    const mismatches: string[] = [];
    for (const [screen, route] of firstPathOf) {
      logs.length = 0;
      const url = screenUrl(h, route, {
        productId: '103',
        orderId: '1004',
        problemId: '1',
        scene: 'relevant',
        amount: '100000',
      });
      const res = await page.goto(url);
      expect(await res!.text(), screen).toContain('data-ssr');
      await page.waitForFunction(() => performance.getEntriesByName('sdui:screen-visible').length > 0, undefined, {
        timeout: 10_000,
      });
      for (const l of logs) if (/hydrat/i.test(l)) mismatches.push(`${screen}: ${l}`);
    }
    expect(mismatches).toEqual([]);
    await page.context().close();
  });

  it('a page with the borrower data is private, no-store; a static page stays cacheable', async () => {
    const res = await fetch(screenUrl(h, '/complaint'));
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('etag')).toBeNull();
    const html = await res.text();
    expect(html).toContain('id="sdui-ssr"');
    expect(html).toContain(`<title>`);
    const site = await fetch(`${h.url}/Loan?market=ID`);
    expect(site.headers.get('cache-control')).toBe('no-cache');
    expect(await site.text()).not.toContain('id="sdui-ssr"');
  });

  it('when the backend fails the server call, the page comes without data and the app makes the call', async () => {
    const token = `ssr-fail-${Date.now()}`;
    await forceFailure(h, token, '/user-problem/problem-init', 500, 'down');
    const { page, pageErrors } = await h.newPage();
    const calls: string[] = [];
    page.on('request', (r) => isCall('/user-problem/problem-init')(r) && calls.push(r.url()));
    await page.goto(screenUrl(h, '/complaint', {}, token));
    await page.getByRole('radio', { name: 'Collection' }).waitFor();
    expect(calls.length).toBe(1);
    expect(pageErrors).toEqual([]);
    expect(serverLog.join('\n')).not.toContain(token); // tokens never in logs
    await page.context().close();
  });
});

describe('server data budget and allow-list', () => {
  let slow: Harness | undefined;
  let other: Harness | undefined;
  let backend: http.Server | undefined;
  const backendHits: string[] = [];
  const otherLog: string[] = [];
  afterAll(async () => {
    await slow?.close();
    await other?.close();
    backend?.close();
  });

  it('over budget, the page still renders and the call leaves from the page while the bundle downloads, once', async () => {
    slow = await startHarness({
      locale: 'id-ID',
      serverPrefetch: true,
      env: { ...process.env, SSR_PREFETCH_BUDGET_MS: '1' },
      log: () => {},
    });
    const html = await (await fetch(screenUrl(slow, '/complaint'))).text();
    expect(html).toContain('data-ssr');
    const data = serverDataOf(html)!;
    expect(data.state).toBeUndefined();
    expect(data.calls).toEqual([]);
    expect(data.early?.url).toMatch(/^\/sandbox\/user-problem\/problem-init\?/);
    const { page, logs, pageErrors } = await slow.newPage();
    const missing: string[] = [];
    page.on('response', (r) => r.status() === 404 && missing.push(r.url()));
    const calls: string[] = [];
    page.on('request', (r) => isCall('/user-problem/problem-init')(r) && calls.push(r.url()));
    // The page itself starts the call while the app's code is still on its way (public/early-call.js).
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await gate;
      await route.continue();
    });
    await page.goto(screenUrl(slow, '/complaint'), { waitUntil: 'commit' });
    await expect.poll(() => calls.length).toBe(1);
    release();
    await page.getByRole('radio', { name: 'Collection' }).waitFor();
    await screenVisible(page);
    expect(calls.length).toBe(1); // claimed by the app, not sent again
    // A fresh browser asks for /favicon.ico (a 404 Chromium reports as a console error without its URL and
    // without a page response event): every 404 the page itself saw is in `missing`.
    expect(missing).toEqual([]);
    expect(logs.filter((l) => !/Failed to load resource: .* 404/.test(l))).toEqual([]);
    expect(pageErrors).toEqual([]);
    await page.context().close();
  });

  it('refuses an API map naming a backend origin that is not on SSR_BACKEND_ORIGINS before anything is served', async () => {
    backend = http.createServer((req, res) => {
      backendHits.push(`${req.method} ${req.url}`);
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ code: '00', message: '', data: {} }));
    });
    await new Promise<void>((r) => backend!.listen(0, '127.0.0.1', r));
    const origin = `http://127.0.0.1:${(backend.address() as { port: number }).port}`;
    // A copy of the documents whose API map points at that origin.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sdui-ssr-screens-'));
    fs.cpSync('screens', dir, { recursive: true });
    const mapFile = path.join(dir, 'maps/api-map.json');
    fs.writeFileSync(
      mapFile,
      fs.readFileSync(mapFile, 'utf8').replace('"baseUrl": "/sandbox"', `"baseUrl": "${origin}/sandbox"`),
    );
    // Validation refuses the map at the first start, so no page is ever drawn from it; a map published
    // before that rule is still never called (pages/backend-call.test.ts: 'is not in SSR_BACKEND_ORIGINS').
    await expect(
      startHarness({
        screensDir: dir,
        serverPrefetch: true,
        env: { ...process.env, SSR_BACKEND_ORIGINS: 'https://api.example.com' },
        log: (m) => otherLog.push(m),
      }),
    ).rejects.toThrow(
      /api-map\.json#\/baseUrl: baseUrl origin http:\/\/127\.0\.0\.1:\d+ is not an allowed backend origin/,
    );
    fs.rmSync(dir, { recursive: true, force: true });
    expect(backendHits).toEqual([]);
    expect(otherLog.join('\n')).not.toContain('token=');
  });
});
