/**
 * India as an Indian borrower sees it, on every borrower route: each screen of the route map (its first path; the
 * developer pages aside) is opened in `market=IN` with the app's scripts held back, so what is read first is the
 * server's drawn page with the sandbox's first answer, then the app hydrates it. Drawn and hydrated, the page shows
 * no rupiah, no Indonesian phone and no Indonesian label of the sandbox; every rupee amount is in Indian grouping;
 * and every line drawn is still there after hydration, with no hydration error.
 *
 * With `README_PHOTOS=1`, both markets' screens are photographed at 375×667 after hydration
 * (tests/e2e/readme/routes/<screen>-<market>.png) for each flow's README, India beside Indonesia. The pictures are
 * committed: `npm test` checks the screens and leaves them as they are, and a change to a screen's look refreshes them
 * with `README_PHOTOS=1 npx vitest run --project e2e tests/e2e/market-routes.spec.ts`.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ID_SEED } from '../../config-server/sandbox/market-seed';
import { IN_SEED } from '../../config-server/sandbox/seed-in';
import { holdAppScripts, screenVisible, startHarness, type Harness } from './harness';

const routeMap = JSON.parse(fs.readFileSync('screens/maps/route-map.json', 'utf8')) as {
  routes: { path: string; screen: string }[];
};
/** The flow folder of each screen (screens/pages/<flow>/<screen>.json; '' for the shared ones at the top). */
const FLOW = new Map<string, string>();
for (const entry of fs.readdirSync('screens/pages', { withFileTypes: true })) {
  if (entry.isFile() && entry.name.endsWith('.json')) FLOW.set(entry.name.slice(0, -5), '');
  else if (entry.isDirectory())
    for (const f of fs.readdirSync(path.join('screens/pages', entry.name)))
      if (f.endsWith('.json')) FLOW.set(f.slice(0, -5), entry.name);
}
/** Every screen once, by its first path; the developer pages are not the borrower's. */
const ROUTES = routeMap.routes.filter(
  (r, i, all) => FLOW.get(r.screen) !== 'developer' && all.findIndex((x) => x.screen === r.screen) === i,
);

/** Demo query per route from the sandbox seed (the same orders in both markets; India's amounts at its scale). */
const DEMO: Record<string, Record<string, string>> = {
  '/complainPageNext': { problemType: '2', orderNo: 'SB1003' },
  '/complainDetails': { problemId: '501' },
  '/intelligentCustomerService': { selectedIndex: '0', orderNo: 'SB1003' },
  '/register': { templateId: 'default' },
  // A payable amount makes this page replace itself with the provider's (not ours): an unpayable one keeps it on screen.
  '/alipayrepayment': { amount: '1' },
  '/instalmentRepay': { productId: '103', orderId: '1004' },
};
/** The virtual account shows the payment method chosen before it (stored by the choose-pay-type screen). */
const STORED: Record<string, Record<'ID' | 'IN', Record<string, string>>> = {
  '/that': {
    ID: { payType: '1', payCode: 'BCA', specificNum: '1' },
    IN: { payType: '1', payCode: 'HDFC', specificNum: '1' },
  },
};
const storeFor = (page: Page, route: string, market: 'ID' | 'IN') =>
  page.addInitScript((items) => {
    for (const [k, v] of Object.entries(items)) localStorage.setItem(`sdui:data:${k}`, v);
  }, STORED[route]?.[market] ?? {});
const queryOf = (route: string, market: 'ID' | 'IN') => ({
  market,
  productId: '101',
  orderId: '1003',
  amount: market === 'ID' ? '350000' : '3500',
  scene: 'relevant',
  ...DEMO[route],
});

/** Every text leaf of a seed (its words' functions by their fixed parts), for telling the two markets apart. */
function strings(v: unknown, out = new Set<string>()): Set<string> {
  if (typeof v === 'string') out.add(v);
  else if (typeof v === 'function') for (const part of String(v('\u0001')).split(/\u0001|\n/)) out.add(part.trim());
  else if (Array.isArray(v)) v.forEach((x) => strings(x, out));
  else if (v && typeof v === 'object') Object.values(v).forEach((x) => strings(x, out));
  return out;
}
const india = strings(IN_SEED);
/** What only Indonesia's sandbox says: labels, statuses, product names, steps (not ids, dates, paths or amounts). */
const INDONESIAN = [...strings(ID_SEED)].filter(
  (s) => /[a-z]{3}/i.test(s) && !india.has(s) && !/^(SB\d|\d{4}-|assets\/|https?:|[\d.,]+$)/.test(s) && s.length > 3,
);
/** Each as a whole word or phrase ("hari", never the inside of "sharing"). */
const INDONESIAN_WORDS = INDONESIAN.map(
  (s) => [s, new RegExp(`(^|\\P{L})${s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|\\P{L})`, 'u')] as const,
);
/** A rupee amount as drawn, and India's grouping of it (₹80,000, ₹3,50,000, ₹1,080.50). */
const RUPEES = /₹\s?-?[\d.,]*\d/g;
const INDIAN = /^₹-?(\d{1,2}(,\d{2})*,)?\d{1,3}(\.\d{2})?$/;

const readScreen = (page: Page) =>
  page.evaluate(() => {
    const root = document.getElementById('root')!;
    return root.innerText.split('\n').filter((l) => l.trim());
  });

function indiaProblems(lines: string[]): string[] {
  const text = lines.join('\n');
  const problems: string[] = [];
  if (/Rp\s?\d|\bRp\b/.test(text)) problems.push('a rupiah amount');
  if (text.includes('+62')) problems.push('an Indonesian phone');
  for (const [s, re] of INDONESIAN_WORDS) if (re.test(text)) problems.push(`Indonesian sandbox text "${s}"`);
  for (const a of text.match(RUPEES) ?? []) if (!INDIAN.test(a.replace(/\s/g, ''))) problems.push(`amount ${a}`);
  return problems;
}

let h: Harness;
let seq = 0;
beforeAll(async () => {
  h = await startHarness({ serverPrefetch: true, log: () => {} });
  fs.mkdirSync('tests/e2e/readme/routes', { recursive: true });
});
afterAll(async () => h?.close());

const PHOTOS = process.env.README_PHOTOS === '1';

/** After hydration and the first screen's data: laid out and painted, then photographed (README_PHOTOS=1). */
async function photograph(page: Page, screen: string, market: string) {
  await screenVisible(page).catch(() => {});
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  if (PHOTOS) await page.screenshot({ path: `tests/e2e/readme/routes/${screen}-${market.toLowerCase()}.png` });
}

describe('India on every borrower route, drawn and hydrated', () => {
  it('the sandbox has Indonesian words to look for', () => {
    expect(INDONESIAN).toEqual(expect.arrayContaining(['Dalam pembayaran', 'Belum dibayar', 'Dana Kilat']));
  });

  it.each(ROUTES)('IN $path ($screen)', async ({ path: route, screen }) => {
    const rec = await h.newPage({ viewport: { width: 375, height: 667 } });
    const { page } = rec;
    await storeFor(page, route, 'IN');
    const scripts = await holdAppScripts(page);
    // The sandbox's answers to the app are held until the hydrated page is read: what it shows then is hydration's
    // own work (with the server's answer the page handed over), not data loaded afterwards.
    let releaseCalls!: () => void;
    const calls = new Promise<void>((r) => (releaseCalls = r));
    await page.route(/\/sandbox\//, async (r) => {
      await calls;
      await r.continue().catch(() => {});
    });
    const url = h.screenUrl(route, { token: `in-routes-${process.pid}-${++seq}`, query: queryOf(route, 'IN') });
    await page.goto(url, { waitUntil: 'commit' });
    await page.locator('#root *').first().waitFor({ timeout: 15000 });
    const drawn = await readScreen(page);
    expect(scripts.held(), 'the app must not have run yet').toBeGreaterThan(0);
    expect(indiaProblems(drawn), 'drawn').toEqual([]);

    scripts.release();
    await page.waitForFunction(() =>
      Object.keys(document.getElementById('root')!).some((k) => k.startsWith('__reactContainer')),
    );
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const hydrated = await readScreen(page);
    expect(rec.logs.filter((l) => /hydrat/i.test(l))).toEqual([]);
    // Every line drawn is still there, unchanged; a screen's onLoad may add what only the browser knows (its stored
    // payment choice), never change what was drawn.
    expect(
      drawn.filter((l) => !hydrated.includes(l)),
      'the same text before and after hydration',
    ).toEqual([]);

    releaseCalls();
    await photograph(page, screen, 'IN');
    expect(indiaProblems(await readScreen(page)), "with the app's own data").toEqual([]);
    expect(rec.pageErrors).toEqual([]);
  });

  // Only a photograph for the READMEs: Indonesia's routes are checked drawn and hydrated by their flows' own specs.
  it.runIf(PHOTOS).each(ROUTES)('ID $path ($screen), photographed', async ({ path: route, screen }) => {
    const rec = await h.newPage({ viewport: { width: 375, height: 667 } });
    await storeFor(rec.page, route, 'ID');
    await rec.page.goto(
      h.screenUrl(route, { token: `id-routes-${process.pid}-${++seq}`, query: queryOf(route, 'ID') }),
    );
    await rec.page.locator('#root *').first().waitFor({ timeout: 15000 });
    await photograph(rec.page, screen, 'ID');
    expect(rec.pageErrors).toEqual([]);
  });
});
