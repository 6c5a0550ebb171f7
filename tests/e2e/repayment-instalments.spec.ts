/**
 * Instalments → choosing a method → the virtual account, through the real server and sandbox (Indonesia).
 * Seed (config-server/sandbox/seed.ts): order 1004 (product 103) has period 1 paid, period 2 overdue (periodStatus
 * 500) and period 3 pending, 400.000 each, extension fee 200.000 and no telephone of its own; order 1003 (product
 * 101) has three pending periods of 350.000.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldsOf, isCall, routeOf, startHarness, type Harness } from './harness';
import {
  expectAccessible,
  forceFailure,
  instalmentPlan,
  readmeShot,
  sandboxCall,
  toastText,
  tokenMaker,
} from './repayment-helpers';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ locale: 'id-ID' });
});
afterAll(async () => h?.close());

const tokenOf = tokenMaker('repay-i');
const plan = instalmentPlan(() => h);

describe('instalments → choose method → virtual account (ID)', () => {
  it('keeps the selection a prefix, blocks a zero total, stores nothing stale, and the paid virtual account settles the periods', async () => {
    const token = tokenOf();
    const { page } = await h.openScreen('/instalmentRepay', {
      token,
      query: { productId: '103', orderId: '1004' },
    });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: h.url,
    });
    const total = page.locator('#instalment-total');
    const period = (n: number) => page.getByRole('button', { name: new RegExp(`^Periode ${n} `) });
    await period(2).waitFor();
    expect(await page.getByRole('heading', { name: 'Detail Tagihan' }).count()).toBe(1);
    // The overdue period (periodStatus 500) is in the danger colour, the other one is not.
    expect(await period(2).locator('.sdui-tag--danger').innerText()).toBe('Terlambat');
    expect(await period(3).locator('.sdui-tag--danger').count()).toBe(0);
    // Paid periods are folded until tapped.
    expect(await page.getByText('Periode 1', { exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: '1 periode lunas' }).click();
    await page.getByText('Periode 1', { exact: true }).waitFor();

    // Nothing ticked: paying is blocked.
    expect(await total.innerText()).toBe('Rp0');
    await page.getByRole('button', { name: 'Bayar Segera' }).click();
    await page.getByText('Pilih periode yang akan dibayar').waitFor();
    expect(routeOf(page).path).toBe('/instalmentRepay');

    // Period 3 has canClick 0: tapping it ticks nothing. Period 2 (canClick 1) ticks; tapping it again (index 0) keeps it.
    await period(3).click();
    expect(await total.innerText()).toBe('Rp0');
    await period(2).click();
    expect(await total.innerText()).toBe('Rp400.000');
    expect(await period(2).getByText('✓ Dipilih').count()).toBe(1);
    await period(2).click();
    expect(await total.innerText()).toBe('Rp400.000');

    // Select-all: all periods; tapping ticked period 3 (index 1) unticks it; select-all off → the first only.
    const all = page.getByRole('checkbox', {
      name: 'Bayar semua total pembayaran',
    });
    await all.check();
    expect(await total.innerText()).toBe('Rp800.000');
    expect(await period(3).getByText('✓ Dipilih').count()).toBe(1);
    await period(3).click();
    expect(await total.innerText()).toBe('Rp400.000');
    expect(await all.isChecked()).toBe(false);
    await all.check();
    await all.uncheck();
    expect(await total.innerText()).toBe('Rp400.000');
    await readmeShot(page, 'repayment-instalments');
    await expectAccessible(page);

    // Going to pay clears a stale stored choice and sets the default flag.
    await page.evaluate(() => {
      localStorage.setItem('sdui:data:payType', '2');
      localStorage.setItem('sdui:data:payCode', 'OLD');
      localStorage.setItem('sdui:data:specificNum', '9');
    });
    const initCalls: Record<string, string>[] = [];
    page.on('request', (r) => isCall('/v3/loan-details/init-pay-type')(r) && initCalls.push(fieldsOf(r)));
    await page.getByRole('button', { name: 'Bayar Segera' }).click();
    await expect.poll(() => routeOf(page).path).toBe('/individual');
    const q = routeOf(page).query;
    expect(
      Object.fromEntries(['amount', 'productId', 'orderId', 'display', 'deviceId', 'token'].map((k) => [k, q.get(k)])),
    ).toEqual({
      amount: '400000',
      productId: '103',
      orderId: '1004',
      display: null,
      deviceId: 'dev-e2e',
      token,
    });
    const stored = await page.evaluate(() =>
      ['payType', 'payCode', 'specificNum', 'isDefault'].map((k) => localStorage.getItem(`sdui:data:${k}`)),
    );
    expect(stored).toEqual([null, null, null, '1']);

    // Choose method: bank type by default; incomplete choices are refused.
    const bankType = page.getByRole('radio', { name: 'Transfer bank' });
    await expect.poll(() => bankType.isChecked()).toBe(true);
    await page.getByRole('radio', { name: 'BCA' }).waitFor();
    expect(initCalls.at(-1)).toMatchObject({
      productId: '103',
      orderId: '1004',
      pay_type: '1',
    });
    await page.getByRole('button', { name: 'Simpan' }).click();
    await page.getByText('Silakan lengkapi informasinya').waitFor();
    await page.getByRole('button', { name: 'Pilih cara pembayaran' }).click();
    await page.getByText('Silakan pilih bank terlebih dahulu').waitFor();
    expect(await page.getByRole('radiogroup', { name: 'Cara pembayaran' }).count()).toBe(0);
    await page.getByRole('radio', { name: 'BCA' }).click();
    await page.getByRole('radio', { name: 'Mobile Banking' }).click();
    await readmeShot(page, 'repayment-choose-method');
    await expectAccessible(page);

    // Switching type clears the choice and reloads the options of that type.
    await page.getByRole('radio', { name: 'Minimarket' }).click();
    await page.getByRole('radio', { name: 'Alfamart' }).waitFor();
    await expect.poll(() => initCalls.at(-1)?.pay_type).toBe('2');
    expect(await page.getByRole('radio', { name: 'Alfamart' }).isChecked()).toBe(false);
    await page.getByRole('button', { name: 'Simpan' }).click();
    await expect.poll(() => page.getByText('Silakan lengkapi informasinya').count()).toBeGreaterThan(0);
    await page.getByRole('radio', { name: 'Transfer bank' }).click();
    await page.getByRole('radio', { name: 'BRI' }).click();
    expect(await page.getByRole('radio', { name: 'BCA' }).isChecked()).toBe(false);
    await page.getByRole('radio', { name: 'BRImo' }).click();

    const vcodeCalls: Record<string, string>[] = [];
    page.on('request', (r) => isCall('/v3/loan-details/generate-vcode')(r) && vcodeCalls.push(fieldsOf(r)));
    await page.getByRole('button', { name: 'Simpan' }).click();
    await expect.poll(() => routeOf(page).path).toBe('/that');
    expect(
      await page.evaluate(() =>
        ['payType', 'payCode', 'specificNum'].map((k) => localStorage.getItem(`sdui:data:${k}`)),
      ),
    ).toEqual(['1', 'BRI', '2']);

    // The virtual account of that choice.
    const copy = page.getByRole('button', { name: /· Salin$/ });
    await copy.waitFor();
    expect(vcodeCalls).toHaveLength(1);
    expect(vcodeCalls[0]).toMatchObject({
      productId: '103',
      orderId: '1004',
      amount: '400000',
      payCode: 'BRI',
      pay_type: '1',
      is_default: '1',
      is_display: '0',
      specific_num: '2',
    });
    const vcode = (await copy.innerText()).split(' ')[0]!;
    expect(vcode).toMatch(/^8808\d+$/);
    await page.getByText('Rp400.000').waitFor();
    await page.getByText('2. BRImo: pilih Bayar / Virtual Account, masukkan kode VA, konfirmasi jumlah.').waitFor();
    await copy.click();
    await page.getByText('Kode disalin').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(vcode);
    await page.getByRole('button', { name: 'Saya sudah membayar' }).click();
    const tips = page.getByRole('dialog', {
      name: 'Pembayaran sedang diproses',
    });
    await tips.waitFor();
    await readmeShot(page, 'repayment-virtual-account-tips');
    await expectAccessible(page);
    await tips.getByRole('button', { name: 'Mengerti' }).click();
    await expect.poll(() => tips.count()).toBe(0);
    await readmeShot(page, 'repayment-virtual-account');
    await expectAccessible(page);
    expect(await page.getByRole('link', { name: /Kirim keluhan/ }).getAttribute('href')).toMatch(
      /complaint\?.*orderId=1004/,
    );

    // The bank tells the backend the account was paid: periods 1 and 2 are paid, the order is no longer overdue.
    expect(
      (
        await sandboxCall(h, token, '/sandbox-ext/virtual-account/pay', {
          vcode,
        })
      ).code,
    ).toBe(0);
    const after = await plan(token, 103, 1004);
    expect(after.repayPlanDetail.repayYetDetail.map((p: { periodNo: number }) => p.periodNo)).toEqual([1, 2]);
    expect(
      (
        await sandboxCall(h, token, '/v3/loan-details/loan-details', {
          productId: 103,
          orderId: 1004,
        })
      ).data.orderStatus,
    ).toBe(174);

    // The change-method row goes back to the choice with the same query.
    await page.getByRole('button', { name: 'Ganti metode pembayaran' }).click();
    await expect.poll(() => routeOf(page).path).toBe('/individual');
    expect(routeOf(page).query.get('amount')).toBe('400000');
    // The stored choice shows chosen.
    await expect.poll(() => page.getByRole('radio', { name: 'BRImo' }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: /^BRI( ✓)?$/ }).isChecked()).toBe(true);
    await page.context().close();
  });

  it('a type picked before the first options arrive keeps its own options when the older answer lands', async () => {
    // Slow data: the bank options (the screen's first call) answer after the borrower picked the mini market.
    let bankAnswered!: () => void;
    const answered = new Promise<void>((r) => (bankAnswered = r));
    const { page } = await h.openScreen('/individual', {
      token: tokenOf(),
      query: { amount: '400000', productId: '103', orderId: '1004' },
      before: async (p) =>
        void (await p.route('**/sandbox/v3/loan-details/init-pay-type**', async (route) => {
          if (fieldsOf(route.request()).pay_type !== '1') return route.continue();
          await new Promise((r) => setTimeout(r, 1500));
          await route.continue();
          bankAnswered();
        })),
    });
    await page.getByRole('radio', { name: 'Minimarket' }).click();
    await page.getByRole('radio', { name: 'Alfamart' }).waitFor();
    await answered;
    await page.waitForTimeout(300);
    // The bank list never lands under the mini market as nameless choices; the borrower's pick still saves.
    const names = await page.getByRole('radio').evaluateAll((els) => els.map((e) => (e.textContent ?? '').trim()));
    expect(names.filter((n) => !n)).toEqual([]);
    expect(await page.getByRole('radio', { name: 'BCA' }).count()).toBe(0);
    await page.getByRole('radio', { name: 'Alfamart' }).click();
    await page.getByRole('button', { name: 'Simpan' }).click();
    await expect.poll(() => routeOf(page).path).toBe('/that');
    const stored = await page.evaluate(() => ['payType', 'payCode'].map((k) => localStorage.getItem(`sdui:data:${k}`)));
    expect(stored[0]).toBe('2');
    await page.context().close();
  });

  it('a failed plan call is silent and garbage in the plan never blanks the screen', async () => {
    const token = tokenOf();
    await forceFailure(h, token, '/v3/installment/loan-play-detail', 1001, 'plan exploded');
    const { page, logs } = await h.openScreen('/length', {
      token,
      query: { productId: '103', orderId: '1004' },
    });
    await page.getByText('Tidak ada tagihan yang harus dibayar.').waitFor();
    await page.waitForTimeout(300);
    expect(await toastText(page)).not.toContain('plan exploded');
    await page.context().close();

    const r = await h.openScreen('/instalmentRepay', {
      token: tokenOf(),
      query: { productId: '103', orderId: '1004' },
      before: async (p) =>
        void (await p.route('**/sandbox/v3/installment/loan-play-detail**', (route) =>
          route.fulfill({
            json: {
              code: 0,
              message: 'ok',
              data: {
                productName: 42,
                note: { x: 1 },
                repayPlanDetail: {
                  repayWaitDetail: [{ periodNo: 'x', totalAmount: 'lots' }, null, 'junk'],
                  repayYetDetail: 'nope',
                },
              },
            },
          }),
        )),
    });
    await r.page.getByRole('button', { name: 'Bayar Segera' }).waitFor();
    await r.page.getByRole('checkbox', { name: 'Bayar semua total pembayaran' }).check();
    // 'lots' is not an amount: the total shows nothing rather than a wrong Rp0, and the log names the field.
    expect(await r.page.locator('#instalment-total').innerText()).toBe('');
    expect(
      r.logs.some((l) =>
        l.includes('sumAmounts(slice(state.plan.repayPlanDetail.repayWaitDetail, 0, state.n), "totalAmount")'),
      ),
    ).toBe(true);
    await r.page.getByRole('button', { name: 'Bayar Segera' }).click();
    await r.page.getByText('Pilih periode yang akan dibayar').waitFor();
    expect(r.pageErrors).toEqual([]);
    await r.page.context().close();
  });
});
