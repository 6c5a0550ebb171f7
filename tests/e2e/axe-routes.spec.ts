/**
 * Accessible everywhere: axe-core on the routes of the default route map at 375×667 (and the official site's paths
 * at 1280×800 too): 0 serious or critical violations, colour contrast included. Routes that need a query get the
 * sandbox's demo values; the results per route are printed for the hardening README.
 *
 * `npm test` checks every screen once (its first path, the markets taking turns, the site also at 1280 px in one
 * market); `AXE_ROUTES=all` (npm run test:hardening) checks every path in both markets at every width.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { axeViolations, describeViolations } from './axe';
import { startHarness, type Harness, type PageRecord } from './harness';

const routeMap = JSON.parse(fs.readFileSync('screens/maps/route-map.json', 'utf8')) as {
  routes: { path: string; screen: string }[];
};
/** Demo query per screen family, from the sandbox seed (config-server/sandbox/seed.ts). */
const DEMO: Record<string, Record<string, string>> = {
  '/complainPageNext': { problemType: '2', orderNo: 'SB1003' },
  '/complainDetails': { problemId: '501' },
  '/intelligentCustomerService': { selectedIndex: '0', orderNo: 'SB1003' },
  '/register': { templateId: 'default' },
  // A payable amount makes this page replace itself with the provider's (not ours): an unpayable one keeps it on screen.
  '/alipayrepayment': { amount: '1' },
};
const DEFAULT_QUERY = { productId: '101', orderId: '1003', amount: '350000', scene: 'relevant' };
const DESKTOP = new Set(['/', '/Policy', '/Loan', '/About', '/User', '/Contact']);

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ log: () => {} });
});
afterAll(async () => h?.close());

const results: string[] = [];
afterAll(() => console.log(`axe per route (serious/critical violations):\n${results.join('\n')}`));

const PHONE = { width: 375, height: 667 };
const WIDE = { width: 1280, height: 800 };
const ALL = process.env.AXE_ROUTES === 'all';

/** Which path, market and width each check opens. */
function checks(): { market: string; path: string; viewport: typeof PHONE }[] {
  const routes = routeMap.routes.filter((r) => !r.path.includes(':'));
  const out: { market: string; path: string; viewport: typeof PHONE }[] = [];
  if (ALL) {
    const paths = [...new Set(routes.map((r) => r.path))];
    for (const market of ['ID', 'IN'])
      for (const path of paths)
        for (const viewport of DESKTOP.has(path) ? [PHONE, WIDE] : [PHONE]) out.push({ market, path, viewport });
    return out;
  }
  const seen = new Set<string>();
  for (const r of routes) {
    if (seen.has(r.screen)) continue;
    seen.add(r.screen);
    const market = seen.size % 2 ? 'ID' : 'IN';
    out.push({ market, path: r.path, viewport: PHONE });
    if (DESKTOP.has(r.path)) out.push({ market: market === 'ID' ? 'IN' : 'ID', path: r.path, viewport: WIDE });
  }
  return out;
}

// One tab per market and width loads each route afresh (a full document load, its own session token), one after
// another: a new browser context per page cost a cold cache and a new renderer process each, more than the check.
const tabs = new Map<string, Promise<PageRecord>>();
const tabFor = (market: string, viewport: typeof PHONE) => {
  const key = `${market} ${viewport.width}`;
  if (!tabs.has(key)) tabs.set(key, h.newPage({ viewport, keep: true }));
  return tabs.get(key)!;
};

describe(ALL ? 'axe on every route, market and width' : 'axe on every screen', () => {
  for (const { market, path, viewport } of checks()) {
    it(`${market} ${path} at ${viewport.width}px`, async ({ expect }) => {
      const { page } = await tabFor(market, viewport);
      await page.goto(h.screenUrl(path, { query: { market, ...DEFAULT_QUERY, ...DEMO[path] } }));
      await page.locator('#root *').first().waitFor({ timeout: 15000 });
      // The app marks the moment its first screen's onLoad data is drawn; a page that never gets there (an error
      // screen) is checked as it stands after 5 s. Cheaper than waiting for network idle on every page.
      await page
        .waitForFunction(() => performance.getEntriesByName('sdui:screen-visible').length > 0, null, { timeout: 5000 })
        .catch(() => {});
      // Two frames: what the data changed is laid out and painted before axe reads colours and boxes.
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const found = await axeViolations(page);
      results.push(`${market} ${path} ${viewport.width}px: ${found.length}`);
      expect(describeViolations(found)).toBe('');
    });
  }
});
