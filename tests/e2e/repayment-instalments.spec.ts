/**
 * Instalments and the extension fee → choosing a method → the virtual account, through the real server and
 * sandbox, both markets. Seed (config-server/sandbox/seed.ts): order 1004 (product 103) has period 1 paid,
 * period 2 overdue (periodStatus 500) and period 3 pending, 400.000 each, extension fee 200.000 and no
 * telephone of its own; order 1003 (product 101) has three pending periods of 350.000.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldsOf, isCall, routeOf, startHarness, type Harness } from './harness';
import { expectAccessible, forceFailure, readmeShot, sandboxCall, toastText } from './repayment-helpers';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ locale: 'id-ID' });
});
afterAll(async () => h?.close());

let seq = 0;
const tokenOf = () => `repay-i-${process.pid}-${Date.now()}-${++seq}`;
const plan = async (token: string, productId: number, orderId: number) =>
  (
    await sandboxCall(h, token, '/v3/installment/loan-play-detail', {
      productId,
      orderId,
    })
  ).data;

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

describe('bad data', () => {
  it('garbage in the delay, pay-type and virtual-account answers never blanks a screen', async () => {
    const junk = (data: unknown) => ({
      json: { code: 0, message: 'ok', data },
    });
    const r = await h.openScreen('/delayRepay', {
      token: tokenOf(),
      query: { productId: '103', orderId: '1004' },
      before: async (p) => {
        await p.route('**/delay-detail**', (route) =>
          route.fulfill(
            junk({
              delayShouldPayAmount: 'free',
              orderDetail: { detail: 'x' },
              productName: ['a'],
              telephone: 5,
            }),
          ),
        );
        await p.route('**/init-pay-type**', (route) =>
          route.fulfill(junk({ list: [null, 3, { bankName: { x: 1 }, method: 'm' }] })),
        );
        await p.route('**/generate-vcode**', (route) =>
          route.fulfill(
            junk({
              vcode: { a: 1 },
              amount: 'NaN',
              payStep: 'step',
              cardNo: null,
            }),
          ),
        );
      },
    });
    await r.page.getByRole('button', { name: 'Bayar Segera' }).waitFor();
    expect(await r.page.getByRole('button', { name: 'Bayar Segera' }).isDisabled()).toBe(true);
    await r.page.goto(`${h.url}/individual?orderId=1004&productId=103&amount=200000&token=t`);
    await r.page.getByRole('button', { name: 'Simpan' }).waitFor();
    await r.page.evaluate(() => {
      localStorage.setItem('sdui:data:payType', '1');
      localStorage.setItem('sdui:data:payCode', 'BRI');
    });
    await r.page.goto(`${h.url}/that?orderId=1004&productId=103&amount=200000&token=t`);
    await r.page.getByRole('button', { name: 'Saya sudah membayar' }).waitFor();
    expect(r.pageErrors).toEqual([]);
    await r.page.context().close();
  });
});

describe('extension fee (ID)', () => {
  it('shows fee, expiry, the product card without empty or zero lines and the market phone; pays through a mini market', async () => {
    const token = tokenOf();
    const { page } = await h.openScreen('/delayRepay', {
      token,
      query: { productId: '103', orderId: '1004' },
    });
    await page.getByText('Perpanjangan berlaku sampai 2025-05-17 23:59:59').waitFor();
    expect(await page.locator('#delay-total').innerText()).toContain('Rp200.000');
    await page.getByText('Biaya perpanjangan').first().waitFor();
    await page.getByText('Kredit Pintar').waitFor();
    await page.getByText('Lama perpanjangan').waitFor();
    expect(await page.getByText('Denda', { exact: true }).count()).toBe(0); // value '0'
    expect(await page.getByText('Potongan', { exact: true }).count()).toBe(0); // value ''
    // The order has no telephone: the market's service phone.
    await page.getByText('Layanan pelanggan: +62 21 5000 1234').waitFor();
    await readmeShot(page, 'repayment-extension');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Bayar Segera' }).click();
    await expect.poll(() => routeOf(page).path).toBe('/individual');
    expect(routeOf(page).query.get('amount')).toBe('200000');
    expect(routeOf(page).query.get('display')).toBe('1');
    await page.getByRole('radio', { name: 'Minimarket' }).click();
    await page.getByRole('radio', { name: 'Alfamart' }).click();
    const vcodeCalls: Record<string, string>[] = [];
    page.on('request', (r) => isCall('/v3/loan-details/generate-vcode')(r) && vcodeCalls.push(fieldsOf(r)));
    await page.getByRole('button', { name: 'Simpan' }).click();
    const copy = page.getByRole('button', { name: /· Salin$/ });
    await copy.waitFor();
    expect(vcodeCalls[0]).toMatchObject({
      amount: '200000',
      pay_type: '2',
      payCode: 'ALFAMART',
      is_display: '1',
      is_default: '1',
      specific_num: '',
    });
    const vcode = (await copy.innerText()).split(' ')[0]!;

    // Paid: the extension is applied (due dates move 7 days, no longer extendable).
    const before = await plan(token, 103, 1004);
    expect(
      (
        await sandboxCall(h, token, '/sandbox-ext/virtual-account/pay', {
          vcode,
        })
      ).code,
    ).toBe(0);
    const after = await plan(token, 103, 1004);
    expect(after.repayPlanDetail.repayWaitDetail[0].dueTime).not.toBe(
      before.repayPlanDetail.repayWaitDetail[0].dueTime,
    );
    expect(
      (
        await sandboxCall(h, token, '/v3/loan-details/loan-details', {
          productId: 103,
          orderId: 1004,
        })
      ).data.isDelay,
    ).toBe('0');
    await page.context().close();
  });

  it('a failed delay-detail call is silent; the order telephone wins over the market phone', async () => {
    const token = tokenOf();
    await forceFailure(h, token, '/v3/loan-details/delay-detail', 1001, 'delay exploded');
    const { page } = await h.openScreen('/sides', {
      token,
      query: { productId: '103', orderId: '1004' },
    });
    await page.getByRole('button', { name: 'Bayar Segera' }).waitFor();
    await page.waitForTimeout(300);
    expect(await toastText(page)).not.toContain('delay exploded');
    expect(await page.getByRole('button', { name: 'Bayar Segera' }).isDisabled()).toBe(true);
    await page.context().close();

    const r = await h.openScreen('/delayRepay', {
      token: tokenOf(),
      query: { productId: '101', orderId: '1003' },
    });
    await r.page.getByText('Rp150.000').first().waitFor();
    await r.page.getByText(/^Layanan pelanggan: /).waitFor();
    await r.page.context().close();
  });
});

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
