import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenVisible, startHarness, type Harness } from './harness';

/**
 * The renderer in real Chromium through the real server. A test screen with an unknown node type
 * cannot be published (validation refuses it), so it is served in place of the not-found screen by
 * intercepting its config request: the renderer code path is the real one.
 */
const testScreen = {
  kind: 'screen',
  id: 'not-found',
  schemaVersion: 1,
  title: 'common.notFoundTitle',
  body: [
    { type: 'text', key: 'common.notFoundTitle', variant: 'title' },
    { type: 'hologram', sparkle: true },
    { type: 'text', value: 'still here: {{ thousands(1500000) }}' },
    { type: 'text', value: 'bad expr {{ state. }}|' },
    {
      type: 'button',
      label: 'common.back',
      onClick: [{ action: 'bridge', message: 'closeWebview', payload: { from: 'e2e' } }],
    },
  ],
};

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('renderer runtime in Chromium', () => {
  it('a screen with an unknown node type still renders its other nodes, and the bridge reaches webkit.messageHandlers', async () => {
    const rec = await h.openPage('/#/no-such-route?market=ID&token=t1', {
      before: async (page) => {
        // The app asks with the borrower's params (deviceId, market, ...) in the query: the pattern allows any.
        await page.route('**/config/v1/screens/not-found?*', (route) =>
          route.fulfill({
            status: 200,
            contentType: 'application/json',
            headers: { ETag: '"e2e"' },
            body: JSON.stringify(testScreen),
          }),
        );
        await page.addInitScript(() => {
          const sent: unknown[] = [];
          (window as unknown as { __sent: unknown[] }).__sent = sent;
          // Any handler name: the test then checks the one the bridge map names.
          const messageHandlers = new Proxy(
            {},
            { get: (_, name) => ({ postMessage: (p: unknown) => sent.push([String(name), p]) }) },
          );
          (window as unknown as { webkit: unknown }).webkit = { messageHandlers };
        });
      },
    });
    const { page } = rec;
    await page.getByText('still here: 1.500.000').waitFor();
    expect(await page.getByRole('heading', { name: 'Halaman tidak ditemukan' }).count()).toBe(1);
    expect(await page.getByText('bad expr |').count()).toBe(1);
    expect(rec.logs.some((l) => l.includes('unknown node type "hologram"'))).toBe(true);
    expect(rec.logs.some((l) => l.includes('state.'))).toBe(true);

    await page.getByRole('button', { name: 'Kembali' }).click();
    await page.waitForFunction(() => (window as unknown as { __sent: unknown[] }).__sent.length > 0);
    const sent = await page.evaluate(() => (window as unknown as { __sent: unknown[] }).__sent);
    const ios = await page.evaluate(async () => {
      const r = await fetch('/config/v1/bundle?market=ID');
      return (await r.json()).bridgeMap.messages.closeWebview.ios as string;
    });
    expect(sent).toEqual([[ios, { from: 'e2e' }]]);
    expect(rec.pageErrors).toEqual([]);
    await h.screenshot(page, 'runtime-unknown-node');
  });

  it('history and hash URLs open the same screen; unknown paths show not-found; title from the screen', async () => {
    const a = await h.openPage('/complaintList?market=ID&token=t2&x=1');
    await a.page.waitForFunction(() => document.title !== 'loading...');
    expect(await a.page.title()).toBe('Keluhan saya');
    // The server only sees `/` of a hash URL and draws that page first; the app then opens the hash's screen.
    const b = await h.openPage('/#/complaintList?market=ID&token=t2&x=1');
    await b.page.waitForFunction((t) => document.title === t, await a.page.title(), { timeout: 15000 });
    const c = await h.openPage('/definitely/not/here?market=ID');
    await c.page.getByRole('heading', { name: 'Halaman tidak ditemukan' }).waitFor();
    expect(await c.page.title()).toBe('Halaman tidak ditemukan');
    // The bench waits for this mark: set once, when the first screen's onLoad data is on the page.
    await screenVisible(a.page);
    expect(await a.page.evaluate(() => performance.getEntriesByName('sdui:screen-visible').length)).toBe(1);
  });

  it('loads only the widget code the first screen uses, hinted in its HTML so it arrives with the main script', async () => {
    const html = await (await fetch(`${h.url}/complaint?market=ID`)).text();
    const hinted = [...html.matchAll(/<link rel="modulepreload" crossorigin href="\/assets\/([A-Za-z]+)-/g)].map(
      (m) => m[1],
    );
    // complaint-entry draws a choice list and detail lines; it has no tabs or SMS code field.
    expect(hinted).toEqual(expect.arrayContaining(['ChoiceList', 'DetailLines']));
    expect(hinted).not.toContain('Tabs');
    const chunks: string[] = [];
    const rec = await h.openPage('/complaint?market=ID&token=t5', {
      before: async (page) => void page.on('request', (r) => chunks.push(new URL(r.url()).pathname)),
    });
    await screenVisible(rec.page);
    expect(chunks.some((p) => /\/assets\/ChoiceList-/.test(p))).toBe(true);
    expect(chunks.some((p) => /\/assets\/(Tabs|SmsCodeField|StarRating)-/.test(p))).toBe(false);
    expect(rec.pageErrors).toEqual([]);
  });

  it('runs under the server CSP (no unsafe-eval) without violations', async () => {
    const res = await fetch(`${h.url}/gallery?market=ID`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    const rec = await h.openPage('/gallery?market=ID&token=t3');
    await rec.page.waitForFunction(() => document.title !== 'loading...');
    await rec.page.waitForTimeout(300);
    expect(rec.cspViolations).toEqual([]);
    expect(rec.pageErrors).toEqual([]);
  });

  it('keeps working from the last good config when the config server answers garbage', async () => {
    const first = await h.openPage('/#/complaintList?market=ID&token=t4');
    await first.page.waitForFunction(() => document.title === 'Keluhan saya');
    // Let the background validation store the last good copy.
    await first.page.waitForFunction(
      () => Object.keys(localStorage).some((k) => k.startsWith('sdui:config:bundle:')),
      null,
      { timeout: 10000 },
    );
    const ctx = first.page.context();
    const page = await ctx.newPage();
    await page.route('**/config/v1/**', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{"oops":' }),
    );
    // No inlined boot data either, so the page must fall back to its cached copy.
    await page.route(
      (url) => url.pathname === '/',
      async (route) => {
        const res = await route.fetch();
        const html = (await res.text()).replace(
          /<script type="application\/json" id="sdui-boot">[\s\S]*?<\/script>/,
          '',
        );
        await route.fulfill({ response: res, body: html });
      },
    );
    await page.goto(`${h.url}/#/complaintList?market=ID&token=t4`);
    await page.waitForFunction(() => document.title === 'Keluhan saya', null, { timeout: 10000 });
    expect(await page.getByText('error').count()).toBe(0);
  });
});
