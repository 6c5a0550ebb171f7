/**
 * Shared set-up of the complaint, chatbot and customer-service browser tests: the real config
 * server (temp store, sandbox on) and one Chromium, a fresh sandbox session (token) per page,
 * and helpers to watch sandbox calls and native bridge messages.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page, type Request } from 'playwright-core';
import { startServer, type RunningServer } from '../../config-server/server';

const CHROMIUM = ['/usr/bin/chromium', '/usr/lib/chromium/chromium'].find((p) => fs.existsSync(p));
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
export const ARTIFACTS = path.resolve('tests/e2e/artifacts');

export interface App {
  url: string;
  browser: Browser;
  /** Opens a route with the device's common params (a new sandbox session unless `token` is given). */
  open(route: string, opts?: { token?: string; query?: Record<string, string>; before?: (page: Page) => Promise<void> }): Promise<Page>;
  close(): Promise<void>;
}

export const commonParams = (token: string) => ({
  deviceId: 'dev-e2e', market: 'ID', version: '1.0.0', token, type: 'ios', deviceName: 'iPhone', osVersion: '17.0', gid: 'g1', platform: 'ios',
});

export async function startApp(opts: { screensDir?: string } = {}): Promise<App> {
  if (!CHROMIUM) throw new Error('Chromium is missing: run `apt-get install -y chromium` (tests never skip without it)');
  if (!fs.existsSync('dist/renderer/index.html')) throw new Error('dist/renderer is missing: run `npm run build` (npm run test:e2e does it)');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sdui-complaints-'));
  const server: RunningServer = await startServer({ port: 0, host: '127.0.0.1', dataDir, sandbox: true, screensDir: opts.screensDir, pollMs: 0 });
  // launch() always starts from a fresh temporary profile (playwright refuses --user-data-dir here).
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS }).catch(async (e: unknown) => {
    await server.close();
    throw e;
  });
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  let seq = 0;
  return {
    url: server.url,
    browser,
    async open(route, o = {}) {
      const context = await browser.newContext({ viewport: { width: 375, height: 667 }, locale: 'id-ID' });
      const page = await context.newPage();
      if (o.before) await o.before(page);
      const token = o.token ?? `e2e-${process.pid}-${Date.now()}-${++seq}`;
      const q = new URLSearchParams({ ...commonParams(token), ...(o.query ?? {}) });
      await page.goto(`${server.url}${route}?${q}`);
      return page;
    },
    async close() {
      await browser.close();
      await server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Form fields of a sandbox POST (urlencoded body), or the query of a GET. */
export function fieldsOf(req: Request): Record<string, string> {
  const url = new URL(req.url());
  if (req.method() === 'GET') return Object.fromEntries(url.searchParams);
  return Object.fromEntries(new URLSearchParams(req.postData() ?? ''));
}

export const isCall = (p: string) => (req: Request) => new URL(req.url()).pathname === `/sandbox${p}`;

/** Records iOS bridge messages: `window.__bridge` holds [name, body] pairs. */
export async function stubIosBridge(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const sent: unknown[] = [];
    (window as unknown as { __bridge: unknown[] }).__bridge = sent;
    const handler = (name: string) => ({ postMessage: (body: unknown) => sent.push([name, body]) });
    const handlers = new Proxy({}, { get: (_t, name) => (typeof name === 'string' ? handler(name) : undefined) });
    (window as unknown as { webkit: unknown }).webkit = { messageHandlers: handlers };
  });
}

export const bridgeMessages = (page: Page) => page.evaluate(() => (window as unknown as { __bridge: [string, unknown][] }).__bridge);

/** The path and query of the page, whichever router mode (history or hash) is used. */
export function routeOf(page: Page): { path: string; query: URLSearchParams } {
  const u = new URL(page.url());
  const hashed = u.hash.startsWith('#/') ? new URL(u.hash.slice(1), u.origin) : u;
  return { path: hashed.pathname, query: hashed.searchParams };
}

export const shot = (page: Page, id: string) => page.screenshot({ path: path.join(ARTIFACTS, `${id}.png`) });

/** A 1×1 PNG for the image picker. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
