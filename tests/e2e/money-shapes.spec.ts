/**
 * Money, flags and lists as a real backend may send them. The same screens run against the sandbox in
 * its two answer styles: `plain` (amounts as numbers, flags as numbers, lists under data.list) and `strings`
 * (SANDBOX_STYLE=strings: every amount a dotted string such as "1.250.000", every flag a string, list answers
 * bare arrays, term units coded as "1"). A borrower must see the same figures either way, in both markets.
 *
 * Seed (config-server/sandbox/seed.ts): product 103 'Kredit Pintar' offers 2.000.000 over 91 days in three
 * instalments of 700.000; order 1008 (product 103) has pending periods of 350.000, 350.000 and 400.000 and an
 * extension fee of 1.250.000. Scene 'home' lists six products, the first two with tags, the third with its own.
 * India's sandbox (seed-in.ts) has the same at one hundredth, in English, grouped as India groups ("12,500").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeOf, startHarness, stubIosBridge, type Harness } from './harness';

const MARKETS = {
  ID: {
    symbol: 'Rp',
    product: 'Kredit Pintar',
    amount: 'Rp2.000.000',
    instalment: 'Rp700.000',
    fee: { shown: 'Rp1.250.000', digits: '1250000' },
    last: 'Rp400.000',
    total: { shown: 'Rp1.100.000', digits: '1100000' },
    lastProduct: 'Modal Usaha',
    tags: ['Cepat cair', 'Bunga rendah'],
    term: '91 hari',
    payNow: 'Bayar Segera',
    payAll: 'Bayar semua total pembayaran',
    full: 'Kuota pengajuan hari ini sudah penuh',
  },
  IN: {
    symbol: '₹',
    product: 'Smart Credit',
    amount: '₹20,000',
    instalment: '₹7,000',
    fee: { shown: '₹12,500', digits: '12500' },
    last: '₹4,000',
    total: { shown: '₹11,000', digits: '11000' },
    lastProduct: 'Business Capital',
    tags: ['Quick credit', 'Low interest'],
    term: '91 days',
    payNow: 'Pay now',
    payAll: 'Pay the whole amount',
    full: "Today's applications are full",
  },
} as const;
type Market = keyof typeof MARKETS;

describe.each(['plain', 'strings'] as const)('sandbox answering in its %s style', (style) => {
  let h: Harness;
  beforeAll(async () => {
    // The strings block lets the server make each screen's first call while drawing the page, so both routes an
    // answer takes (the app's own call, the server's) are read by the same rules.
    h = await startHarness({ env: { ...process.env, SANDBOX_STYLE: style }, serverPrefetch: style === 'strings' });
  });
  afterAll(async () => h?.close());

  /** The sandbox's own answer, to prove the style is the one this block claims. */
  const answer = async (path: string, fields: Record<string, string>) => {
    const res = await fetch(`${h.url}/sandbox${path}?market=ID&token=shape-probe`, {
      method: 'POST',
      body: new URLSearchParams(fields),
    });
    return ((await res.json()) as { data: unknown }).data;
  };

  it('the sandbox really answers in this style', async () => {
    const confirm = (await answer('/v3/loan-confirm/loan-detail-confirm', { productId: '103' })) as {
      amount: unknown;
      termUnit: unknown;
    };
    const products = await answer('/indah/v3/product/recommend-product-list', { scene: 'home' });
    if (style === 'strings') {
      expect(confirm.amount).toBe('2.000.000');
      expect(confirm.termUnit).toBe('1');
      expect(Array.isArray(products)).toBe(true);
    } else {
      expect(confirm.amount).toBe(2000000);
      expect(confirm.termUnit).toBe('day');
      expect(Array.isArray((products as { list: unknown }).list)).toBe(true);
    }
  });

  // The dotted strings run in both markets. `npm test` runs the plain style in Indonesia only (numbers need no reading,
  // and India formats them with the same code); E2E_MATRIX=all (npm run test:e2e) runs both styles in both markets.
  const markets = (Object.keys(MARKETS) as Market[]).filter(
    (m) => process.env.E2E_MATRIX === 'all' || style === 'strings' || m === 'ID',
  );
  describe.each(markets)('market %s', (market) => {
    const copy = MARKETS[market];
    const open = (route: string, query: Record<string, string>) =>
      h.openScreen(route, { query: { market, ...query }, before: stubIosBridge });

    it(`loan confirmation shows ${copy.amount}, instalments of ${copy.instalment} and "${copy.term}"`, async () => {
      const { page, logs } = await open('/loanConfirm', { productId: '103' });
      await page.getByText(copy.product).waitFor();
      await page.getByText(copy.amount, { exact: true }).first().waitFor();
      await page.getByText(copy.term, { exact: true }).waitFor();
      expect(await page.getByText(copy.instalment, { exact: true }).count()).toBe(3);
      expect(await page.locator('body').innerText()).not.toMatch(/NaN|undefined|(Rp|₹)7(00)?(?![.,\d])/);
      expect(logs.filter((l) => l.includes('is not an amount'))).toEqual([]);
    });

    it(`the extension fee shows ${copy.fee.shown} and '${copy.payNow}' goes to /individual?amount=${copy.fee.digits}&display=1`, async () => {
      const { page } = await open('/delayRepay', { productId: '103', orderId: '1008' });
      await page.getByText(copy.fee.shown, { exact: true }).first().waitFor();
      const pay = page.getByRole('button', { name: copy.payNow });
      expect(await pay.isEnabled()).toBe(true);
      await pay.click();
      await page.waitForURL(/\/individual/);
      const { path, query } = routeOf(page);
      expect(path).toBe('/individual');
      expect(query.get('amount')).toBe(copy.fee.digits);
      expect(query.get('display')).toBe('1');
    });

    it(`instalment select-all totals ${copy.total.shown}`, async () => {
      const { page } = await open('/instalmentRepay', { productId: '103', orderId: '1008' });
      const total = page.locator('#instalment-total');
      await page.getByText(copy.last, { exact: true }).waitFor();
      await page.getByRole('checkbox', { name: copy.payAll }).check();
      await expect.poll(() => total.innerText()).toBe(copy.total.shown);
      await page.getByRole('button', { name: copy.payNow }).click();
      await page.waitForURL(/\/individual/);
      expect(routeOf(page).query.get('amount')).toBe(copy.total.digits);
    });

    it('a product list shows its products, with tags on the first two only', async () => {
      const { page } = await open('/specialApply', { scene: 'home' });
      const items = page.locator('#products > li');
      await page.getByText(copy.lastProduct, { exact: true }).waitFor();
      expect(await items.count()).toBe(6);
      expect(await page.getByText(copy.full).count()).toBe(0);
      for (const i of [0, 1]) expect(await items.nth(i).locator('.sdui-tag').allInnerTexts()).toEqual(copy.tags);
      for (const i of [2, 3, 4, 5]) expect(await items.nth(i).locator('.sdui-tag').count()).toBe(0);
    });

    it("/specialApply without a scene shows the empty state in the market's language, with no English developer text", async () => {
      const { page } = await open('/specialApply', {});
      await page.getByText(copy.full).waitFor();
      const text = await page.locator('body').innerText();
      expect(text).not.toMatch(/scene is required|is required/);
    });
  });
});
