/**
 * The instalment and extension-fee repayment screens in India: English, the rupee symbol, the market's default
 * mini markets. Seed: India's orders 1003 and 1004 at Indian scale (config-server/sandbox/seed.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness';
import { expectAccessible, readmeShot, tokenMaker } from './repayment-helpers';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ locale: 'id-ID' });
});
afterAll(async () => h?.close());

const tokenOf = tokenMaker('repay-i');

describe('India market', () => {
  it('every repayment screen of this path renders in English with the rupee symbol; the default mini-market list is used when the server lists none', async () => {
    const token = tokenOf();
    const { page } = await h.openScreen('/instalmentRepay', {
      token,
      query: { market: 'IN', productId: '101', orderId: '1003' },
    });
    await page.getByRole('heading', { name: 'Bill details' }).waitFor();
    // India's order 1003 at Indian scale (the sandbox's India seed): three instalments of ₹3,500.
    await page.getByRole('button', { name: /^Instalment 1 .*₹3,500/ }).click();
    expect(await page.locator('#instalment-total').innerText()).toBe('₹3,500');
    await readmeShot(page, 'repayment-instalments-in');
    await expectAccessible(page);
    await page.route('**/sandbox/v3/loan-details/init-pay-type**', async (route) => {
      const type = new URLSearchParams(route.request().postData() ?? '').get('pay_type');
      if (type === '2')
        return route.fulfill({
          json: { code: 0, message: 'ok', data: { payType: 2, list: [] } },
        });
      return route.continue();
    });
    await page.getByRole('button', { name: 'Pay now' }).click();
    await page.getByRole('heading', { name: 'Choose a payment method' }).waitFor();
    await page.getByRole('radio', { name: 'Convenience store' }).first().click();
    // India's default convenience store (the IN market document's defaultMiniMarkets).
    await page.getByRole('radio', { name: 'PayPoint' }).click();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: 'Repayment' }).waitFor();
    await page.getByRole('button', { name: /· Copy$/ }).waitFor();
    await page.getByText('₹3,500').waitFor();
    await readmeShot(page, 'repayment-virtual-account-in');
    await expectAccessible(page);
    await page.context().close();

    const d = await h.openScreen('/delayRepay', {
      token: tokenOf(),
      query: { market: 'IN', productId: '103', orderId: '1004' },
    });
    await d.page.getByText('Customer service: +91 80 4000 1234').waitFor();
    // The amount comes with the screen's first call, after the page's fixed lines (this harness draws without data).
    await expect.poll(() => d.page.locator('#delay-total').innerText()).toContain('₹2,000');
    await readmeShot(d.page, 'repayment-extension-in');
    await expectAccessible(d.page);
    await d.page.context().close();
  });
});
