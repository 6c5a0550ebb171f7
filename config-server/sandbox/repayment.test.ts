import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// Every exchange is checked against the OpenAPI description (config-server/openapi/check.ts).
import { checkedFetch as fetch } from '../openapi/check.js';
import { SMS_CODE } from './seed.js';
import { startSandbox, type SandboxClient } from '../testing/sandbox-server.js';

const REPAY = '/api/v1/youmi/youmi-api/service/loan';

describe('repayment calls', () => {
  let sb: SandboxClient;
  beforeAll(async () => {
    sb = await startSandbox();
  });
  afterAll(() => sb.close());

  const way = async (orderId: number, token: string) =>
    (await sb.post(`${REPAY}/repayment-way`, { orderId }, token)).data;
  const commit = async (token: string, fields: Record<string, string | number>) => {
    const w = await way(Number(fields.orderId), token);
    return sb.post(`${REPAY}/repayment-commit`, { repayToken: w.repayToken, cardId: 2, ...fields }, token);
  };
  const plan = async (token: string, productId: number, orderId: number) =>
    (await sb.post('/v3/installment/loan-play-detail', { productId, orderId }, token)).data;

  it('repayment-way lists the cards and a fresh token; unknown orders fail', async () => {
    const res = await sb.post(`${REPAY}/repayment-way`, { orderId: 1007 });
    expect(res).toMatchObject({ code: 0, data: { alipay: 1, repayToken: expect.stringMatching(/^[0-9a-f]{32}$/) } });
    expect(res.data.bankCards).toHaveLength(2);
    expect(Object.keys(res.data.bankCards[0]).sort()).toEqual(['bankCode', 'bankName', 'cardNo', 'id']);
    expect((await sb.post(`${REPAY}/repayment-way`, { orderId: 4242 })).code).toBe(404);
    expect((await sb.post(`${REPAY}/repayment-way`, {})).detail).toBe('orderId is required');
  });

  it('a card without SMS verification (needValid 0) pays the first period at once', async () => {
    const t = 'card2';
    const res = await commit(t, { orderId: 1004, amount: 400000 });
    expect(res).toMatchObject({ code: 0, data: { needValid: 0, repayRecordId: expect.any(String) } });
    const p = await plan(t, 103, 1004);
    expect(p.repayWaitCount).toBe(1);
    expect(p.repayPlanDetail.repayYetDetail).toHaveLength(2);
    // The overdue period was paid: the order leaves the overdue status.
    expect(
      (await sb.post('/v3/loan-details/loan-details', { productId: 103, orderId: 1004 }, t)).data.orderStatus,
    ).toBe(174);
    const confirm = await sb.post(
      `${REPAY}/repayment-confirm`,
      { orderId: 1004, verifyCode: SMS_CODE, repaymentRecordId: res.data.repayRecordId },
      t,
    );
    expect(confirm.code).toBe(800005);
  });

  it('repayment-commit refuses bad input and changes nothing', async () => {
    const t = 'commit-errors';
    const w = await way(1003, t);
    const base = { orderId: 1003, amount: 350000, cardId: 1, repayToken: w.repayToken };
    const c = (f: Record<string, string | number>) => sb.post(`${REPAY}/repayment-commit`, { ...base, ...f }, t);
    expect((await c({ amount: '350.000' })).detail).toBe('amount: must be a whole amount without dots, e.g. 350000');
    expect((await c({ amount: 123 })).detail).toMatch(
      /does not match a payable sum of orderId 1003 \(one of 350\.000, 700\.000, 1\.050\.000, 150\.000\)/,
    );
    expect((await c({ cardId: 9 })).code).toBe(404);
    expect((await c({ cardNo: '1111' })).detail).toBe('cardNo does not match cardId 1');
    expect((await c({ repayToken: 'forged' })).detail).toMatch(/repayToken is not valid/);
    expect((await c({ couponId: 'C9' })).code).toBe(404);
    expect((await c({ orderId: 1001 })).detail).toMatch(/repayToken is not valid/);
    const w2 = await way(1001, t);
    expect((await c({ orderId: 1001, repayToken: w2.repayToken })).detail).toBe(
      'orderId 1001 has nothing to repay (orderStatus 21)',
    );
    expect((await plan(t, 101, 1003)).repayWaitCount).toBe(3);
  });

  it('repayment-confirm errors: unknown record, record of another order, missing code', async () => {
    const t = 'confirm-errors';
    const rec = await commit(t, { orderId: 1003, amount: 350000, cardId: 1 });
    expect(rec.data.needValid).toBe(1);
    expect(
      (
        await sb.post(
          `${REPAY}/repayment-confirm`,
          { orderId: 1003, verifyCode: SMS_CODE, repaymentRecordId: 'RR0' },
          t,
        )
      ).code,
    ).toBe(404);
    expect(
      (
        await sb.post(
          `${REPAY}/repayment-confirm`,
          { orderId: 1008, verifyCode: SMS_CODE, repaymentRecordId: rec.data.repayRecordId },
          t,
        )
      ).code,
    ).toBe(400);
    expect(
      (await sb.post(`${REPAY}/repayment-confirm`, { orderId: 1003, repaymentRecordId: rec.data.repayRecordId }, t))
        .detail,
    ).toBe('verifyCode is required');
    // Paid meanwhile by another record: the pending one can no longer apply.
    await commit(t, { orderId: 1003, amount: 350000 });
    const late = await sb.post(
      `${REPAY}/repayment-confirm`,
      { orderId: 1003, verifyCode: SMS_CODE, repaymentRecordId: rec.data.repayRecordId },
      t,
    );
    expect(late.code).toBe(800005);
    expect((await plan(t, 101, 1003)).repayWaitCount).toBe(2);
  });

  it('paying the extension fee moves the due dates and clears the overdue status', async () => {
    const t = 'delay';
    const delay = await sb.post('/v3/loan-details/delay-detail', { productId: 105, orderId: 1010 }, t);
    expect(delay.data.delayShouldPayAmount).toBe(180000);
    const before = await plan(t, 105, 1010);
    expect(before.repayPlanDetail.repayWaitDetail[0]).toMatchObject({
      periodStatus: 500,
      canClick: 1,
      dueTime: '2025-04-25',
    });
    expect((await commit(t, { orderId: 1010, amount: 180000 })).code).toBe(0);
    const after = await plan(t, 105, 1010);
    expect(after.repayPlanDetail.repayWaitDetail[0]).toMatchObject({ periodStatus: 100, dueTime: '2025-05-02' });
    const details = (await sb.post('/v3/loan-details/loan-details', { productId: 105, orderId: 1010 }, t)).data;
    expect(details).toMatchObject({ orderStatus: 3, isDelay: '0' });
    expect((await sb.post('/v3/loan-details/delay-detail', { productId: 105, orderId: 1010 }, t)).code).toBe(409);
  });

  it('paying everything on a legacy-status order settles it as 4', async () => {
    const t = 'legacy-settle';
    expect((await commit(t, { orderId: 1008, amount: 1100000 })).code).toBe(0);
    expect(
      (await sb.post('/v3/loan-details/loan-details', { productId: 103, orderId: 1008 }, t)).data.orderStatus,
    ).toBe(4);
  });

  it('repayment-huichao returns a url to redirect to', async () => {
    const res = await sb.post(`${REPAY}/repayment-huichao`, { userId: 'u1', orderId: 1007, amount: 1080000 });
    expect(res.code).toBe(0);
    expect(res.data.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/sandbox\/pages\/huichao\?orderId=1007&amount=1080000$/);
    const page = await fetch(res.data.url);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(await page.text()).toContain('Rp1.080.000');
    expect((await sb.post(`${REPAY}/repayment-huichao`, { orderId: 1007, amount: 5 })).code).toBe(400);
  });

  it('init-pay-type lists banks (1) or the one mini market (2); generate-vcode gives the virtual account', async () => {
    const banks = await sb.post('/v3/loan-details/init-pay-type', { productId: 105, orderId: 1007, pay_type: 1 });
    expect(banks.data.payType).toBe(1);
    expect(banks.data.list[0]).toMatchObject({ bankName: 'BCA', bankCode: 'BCA', method: expect.any(Array) });
    const markets = await sb.post('/v3/loan-details/init-pay-type', { productId: 105, orderId: 1007, pay_type: 2 });
    expect(markets.data.list).toEqual([{ name: 'Alfamart', code: 'ALFAMART' }]);
    expect((await sb.post('/v3/loan-details/init-pay-type', { productId: 105, orderId: 1007, pay_type: 3 })).code).toBe(
      400,
    );
    expect((await sb.post('/v3/loan-details/init-pay-type', { productId: 101, orderId: 1007, pay_type: 1 })).code).toBe(
      404,
    );

    const fields = {
      productId: 105,
      orderId: 1007,
      amount: 1080000,
      payCode: 'BCA',
      pay_type: 1,
      is_default: 1,
      is_display: 0,
      specific_num: '1',
    };
    const va = await sb.post('/v3/loan-details/generate-vcode', fields);
    expect(va.code).toBe(0);
    expect(Object.keys(va.data)).toEqual(
      expect.arrayContaining([
        'amount',
        'vcode',
        'cardNo',
        'payType',
        'payCode',
        'payStep',
        'specificNum',
        'telephone',
      ]),
    );
    expect(va.data).toMatchObject({ amount: 1080000, payType: 1, payCode: 'BCA', specificNum: '1' });
    expect(va.data.vcode).toMatch(/^\d{16}$/);
    expect((await sb.post('/v3/loan-details/generate-vcode', { ...fields, payCode: 'ALFAMART' })).detail).toMatch(
      /not a bank/,
    );
    expect(
      (await sb.post('/v3/loan-details/generate-vcode', { ...fields, pay_type: 2, payCode: 'ALFAMART' })).code,
    ).toBe(0);
    expect((await sb.post('/v3/loan-details/generate-vcode', { ...fields, is_display: 1 })).detail).toMatch(
      /extension fee/,
    );
  });
});
