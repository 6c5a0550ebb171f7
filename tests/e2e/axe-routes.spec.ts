/**
 * Accessible everywhere (hardening): axe-core on every route of the default route map, in both markets,
 * at 375×667 (and the official site's paths at 1280×800 too): 0 serious or critical violations, colour
 * contrast included. Routes that need a query get the sandbox's demo values; the results per route are
 * printed for the README's reliability section.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, describeViolations } from './axe';
import { startHarness, type Harness } from './harness';

const routeMap = JSON.parse(fs.readFileSync('screens/maps/route-map.json', 'utf8')) as { routes: { path: string; screen: string }[] };
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

describe('axe on every route', () => {
  const paths = [...new Set(routeMap.routes.map((r) => r.path))].filter((p) => !p.includes(':'));
  for (const market of ['ID', 'IN']) {
    for (const path of paths) {
      const sizes = DESKTOP.has(path) ? [{ width: 375, height: 667 }, { width: 1280, height: 800 }] : [{ width: 375, height: 667 }];
      for (const viewport of sizes) {
        it(`${market} ${path} at ${viewport.width}px`, async () => {
          const { page } = await h.openScreen(path, { viewport, query: { market, ...DEFAULT_QUERY, ...DEMO[path] } });
          await page.locator('#root *').first().waitFor({ timeout: 15000 });
          // The app marks the moment its first screen's onLoad data is drawn; a page that never gets there (an error
          // screen) is checked as it stands after 5 s. Cheaper than waiting for network idle on 114 pages.
          await page.waitForFunction(() => performance.getEntriesByName('sdui:screen-visible').length > 0, null, { timeout: 5000 }).catch(() => {});
          await page.waitForTimeout(100);
          const found = await axeViolations(page);
          results.push(`${market} ${path} ${viewport.width}px: ${found.length}`);
          expect(describeViolations(found)).toBe('');
          await page.context().close();
        });
      }
    }
  }
});
