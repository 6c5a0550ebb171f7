/**
 * A borrower's page whose first call is slow: the head and the screen's shell (its bar and title) are on screen
 * while the backend still holds the call, the app's scripts already on their way; the rest of the screen follows in
 * the same response once the answer is in. With JavaScript off the document is whole and shows the data; with it on,
 * the app hydrates the one document without errors and does not make the call again.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { createApp, type ConfigApp } from '../../config-server/app';
import { ARTIFACTS, CHROMIUM_ARGS, commonParams, findChromium, isCall, screenVisible } from './harness';

const FIRST_CALL = '/sandbox/user-problem/problem-init';
const texts = JSON.parse(fs.readFileSync('screens/texts/id-ID.json', 'utf8')).texts as Record<string, string>;

let app: ConfigApp;
let server: Server;
let browser: Browser;
let origin: string;
let dataDir: string;
/** The server's own first call waits here until the test lets it go (`release`); `held` settles when it arrives. */
let held: Promise<void>;
let arrived: () => void;
let release: () => void;
const holdNextCall = () => {
  held = new Promise<void>((r) => (arrived = r));
  const gate = new Promise<void>((r) => (release = r));
  return gate;
};
let gate: Promise<void> = Promise.resolve();

beforeAll(async () => {
  if (!fs.existsSync('dist/renderer/index.html')) throw new Error('dist/renderer is missing: run `npm run build`');
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sdui-stream-'));
  app = await createApp({
    dataDir,
    sandbox: true,
    staticDir: path.resolve('dist/renderer'),
    env: { ...process.env, SSR_PREFETCH_BUDGET_MS: '10000' },
    log: () => {},
  });
  server = createServer((req, res) => {
    // The server's own first call (node:http sends no user agent), held as a slow backend would hold it.
    if (req.method === 'POST' && req.url?.startsWith(FIRST_CALL) && req.headers['user-agent'] === undefined) {
      arrived();
      void gate.then(() => app.handler(req, res));
      return;
    }
    app.handler(req, res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  fs.mkdirSync(ARTIFACTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  server?.close();
  await app?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

let seq = 0;
const complaintUrl = () =>
  `${origin}/complaint?${new URLSearchParams(commonParams(`stream-${process.pid}-${Date.now()}-${++seq}`))}`;

/** Opens complaint entry with the first call held; resolves once the shell is on screen while the call still waits. */
async function openHeld(context: BrowserContext) {
  gate = holdNextCall();
  const page = await context.newPage();
  const requests: { url: string; beforeAnswer: boolean }[] = [];
  let answered = false;
  page.on('request', (r) => requests.push({ url: r.url(), beforeAnswer: !answered }));
  const loaded = page.goto(complaintUrl(), { waitUntil: 'load' });
  await held;
  const title = page.locator('h1.sdui-page__title');
  await title.waitFor({ state: 'visible', timeout: 8000 });
  const shell = {
    title: await title.innerText(),
    order: await page.locator('#selected-order').count(),
    ssr: await page.locator('#root[data-ssr]').count(),
  };
  return {
    page,
    shell,
    requests,
    answer: async () => {
      answered = true;
      release();
      await loaded;
    },
  };
}

describe('a streamed page with a slow first call', () => {
  it('without JavaScript: the shell shows while the call waits, then one whole document with the data', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 667 } });
    try {
      const { page, shell, answer } = await openHeld(context);
      expect(shell).toEqual({ title: texts['title.complaintEntry'], order: 0, ssr: 1 });
      await page.screenshot({ path: path.join(ARTIFACTS, 'streamed-shell-nojs-held.png') });
      await answer();
      expect(await page.title()).toBe(texts['title.complaintEntry']);
      expect(await page.locator('#selected-order').innerText()).toContain('SB1001');
      expect(await page.getByRole('radio', { name: 'Collection' }).count()).toBe(1);
      // One document: one root, one page, one title bar, no loading placeholder, the app's hand-off after the markup.
      const counts = await page.evaluate(() => ({
        roots: document.querySelectorAll('#root').length,
        pages: document.querySelectorAll('#root > .sdui-page').length,
        titles: document.querySelectorAll('h1').length,
        loading: document.querySelectorAll('.sdui-loading').length,
        handOff: !!document.querySelector('#root ~ script#sdui-ssr'),
      }));
      expect(counts).toEqual({ roots: 1, pages: 1, titles: 1, loading: 0, handOff: true });
      await page.screenshot({ path: path.join(ARTIFACTS, 'streamed-shell-nojs-done.png') });
    } finally {
      await context.close();
    }
  });

  it('with JavaScript: scripts load while the call waits; the app hydrates the one document and claims the answer', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 667 } });
    try {
      const errors: string[] = [];
      const pageCalls: string[] = [];
      context.on('page', (p) => {
        p.on('pageerror', (e) => errors.push(e.message));
        p.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
        p.on('request', (r) => isCall(FIRST_CALL.replace('/sandbox', ''))(r) && pageCalls.push(r.url()));
      });
      await context.addInitScript(() =>
        document.addEventListener('securitypolicyviolation', (e) =>
          console.error(`csp ${e.violatedDirective} ${e.blockedURI}`),
        ),
      );
      const { page, shell, requests, answer } = await openHeld(context);
      expect(shell).toEqual({ title: texts['title.complaintEntry'], order: 0, ssr: 1 });
      // The app's module script and its hinted chunks were asked for before the backend answered.
      await expect
        .poll(() => requests.filter((r) => r.beforeAnswer && /\/assets\/[^/]+\.js$/.test(r.url)).length)
        .toBeGreaterThanOrEqual(2);
      await page.screenshot({ path: path.join(ARTIFACTS, 'streamed-shell-js-held.png') });
      await answer();
      await screenVisible(page);
      expect(await page.locator('#selected-order').innerText()).toContain('SB1001');
      await page.screenshot({ path: path.join(ARTIFACTS, 'streamed-shell-js-done.png') });
      // Hydrated, not drawn afresh, and live: a type opens the form.
      await page.getByRole('radio', { name: 'Repayment' }).click();
      await page.waitForURL(/\/complainPageNext\?/);
      expect(pageCalls).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
