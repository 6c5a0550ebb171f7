/**
 * Paying by bank card: card list → commit → SMS step → confirm → /borrowDetail, every rule both ways and every
 * §8 text of these calls (codes the flow cannot reach itself are forced in the sandbox for this token only), in
 * Indonesia and in India.
 * Seed: order 1003 (product 101) has three pending periods of 350.000; card 1 (BCA) needs an SMS code
 * (123456), card 2 (BNI) pays at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsoleHarness } from './admin-helpers';
import { fieldsOf, isCall, routeOf, type Harness } from './harness';
import {
  expectAccessible,
  forceFailure,
  paywayHelpers,
  QUERY,
  readmeShot,
  REPAY,
  sandboxCall,
  tokenMaker,
} from './repayment-helpers';

let h: Harness;
beforeAll(async () => {
  h = await startConsoleHarness({ locale: 'id-ID' });
});
afterAll(async () => h?.close());

const tokenOf = tokenMaker('repay-p');
const { paidPeriods, openPayway } = paywayHelpers(() => h);

describe('bank card → SMS → confirm → /borrowDetail', () => {
  it('needs a card, checks the code, maps 800006, resets the countdown on Cancel, then pays the first period', async () => {
    const token = tokenOf();
    const { page } = await openPayway(token);
    const commits: Record<string, string>[] = [];
    const confirms: Record<string, string>[] = [];
    page.on('request', (r) => isCall(`${REPAY}/repayment-commit`)(r) && commits.push(fieldsOf(r)));
    page.on('request', (r) => isCall(`${REPAY}/repayment-confirm`)(r) && confirms.push(fieldsOf(r)));
    await page.getByRole('heading', { name: 'Bayar dengan kartu bank' }).waitFor();
    await page.getByText('Rp350.000').waitFor();
    // Numbers grouped in fours; none selected at first.
    expect(await page.getByText('✓ Dipilih').count()).toBe(0);
    await readmeShot(page, 'repayment-payway');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Bayar', exact: true }).click();
    await page.getByText('please select payment bank card first').waitFor();
    expect(commits).toHaveLength(0);

    await page.getByRole('button', { name: /BCA/ }).click();
    expect(await page.getByRole('button', { name: /BCA/ }).getByText('✓ Dipilih').count()).toBe(1);
    await page.getByRole('button', { name: 'Bayar', exact: true }).click();
    const sms = page.getByRole('dialog', { name: 'Verifikasi SMS' });
    await sms.waitFor();
    expect(commits[0]).toMatchObject({
      amount: '350000',
      bankName: 'BCA',
      cardId: '1',
      cardNo: '6222020012345678',
      orderId: '1003',
      bankCode: 'BCA',
      couponId: '',
    });
    expect(commits[0]!.repayToken).toMatch(/^[0-9a-f]{32}$/);
    // The countdown runs from 60 and blocks resending.
    const resend = sms.getByRole('button', { name: /Kirim ulang/ });
    expect(await resend.innerText()).toMatch(/^Kirim ulang \((60|59) d\)$/);
    expect(await resend.isDisabled()).toBe(true);

    const code = sms.getByLabel('Kode verifikasi');
    await code.fill('123');
    await sms.getByRole('button', { name: 'Konfirmasi' }).click();
    await page.getByText('please enter correct verification code').waitFor();
    expect(confirms).toHaveLength(0);
    await code.fill('0000009');
    expect(await code.inputValue()).toBe('000000'); // input past the code length is ignored
    await sms.getByRole('button', { name: 'Konfirmasi' }).click();
    await page.getByText('verification code wrong').waitFor();
    expect(confirms[0]).toMatchObject({
      orderId: '1003',
      verifyCode: '000000',
      repaymentRecordId: expect.stringMatching(/^RR/),
    });
    await readmeShot(page, 'repayment-sms');
    await expectAccessible(page);
    expect(await paidPeriods(token)).toEqual([]);

    // Cancel stops the countdown; paying again starts it from 60.
    await page.waitForTimeout(1600);
    expect(await resend.innerText()).not.toMatch(/\(60 d\)/);
    await sms.getByRole('button', { name: 'Batal' }).click();
    await expect.poll(() => sms.count()).toBe(0);
    await page.getByRole('button', { name: 'Bayar', exact: true }).click();
    await sms.waitFor();
    expect(await sms.getByRole('button', { name: /Kirim ulang/ }).innerText()).toMatch(/\((60|59) d\)/);
    expect(await sms.getByLabel('Kode verifikasi').inputValue()).toBe('');
    expect(commits).toHaveLength(2);

    await sms.getByLabel('Kode verifikasi').fill('123456');
    await sms.getByRole('button', { name: 'Konfirmasi' }).click();
    await expect.poll(() => routeOf(page).path).toMatch(/^\/borrowDetail\/?$/);
    expect(routeOf(page).query.get('orderId')).toBe('1003');
    expect(routeOf(page).query.get('token')).toBe(token);
    expect(await paidPeriods(token)).toEqual([1]);
    await page.context().close();
  });

  it('a card without SMS verification (needValid 0) goes straight to /borrowDetail and pays', async () => {
    const token = tokenOf();
    const { page } = await openPayway(token);
    await page.getByRole('button', { name: /BNI/ }).click();
    await page.getByRole('button', { name: 'Bayar', exact: true }).click();
    await expect.poll(() => routeOf(page).path).toMatch(/^\/borrowDetail\/?$/);
    expect(await paidPeriods(token)).toEqual([1]);
    await page.context().close();
  });

  it('shows every §8 text of these calls: 800005, another confirm failure (server message, else the fallback), commit failures, card list failure', async () => {
    const token = tokenOf();
    const { page } = await openPayway(token);
    const toast = page.locator('.sdui-toast-region');
    const pay = () => page.getByRole('button', { name: 'Bayar', exact: true }).click();
    await page.getByRole('button', { name: /BCA/ }).click();

    await forceFailure(h, token, `${REPAY}/repayment-commit`, 1001, 'Kartu diblokir');
    await pay();
    await toast.getByText('Kartu diblokir').waitFor();
    await forceFailure(h, token, `${REPAY}/repayment-commit`, 1001, '');
    await pay();
    await toast.getByText('processing failed').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);

    await pay();
    const sms = page.getByRole('dialog', { name: 'Verifikasi SMS' });
    await sms.waitFor();
    await sms.getByLabel('Kode verifikasi').fill('123456');
    const confirm = () => sms.getByRole('button', { name: 'Konfirmasi' }).click();
    await forceFailure(h, token, `${REPAY}/repayment-confirm`, 800005, 'dup');
    await confirm();
    await toast.getByText('do not submit repayment request repeatedly').waitFor();
    await forceFailure(h, token, `${REPAY}/repayment-confirm`, 1001, 'Bank sedang sibuk');
    await confirm();
    await toast.getByText('Bank sedang sibuk').waitFor();
    await forceFailure(h, token, `${REPAY}/repayment-confirm`, 1001, '');
    await confirm();
    await expect.poll(() => toast.getByText('processing failed').count()).toBeGreaterThan(0);
    expect(routeOf(page).path).toBe('/payway');
    expect(await paidPeriods(token)).toEqual([]);
    await confirm();
    await expect.poll(() => routeOf(page).path).toMatch(/^\/borrowDetail\/?$/);
    await page.context().close();

    // Confirming a record twice is refused by the sandbox itself with 800005.
    const t2 = tokenOf();
    const way = await sandboxCall(h, t2, `${REPAY}/repayment-way`, {
      orderId: 1003,
    });
    const rec = await sandboxCall(h, t2, `${REPAY}/repayment-commit`, {
      orderId: 1003,
      amount: 350000,
      cardId: 1,
      repayToken: way.data.repayToken,
    });
    const c = {
      orderId: 1003,
      verifyCode: '123456',
      repaymentRecordId: rec.data.repayRecordId,
    };
    expect((await sandboxCall(h, t2, `${REPAY}/repayment-confirm`, c)).code).toBe(0);
    expect((await sandboxCall(h, t2, `${REPAY}/repayment-confirm`, c)).code).toBe(800005);

    const t3 = tokenOf();
    await forceFailure(h, t3, `${REPAY}/repayment-way`, 1001, 'way exploded');
    const r3 = await h.openScreen('/payway', { token: t3, query: QUERY });
    await r3.page.locator('.sdui-toast-region').getByText('failed to query card list').waitFor();
    await r3.page.getByText('Belum ada kartu bank. Tambahkan kartu untuk membayar.').waitFor();
    await r3.page.getByRole('button', { name: 'Bayar', exact: true }).click();
    await r3.page.getByText('please select payment bank card first').waitFor();
    await r3.page.context().close();
  });

  it('garbage in the card list never blanks the screen', async () => {
    const r = await h.openScreen('/payway', {
      token: tokenOf(),
      query: QUERY,
      before: async (p) =>
        void (await p.route('**/repayment-way**', (route) =>
          route.fulfill({
            json: {
              code: 0,
              message: 'ok',
              data: {
                alipay: 'yes',
                repayToken: 7,
                bankCards: [null, { bankName: { a: 1 }, cardNo: 12345678901234 }, 'x'],
              },
            },
          }),
        )),
    });
    await r.page.getByText('1234 5678 9012 34').waitFor();
    await r.page.getByRole('link', { name: 'Tambah kartu bank' }).waitFor();
    expect(r.pageErrors).toEqual([]);
    await r.page.context().close();
  });
});

describe('India market', () => {
  it('the bank card flow in English with the rupee symbol', async () => {
    const token = tokenOf();
    const { page } = await openPayway(token, 'IN');
    await page.getByRole('heading', { name: 'Pay by bank card' }).waitFor();
    await page.getByText('₹3,500').waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.getByText('please select payment bank card first').waitFor();
    await page.getByRole('button', { name: /HDFC Bank/ }).click();
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    const sms = page.getByRole('dialog', { name: 'SMS verification' });
    await sms.waitFor();
    await readmeShot(page, 'repayment-sms-in');
    await expectAccessible(page);
    await sms.getByLabel('Verification code').fill('123456');
    await sms.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => routeOf(page).path).toMatch(/^\/borrowDetail\/?$/);
    await page.context().close();

    const a = await h.openScreen('/addnormalcard', {
      token: tokenOf(),
      query: { orderId: '1003', market: 'IN' },
    });
    await a.page.getByRole('heading', { name: 'Add a bank card' }).waitFor();
    await expectAccessible(a.page);
    await a.page.context().close();
    const d = await h.openScreen('/dragonpayPaymentInstructions', {
      token: tokenOf(),
      query: { market: 'IN' },
    });
    await d.page.getByText("1. Open Bill details and tap 'Pay now'.").waitFor();
    await expectAccessible(d.page);
    await d.page.context().close();
  });
});
