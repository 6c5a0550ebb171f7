/**
 * Browser test harness: the real config server (temp store, sandbox on) and headless Chromium.
 * `openPage` records what the page logs, the bridge messages it sends and CSP violations.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startServer, type RunningServer } from '../../config-server/server';

export const CHROMIUM_PATHS = ['/usr/bin/chromium', '/usr/lib/chromium/chromium'];
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
export const ARTIFACTS = path.resolve('tests/e2e/artifacts');

export interface PageRecord {
  page: Page;
  /** `sdui:log` events (document/widget problems) and console errors. */
  logs: string[];
  /** CSP violations reported by the page. */
  cspViolations: string[];
  /** Uncaught page errors. */
  pageErrors: string[];
}

export interface Harness {
  url: string;
  browser: Browser;
  openPage(pathAndQuery: string, opts?: { before?: (page: Page) => Promise<void>; viewport?: { width: number; height: number } }): Promise<PageRecord>;
  screenshot(page: Page, name: string): Promise<string>;
  close(): Promise<void>;
}

function findChromium(): string {
  const found = CHROMIUM_PATHS.find((p) => fs.existsSync(p));
  // Never skip: a missing browser is a broken machine, and the message says how to fix it.
  if (!found) throw new Error(`Chromium not found at ${CHROMIUM_PATHS.join(' or ')}: run \`apt-get install -y chromium\``);
  return found;
}

export async function startHarness(opts: { screensDir?: string } = {}): Promise<Harness> {
  const executablePath = findChromium();
  if (!fs.existsSync('dist/renderer/index.html')) throw new Error('dist/renderer is missing: run `npm run build` (npm run test:e2e does it)');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sdui-e2e-'));
  const server: RunningServer = await startServer({ port: 0, host: '127.0.0.1', dataDir, sandbox: true, screensDir: opts.screensDir, pollMs: 0 });
  let browser: Browser;
  try {
    browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  } catch (e) {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw e;
  }
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  return {
    url: server.url,
    browser,
    async openPage(pathAndQuery, o = {}) {
      const context = await browser.newContext({ viewport: o.viewport ?? { width: 375, height: 667 } });
      const page = await context.newPage();
      const rec: PageRecord = { page, logs: [], cspViolations: [], pageErrors: [] };
      await page.exposeFunction('__sduiRecord', (kind: string, text: string) => {
        if (kind === 'csp') rec.cspViolations.push(text);
        else rec.logs.push(text);
      });
      await page.addInitScript(() => {
        const w = window as unknown as { __sduiRecord(kind: string, text: string): void };
        window.addEventListener('sdui:log', (e) => w.__sduiRecord('log', String((e as CustomEvent).detail?.message)));
        document.addEventListener('securitypolicyviolation', (e) => w.__sduiRecord('csp', `${e.violatedDirective} ${e.blockedURI}`));
      });
      page.on('console', (m) => {
        if (m.type() === 'error') rec.logs.push(`console: ${m.text()}`);
      });
      page.on('pageerror', (e) => rec.pageErrors.push(e.message));
      if (o.before) await o.before(page);
      await page.goto(server.url + pathAndQuery);
      return rec;
    },
    async screenshot(page, name) {
      const file = path.join(ARTIFACTS, `${name}.png`);
      await page.screenshot({ path: file });
      return file;
    },
    async close() {
      await browser.close().catch(() => {});
      await server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
