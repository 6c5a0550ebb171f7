/**
 * Adding a bank card and listing it back on /payway, the alipay/huichao hand-off, and the payment instructions.
 * Seed: order 1003 (product 101) has three pending periods of 350.000; card 1 (BCA) needs an SMS code
 * (123456), card 2 (BNI) pays at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsoleHarness } from './admin-helpers';
import { fieldsOf, isCall, routeOf, type Harness } from './harness';
import { expectAccessible, paywayHelpers, readmeShot, tokenMaker } from './repayment-helpers';

let h: Harness;
beforeAll(async () => {
  h = await startConsoleHarness({ locale: 'id-ID' });
});
afterAll(async () => h?.close());

const tokenOf = tokenMaker('repay-p');
const { openPayway } = paywayHelpers(() => h);

describe('adding a card and the alipay hand-off', () => {
  it('adds a card (digits only, grouped in fours) and lists it back on /payway', async () => {
    const token = tokenOf();
    const { page } = await openPayway(token);
    await page.getByRole('link', { name: 'Tambah kartu bank' }).click();
    await expect.poll(() => routeOf(page).path).toBe('/addnormalcard');
    expect(routeOf(page).query.get('orderId')).toBe('1003');
    await page.getByRole('heading', { name: 'Tambah kartu bank' }).waitFor();
    const adds: Record<string, string>[] = [];
    page.on('request', (r) => isCall('/sandbox-ext/bank-card/add')(r) && adds.push(fieldsOf(r)));
    await page.getByRole('button', { name: 'Simpan kartu' }).click();
    await page.getByText('Masukkan nama pemilik kartu').first().waitFor();
    expect(adds).toHaveLength(0);
    await page.getByLabel('Nama pemilik kartu').fill('Budi Santoso');
    const card = page.getByLabel('Nomor kartu');
    await card.pressSequentially('6222ab0300-1122 3344');
    expect(await card.inputValue()).toBe('6222 0300 1122 3344');
    await page.getByLabel('Bank', { exact: true }).selectOption({ label: 'BRI' });
    await readmeShot(page, 'repayment-add-card');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Simpan kartu' }).click();
    await expect.poll(() => routeOf(page).path).toBe('/payway');
    expect(adds[0]).toMatchObject({
      cardHolder: 'Budi Santoso',
      cardNo: '6222030011223344',
      bankCode: 'BRI',
    });
    await page.getByRole('button', { name: /BRI.*6222 0300 1122 3344/ }).waitFor();
    expect(routeOf(page).query.get('amount')).toBe('350000');
    await page.context().close();
  });

  it('alipay replaces the page with the http(s) url from repayment-huichao; anything else is an error toast and no navigation', async () => {
    const { page } = await h.openScreen('/alipayrepayment', {
      token: tokenOf(),
      query: { orderId: '1003', amount: '350000' },
    });
    await expect.poll(() => new URL(page.url()).pathname).toBe('/sandbox/pages/huichao');
    await page.getByText('Order 1003: amount Rp350.000.').waitFor();
    await page.context().close();

    const r = await h.openScreen('/alipayrepayment', {
      token: tokenOf(),
      query: { orderId: '1003', amount: '350000' },
      before: async (p) =>
        void (await p.route('**/repayment-huichao**', (route) =>
          route.fulfill({
            json: {
              code: 0,
              message: 'ok',
              data: { url: 'javascript:alert(1)' },
            },
          }),
        )),
    });
    await r.page.getByText('Tautan pembayaran tidak valid').waitFor();
    expect(routeOf(r.page).path).toBe('/alipayrepayment');
    await r.page.getByText('Halaman pembayaran tidak dapat dibuka. Coba metode pembayaran lain.').waitFor();
    expect(await r.page.getByText('Mengalihkan ke halaman pembayaran...').count()).toBe(0);
    await readmeShot(r.page, 'repayment-alipay');
    await expectAccessible(r.page);
    await r.page.context().close();
  });

  it('payment instructions are our own copy', async () => {
    const { page } = await h.openScreen('/dragonpayPaymentInstructions', {
      token: tokenOf(),
    });
    await page.getByText('1. Buka Detail Tagihan').waitFor();
    await readmeShot(page, 'repayment-instructions');
    await expectAccessible(page);
    await page.context().close();
  });
});
