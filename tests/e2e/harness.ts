/**
 * Browser test harness: the real config server (temp store, sandbox on) and headless Chromium.
 * `openPage` records what the page logs, the bridge messages it sends and CSP violations.
 * Every browser test starts here; the helpers at the end read sandbox calls, bridge messages and routes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { onTestFinished } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page, type Request } from 'playwright-core';
import { startServer, type RunningServer } from '../../config-server/server';
import { hashPassword, type ScryptParams } from '../../config-server/admin/password';
import type { Role } from '../../config-server/store/config-store';

/**
 * Debian's Chromium headless shell first (package chromium-headless-shell, the same Blink as the browser): a new
 * context in the full browser opens a window with its own omnibox pop-up renderers, about 0.95 s against 0.2 s
 * here, and browser tests open about 200 contexts. The full browser serves where the shell is not installed.
 */
export const CHROMIUM_PATHS = [
  '/usr/lib/chromium/chromium-headless-shell',
  '/usr/bin/chromium',
  '/usr/lib/chromium/chromium',
];
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
export const ARTIFACTS = path.resolve('tests/e2e/artifacts');
/**
 * Browser tests sign in often: at OWASP's scrypt cost each login takes ~0.7 s and 128 MiB. The parameters are the
 * server's option (production never lowers them); the unit tests of hashing itself run at the real cost.
 */
const E2E_SCRYPT: ScryptParams = { N: 2 ** 10, r: 8, p: 1 };

export interface PageRecord {
  page: Page;
  /** `sdui:log` events (document/widget problems) and console errors. */
  logs: string[];
  /** CSP violations reported by the page. */
  cspViolations: string[];
  /** Uncaught page errors. */
  pageErrors: string[];
}

export interface HarnessOptions {
  /** Documents imported on first start (default `screens/`). */
  screensDir?: string;
  /** The server's environment, e.g. ADMIN_USER/ADMIN_PASSWORD/ADMIN_ROLE for the first admin (default: this process's). */
  env?: NodeJS.ProcessEnv;
  /** How often the server looks for publishes by another process (ms; default 0 = never). */
  pollMs?: number;
  /** Server log sink (default: the server's own console output). */
  log?: (message: string, err?: unknown) => void;
  /** Browser locale of every page (default: Chromium's own). */
  locale?: string;
  /**
   * Let the server make a screen's first data call while rendering the page (SSR_PREFETCH_BUDGET_MS, 5000 ms unless
   * `env` sets it). Off by default: most tests stub or count calls in the page, which a server-made call would bypass.
   */
  serverPrefetch?: boolean;
  /**
   * Let pages register the offline service worker (default: blocked). A worker controls the page from its first
   * load and its requests bypass `page.route` stubs; the page without one is the iOS webview's, and every other test's.
   */
  worker?: boolean;
  /** The built renderer the server serves (default `dist/renderer/`): a copy a test replaces, as a new build would. */
  staticDir?: string;
  /** The server's port (default any free one): for a test whose other party must know the address up front. */
  port?: number;
}

export interface PageOptions {
  /** Runs before the first navigation (routes, init scripts). */
  before?: (page: Page) => Promise<void>;
  viewport?: { width: number; height: number };
  /** Keep a page opened inside a test open after it (until `close`), e.g. one tab for a file's tests. */
  keep?: boolean;
  /** Headers every request of the context sends, e.g. X-Forwarded-For: a borrower at its own address. */
  headers?: Record<string, string>;
  /** The phone's time zone (IANA id, e.g. Asia/Jakarta; default: the machine's). */
  timezoneId?: string;
}

export interface ScreenOptions extends PageOptions {
  /** Sandbox session token (default: a fresh one, i.e. a new borrower session). */
  token?: string;
  /** Query added after the device's common params. */
  query?: Record<string, string>;
}

export interface Harness {
  /** Origin of the running config server (a new port after `restartServer`, unless the harness was given one). */
  readonly url: string;
  browser: Browser;
  /** The server's store folder; it outlives `stopServer`. */
  dataDir: string;
  /**
   * A recorded page in a fresh context (375x667 unless told), not navigated yet. Opened inside a test, it closes when
   * the test ends unless `keep`; opened in a hook, it lives until `close`.
   */
  newPage(opts?: Omit<PageOptions, 'before'>): Promise<PageRecord>;
  openPage(pathAndQuery: string, opts?: PageOptions): Promise<PageRecord>;
  /** Opens a borrower route with the device's common params (`commonParams`). */
  openScreen(route: string, opts?: ScreenOptions): Promise<PageRecord>;
  /**
   * The address `openScreen` opens: a borrower route with the device's common params, a fresh session token unless
   * told, then `query`. For loading screens one after another in a tab of one's own (`page.goto`).
   */
  screenUrl(route: string, opts?: Pick<ScreenOptions, 'token' | 'query'>): string;
  /** Stops the config server (its store and the browser stay): the server is down. */
  stopServer(): Promise<void>;
  /**
   * Starts the config server again on the same store (a new port, unless the harness was given one), with `env` over
   * the settings it started with (a setting ops change with a restart).
   */
  restartServer(env?: NodeJS.ProcessEnv): Promise<void>;
  screenshot(page: Page, name: string): Promise<string>;
  /** Creates (or replaces) a console account in the server's store, e.g. a second person for four eyes. */
  addUser(name: string, role: Role, password: string): Promise<void>;
  close(): Promise<void>;
}

export function findChromium(): string {
  const found = CHROMIUM_PATHS.find((p) => fs.existsSync(p));
  // Never skip: a missing browser is a broken machine, and the message says how to fix it.
  if (!found)
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATHS.join(' or ')}: run \`apt-get install -y chromium-headless-shell\``,
    );
  return found;
}

/**
 * One Chromium per test worker: a worker runs its browser files one after another (`isolate: false`), and a launch per
 * file cost every file its start-up on the same two cores. Each harness closes the contexts it opened; a browser that
 * went away (crashed, or closed by a test) is launched again. It ends with its worker (the pipe to it closes).
 */
let workerBrowser: Promise<Browser> | undefined;
async function sharedBrowser(executablePath: string): Promise<Browser> {
  const current = await workerBrowser?.catch(() => undefined);
  if (current?.isConnected()) return current;
  workerBrowser = chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  return workerBrowser;
}

export async function startHarness(opts: HarnessOptions = {}): Promise<Harness> {
  const executablePath = findChromium();
  if (!fs.existsSync('dist/renderer/index.html'))
    throw new Error('dist/renderer is missing: run `npm run build` (npm run test:e2e does it)');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sdui-e2e-'));
  const env = opts.env ?? process.env;
  // With prefetch on, a budget a cold server's first call fits on a loaded 2-core CI machine (the default 300 ms did
  // not: a landing page came without its template, CI dry run of 1130000); a test of the budget itself passes its own.
  const serverEnv = opts.serverPrefetch
    ? { SSR_PREFETCH_BUDGET_MS: '5000', ...env }
    : { ...env, SSR_PREFETCH_BUDGET_MS: '0' };
  const start = (more: NodeJS.ProcessEnv = {}) =>
    startServer({
      port: opts.port ?? 0,
      host: '127.0.0.1',
      dataDir,
      sandbox: true,
      screensDir: opts.screensDir,
      staticDir: opts.staticDir,
      pollMs: opts.pollMs ?? 0,
      env: { ...serverEnv, ...more },
      log: opts.log,
      scrypt: E2E_SCRYPT,
    });
  let server: RunningServer;
  try {
    server = await start();
  } catch (e) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw e;
  }
  let browser: Browser;
  try {
    browser = await sharedBrowser(executablePath);
  } catch (e) {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw e;
  }
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  /** The contexts this harness opened and has not seen closed: `close` closes them, the browser stays. */
  const contexts = new Set<BrowserContext>();
  let seq = 0;
  const screenPath = (route: string, o: Pick<ScreenOptions, 'token' | 'query'>) =>
    `${route}?${new URLSearchParams({ ...commonParams(o.token ?? `e2e-${process.pid}-${Date.now()}-${++seq}`), ...o.query })}`;
  const harness: Harness = {
    get url() {
      return server.url;
    },
    browser,
    dataDir,
    async newPage(o = {}) {
      const context = await browser.newContext({
        viewport: o.viewport ?? { width: 375, height: 667 },
        locale: opts.locale,
        extraHTTPHeaders: o.headers,
        serviceWorkers: opts.worker ? 'allow' : 'block',
        timezoneId: o.timezoneId,
      });
      contexts.add(context);
      context.on('close', () => contexts.delete(context));
      // A page left open keeps its app running (timers, countdowns, focus and config checks) beside every later test
      // of the file, on the same two cores. onTestFinished throws outside a test: a hook's page lives until close.
      if (!o.keep) {
        try {
          onTestFinished(() => context.close().catch(() => undefined));
        } catch {
          /* opened in a hook */
        }
      }
      const page = await context.newPage();
      const rec: PageRecord = { page, logs: [], cspViolations: [], pageErrors: [] };
      await page.exposeFunction('__sduiRecord', (kind: string, text: string) => {
        if (kind === 'csp') rec.cspViolations.push(text);
        else rec.logs.push(text);
      });
      await page.addInitScript(() => {
        const w = window as unknown as { __sduiRecord(kind: string, text: string): void };
        window.addEventListener('sdui:log', (e) => w.__sduiRecord('log', String((e as CustomEvent).detail?.message)));
        document.addEventListener('securitypolicyviolation', (e) =>
          w.__sduiRecord('csp', `${e.violatedDirective} ${e.blockedURI}`),
        );
      });
      page.on('console', (m) => {
        if (m.type() === 'error') rec.logs.push(`console: ${m.text()}`);
      });
      page.on('pageerror', (e) => rec.pageErrors.push(e.message));
      return rec;
    },
    async openPage(pathAndQuery, o = {}) {
      const rec = await harness.newPage({ viewport: o.viewport, keep: o.keep });
      if (o.before) await o.before(rec.page);
      await rec.page.goto(server.url + pathAndQuery);
      return rec;
    },
    openScreen(route, o = {}) {
      return harness.openPage(screenPath(route, o), o);
    },
    screenUrl: (route, o = {}) => server.url + screenPath(route, o),
    stopServer: () => server.close(),
    async restartServer(env) {
      await server.close();
      server = await start(env);
    },
    async screenshot(page, name) {
      const file = path.join(ARTIFACTS, `${name}.png`);
      await page.screenshot({ path: file });
      return file;
    },
    async addUser(name, role, password) {
      await server.config.auth.upsertUser({ name, role, passwordHash: await hashPassword(password, E2E_SCRYPT) });
    },
    async close() {
      await Promise.all([...contexts].map((c) => c.close().catch(() => {})));
      await server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return harness;
}

/**
 * Waits until the app has drawn its first screen with that screen's first data (the `sdui:screen-visible` mark): from
 * then on it handles input. Text typed into a drawn page before the app has hydrated is not in the app's state.
 */
export const screenVisible = (page: Page) =>
  page.waitForFunction(() => performance.getEntriesByName('sdui:screen-visible').length > 0);

/** The common params a device puts on every page (market ID, an iOS phone) with a sandbox session token. */
export const commonParams = (token: string) => ({
  deviceId: 'dev-e2e',
  market: 'ID',
  version: '1.0.0',
  token,
  type: 'ios',
  deviceName: 'iPhone',
  osVersion: '17.0',
  gid: 'g1',
  platform: 'ios',
});

/** Form fields of a sandbox POST (urlencoded body), or the query of a GET. */
export function fieldsOf(req: Request): Record<string, string> {
  const url = new URL(req.url());
  if (req.method() === 'GET') return Object.fromEntries(url.searchParams);
  return Object.fromEntries(new URLSearchParams(req.postData() ?? ''));
}

/** Matches requests to one sandbox path, e.g. `isCall('/h5-api/v3/user-problem/qa-record')`. */
export const isCall = (p: string) => (req: Request) => new URL(req.url()).pathname === `/sandbox${p}`;

/** Records iOS bridge messages: `window.__bridge` holds [name, body] pairs (use as `before`). */
export async function stubIosBridge(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const sent: unknown[] = [];
    (window as unknown as { __bridge: unknown[] }).__bridge = sent;
    const handler = (name: string) => ({ postMessage: (body: unknown) => sent.push([name, body]) });
    const handlers = new Proxy({}, { get: (_t, name) => (typeof name === 'string' ? handler(name) : undefined) });
    (window as unknown as { webkit: unknown }).webkit = { messageHandlers: handlers };
  });
}

export const bridgeMessages = (page: Page) =>
  page.evaluate(() => (window as unknown as { __bridge: [string, unknown][] }).__bridge);

/** The path and query of the page, whichever router mode (history or hash) is used. */
export function routeOf(page: Page): { path: string; query: URLSearchParams } {
  const u = new URL(page.url());
  const hashed = u.hash.startsWith('#/') ? new URL(u.hash.slice(1), u.origin) : u;
  return { path: hashed.pathname, query: hashed.searchParams };
}

/** A 1×1 PNG for the image picker. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Holds the app's scripts (`/assets/*.js`) until `release()`: the page shows the server's drawing, and nothing of the
 * app runs, as on a slow phone on a slow network. Install before the navigation; open the page with
 * `waitUntil: 'commit'` (load and DOMContentLoaded wait for the held module scripts). `slow` chunks (by file name)
 * come `slowMs` after the others, as a widget's code on a bad network.
 */
export async function holdAppScripts(
  page: Page,
  { slow, slowMs = 0 }: { slow?: RegExp; slowMs?: number } = {},
): Promise<{ release(): void; held(): number }> {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let held = 0;
  await page.route(/\/assets\/[^/?]+\.js(\?|$)/, async (route) => {
    held++;
    await gate;
    if (slow?.test(new URL(route.request().url()).pathname)) await new Promise((r) => setTimeout(r, slowMs));
    await route.continue().catch(() => {});
  });
  return { release, held: () => held };
}
