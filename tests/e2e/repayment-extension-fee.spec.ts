/**
 * The extension fee → choosing a method → the virtual account, through the real server and sandbox (Indonesia),
 * and garbage in the delay, pay-type and virtual-account answers.
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
