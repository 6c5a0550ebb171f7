import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, describeViolations } from './axe';
import { bridgeMessages, fieldsOf, isCall, routeOf, stubIosBridge, startHarness, type Harness } from './harness';

// Seed (config-server/sandbox/seed.ts): one order per status the spec names. `picture` is the status picture the
// market's limits.orderStatuses choose (any status without its own picture shows the 200 one).
const ORDERS = [
  { orderId: 1001, productId: 101, status: 21, picture: 21, repay: false, extend: false, more: false, score: false },
  { orderId: 1002, productId: 102, status: 151, picture: 151, repay: false, extend: false, more: false, score: false },
  { orderId: 1003, productId: 101, status: 174, picture: 174, repay: true, extend: true, more: false, score: false },
  { orderId: 1004, productId: 103, status: 180, picture: 180, repay: true, extend: true, more: false, score: true },
  { orderId: 1005, productId: 104, status: 110, picture: 110, repay: false, extend: false, more: false, score: false },
  { orderId: 1006, productId: 102, status: 200, picture: 200, repay: false, extend: false, more: true, score: true },
  { orderId: 1007, productId: 105, status: 170, picture: 200, repay: true, extend: false, more: false, score: false },
  { orderId: 1008, productId: 103, status: 3, picture: 200, repay: true, extend: true, more: false, score: false },
  { orderId: 1009, productId: 104, status: 4, picture: 200, repay: false, extend: false, more: true, score: true },
  { orderId: 1010, productId: 105, status: 5, picture: 200, repay: true, extend: true, more: false, score: false },
];
const COPY = {
  ID: {
    repay: 'Bayar sekarang',
    extend: 'Perpanjang tenor',
    more: 'Pinjam lagi',
    rate: 'Beri nilai aplikasi kami',
    thanks: 'Terima kasih',
    cancel: 'Batal',
    send: 'Kirim',
  },
  IN: {
    repay: 'Repay now',
    extend: 'Extend the term',
    more: 'Borrow again',
    rate: 'Rate our app',
    thanks: 'Thank you',
    cancel: 'Cancel',
    send: 'Send',
  },
};

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  fs.mkdirSync('tests/e2e/readme', { recursive: true });
});
afterAll(async () => h?.close());

type Setup = (p: import('playwright-core').Page) => Promise<void>;
const open = (
  market: 'ID' | 'IN',
  o: { orderId: number; productId: number },
  opts: { route?: string; before?: Setup } = {},
) =>
  h.openScreen(opts.route ?? '/loanDetails', {
    query: { market, productId: String(o.productId), orderId: String(o.orderId) },
    before: opts.before ?? stubIosBridge,
  });

const pictureOf = (page: import('playwright-core').Page) => page.locator('#loan-status-picture').getAttribute('src');

describe('loan details by status', () => {
  for (const market of ['ID', 'IN'] as const) {
    it(`${market}: picture, texts, detail lines and the buttons of every status`, async () => {
      const c = COPY[market];
      // One tab loads each order's page afresh (a full document load, its own session token): a new browser context
      // per order cost a cold cache and a new renderer process each.
      const { page, pageErrors } = await h.newPage();
      await stubIosBridge(page);
      for (const o of ORDERS) {
        pageErrors.length = 0;
        await page.goto(
          h.screenUrl('/loanDetails', {
            query: { market, productId: String(o.productId), orderId: String(o.orderId) },
          }),
        );
        await page.locator('#loan-product').waitFor();
        if (o.score) {
          const dialog = page.getByRole('dialog', { name: c.rate });
          await dialog.waitFor();
          await dialog.getByRole('button', { name: c.cancel }).click();
          await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
        } else {
          expect(await page.getByRole('dialog').count()).toBe(0);
        }
        expect(await pictureOf(page), `status ${o.status}`).toBe(`/icons/loan-status/${o.picture}.svg`);
        await page.getByText(`SB${o.orderId}`).waitFor(); // a detail line of the product card
        expect(await page.getByRole('button', { name: c.repay }).count(), `repay on ${o.status}`).toBe(o.repay ? 1 : 0);
        expect(await page.getByRole('link', { name: c.extend }).count(), `extension on ${o.status}`).toBe(
          o.extend ? 1 : 0,
        );
        expect(await page.getByRole('button', { name: c.more }).count(), `loan more on ${o.status}`).toBe(
          o.more ? 1 : 0,
        );
        // The backend's recProducts are never shown once data has loaded (spec §4).
        expect(await page.locator('#loan-actions ~ *').count()).toBe(0);
        expect(pageErrors).toEqual([]);
        if (market === 'ID') await page.screenshot({ path: `tests/e2e/readme/loans-details-${o.status}.png` });
        const found = await axeViolations(page);
        expect(describeViolations(found), `axe on status ${o.status}`).toBe('');
      }
      await page.context().close();
    }, 120_000);
  }

  it('repay opens /instalmentRepay and the extension link /delayRepay, with productId and orderId', async () => {
    const o = ORDERS[2];
    const { page } = await open('ID', o);
    await page.getByRole('button', { name: COPY.ID.repay }).click();
    await expect.poll(() => routeOf(page).path).toBe('/instalmentRepay');
    expect(routeOf(page).query.get('productId')).toBe('101');
    expect(routeOf(page).query.get('orderId')).toBe('1003');
    await page.goBack();
    await page.getByRole('link', { name: COPY.ID.extend }).click();
    await expect.poll(() => routeOf(page).path).toBe('/delayRepay');
    expect(routeOf(page).query.get('orderId')).toBe('1003');
    await page.context().close();
  });

  it("'loan more' saves the event (moduleId 30, positionId 0) and sends the go-to-product-detail message", async () => {
    const o = ORDERS[5];
    const { page } = await open('IN', o);
    const events: Record<string, string>[] = [];
    page.on('request', (r) => isCall('/service/event/save')(r) && events.push(fieldsOf(r)));
    await page.getByRole('dialog', { name: COPY.IN.rate }).getByRole('button', { name: COPY.IN.cancel }).click();
    await page.getByRole('button', { name: COPY.IN.more }).click();
    await expect.poll(async () => JSON.stringify(await bridgeMessages(page))).toContain('goProductDetail');
    expect(events).toEqual([expect.objectContaining({ productId: '102', moduleId: '30', positionId: '0' })]);
    const [, body] = (await bridgeMessages(page)).find(([name]) => name === 'goProductDetail')!;
    expect(JSON.stringify(body)).toContain('102');
    await page.context().close();
  });

  it('a failed event save or google-score call is silent and still sends the bridge message', async () => {
    const { page } = await open('ID', ORDERS[8], {
      before: async (p) => {
        await stubIosBridge(p);
        await p.route('**/sandbox/service/event/save**', (r) =>
          r.fulfill({ json: { code: 500, message: 'event down', data: null } }),
        );
        await p.route('**/sandbox/v3/loan-details/google-score**', (r) =>
          r.fulfill({ json: { code: 500, message: 'score down', data: null } }),
        );
      },
    });
    const dialog = page.getByRole('dialog', { name: COPY.ID.rate });
    await dialog.getByRole('radio').nth(4).click();
    await dialog.getByRole('button', { name: COPY.ID.send }).click();
    await expect.poll(async () => (await bridgeMessages(page)).map(([name]) => name)).toContain('rate');
    await page.getByRole('button', { name: COPY.ID.more }).click();
    await expect.poll(async () => (await bridgeMessages(page)).map(([name]) => name)).toContain('goProductDetail');
    expect(await page.locator('.sdui-toast').count()).toBe(0);
    await page.context().close();
  });

  it('/borrowDetail/ (where a repayment ends) and /flat open the same screen', async () => {
    for (const route of ['/borrowDetail/', '/flat']) {
      const { page } = await open('ID', ORDERS[2], { route });
      await page.getByRole('button', { name: COPY.ID.repay }).waitFor();
      expect(await pictureOf(page)).toBe('/icons/loan-status/174.svg');
      await page.context().close();
    }
  });
});

describe('after a repayment', () => {
  it('the payway flow ends on the real loan details screen (/borrowDetail) of the paid order', async () => {
    const { page, pageErrors } = await h.openScreen('/payway', {
      query: { orderId: '1003', amount: '350000', productId: '101' },
    });
    await page.getByRole('button', { name: /BNI/ }).click(); // card 2 pays without an SMS step
    await page.getByRole('button', { name: 'Bayar', exact: true }).click();
    await expect.poll(() => routeOf(page).path).toMatch(/^\/borrowDetail\/?$/);
    await page.locator('#loan-product').getByText('SB1003').waitFor();
    expect(await pictureOf(page)).toBe('/icons/loan-status/174.svg');
    await page.getByRole('button', { name: COPY.ID.repay }).waitFor(); // two periods are still pending
    expect(pageErrors).toEqual([]);
    await page.context().close();
  });
});

describe('loan details rating', () => {
  it('zero stars says Silakan pilih; under 4 stars opens the thank-you modal and sends nothing', async () => {
    const { page } = await open('ID', ORDERS[3]);
    const scores: Record<string, string>[] = [];
    page.on('request', (r) => isCall('/v3/loan-details/google-score')(r) && scores.push(fieldsOf(r)));
    const dialog = page.getByRole('dialog', { name: COPY.ID.rate });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: COPY.ID.send }).click();
    await page.locator('.sdui-toast').filter({ hasText: 'Silakan pilih' }).first().waitFor();
    await dialog.getByRole('radio').nth(2).click();
    await page.screenshot({ path: 'tests/e2e/readme/loans-details-rating.png' });
    await dialog.getByRole('button', { name: COPY.ID.send }).click();
    const thanks = page.getByRole('dialog', { name: COPY.ID.thanks });
    await thanks.waitFor();
    expect(await page.getByRole('dialog', { name: COPY.ID.rate }).count()).toBe(0);
    expect(scores).toEqual([]);
    expect(JSON.stringify(await bridgeMessages(page))).not.toContain('"rate"');
    await page.screenshot({ path: 'tests/e2e/readme/loans-details-thanks.png' });
    expect(describeViolations(await axeViolations(page))).toBe('');
    await thanks.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await page.context().close();
  });

  it('4 stars or more calls google-score with score 5 and sends the native rate message', async () => {
    const { page } = await open('IN', ORDERS[8]);
    const scores: Record<string, string>[] = [];
    page.on('request', (r) => isCall('/v3/loan-details/google-score')(r) && scores.push(fieldsOf(r)));
    const dialog = page.getByRole('dialog', { name: COPY.IN.rate });
    await dialog.getByRole('radio').nth(3).click();
    await dialog.getByRole('button', { name: COPY.IN.send }).click();
    await expect.poll(async () => JSON.stringify(await bridgeMessages(page))).toContain('rate');
    expect(scores).toEqual([expect.objectContaining({ score: '5' })]);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.context().close();
  });
});

describe('loan details with bad data', () => {
  const serve = (data: unknown) => async (page: import('playwright-core').Page) => {
    await stubIosBridge(page);
    await page.route('**/sandbox/v3/loan-details/loan-details**', (r) =>
      r.fulfill({ json: { code: 0, message: 'ok', data } }),
    );
  };

  it('an unknown status shows the default picture and no action; missing recProducts, logo and detail lines keep the page up', async () => {
    const { page, pageErrors } = await h.openScreen('/loanDetails', {
      query: { productId: '101', orderId: '1001' },
      before: serve({
        orderStatus: 999,
        noticeStatusText: 'Status aneh',
        noticeDesText: '',
        productName: 'Tanpa Logo',
        userOrderDetail: null,
        isDelay: '1',
        isScore: 'x',
      }),
    });
    await page.getByText('Status aneh').waitFor();
    await page.getByText('Tanpa Logo').waitFor();
    expect(await pictureOf(page)).toBe('/icons/loan-status/200.svg');
    expect(await page.locator('#loan-product img').count()).toBe(0);
    expect(await page.locator('#loan-actions button, #loan-actions a').count()).toBe(0);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(pageErrors).toEqual([]);
    await page.context().close();
  });

  it('garbage data (a string) or a failed call leaves the page up with its title and no toast', async () => {
    for (const data of ['garbage', null]) {
      const { page, pageErrors } = await h.openScreen('/loanDetails', {
        query: { productId: '101', orderId: '1001' },
        before: serve(data),
      });
      await page.getByRole('heading', { name: 'Detail pinjaman' }).waitFor();
      expect(pageErrors).toEqual([]);
      await page.context().close();
    }
    const { page } = await h.openScreen('/loanDetails', { query: { productId: '101', orderId: '424242' } });
    await page.getByRole('heading', { name: 'Detail pinjaman' }).waitFor();
    await page.waitForTimeout(300);
    expect(await page.locator('.sdui-toast').count()).toBe(0); // failures here are silent
    await page.context().close();
  });
});
