import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxClient } from '../testing/sandbox-server.js';

const REPAY = '/api/v1/youmi/youmi-api/service/loan';

describe('bank card binding and forced failures', () => {
  let sb: SandboxClient;
  beforeAll(async () => {
    sb = await startSandbox();
  });
  afterAll(() => sb.close());

  it('a bound card is listed by repayment-way of that token only; bad input changes nothing', async () => {
    expect(
      (await sb.get('/sandbox-ext/bank-card/banks')).data.list.map((b: { bankCode: string }) => b.bankCode),
    ).toContain('BRI');
    const add = (f: Record<string, string>) =>
      sb.post(
        '/sandbox-ext/bank-card/add',
        {
          cardHolder: 'Budi',
          cardNo: '6222 0300 1122 3344',
          bankCode: 'BRI',
          ...f,
        },
        'bind',
      );
    expect((await add({ cardNo: '12ab' })).detail).toMatch(/cardNo: must be 12 to 19 digits/);
    expect((await add({ bankCode: 'NOPE' })).detail).toMatch(/bankCode NOPE is not one of/);
    expect((await add({ cardHolder: ' ' })).code).toBe(400);
    const ok = await add({});
    expect(ok).toMatchObject({
      code: 0,
      data: { bankName: 'BRI', cardNo: '6222030011223344', bankCode: 'BRI' },
    });
    expect((await add({})).detail).toBe('this card is already bound');
    const cards = (await sb.post(`${REPAY}/repayment-way`, { orderId: 1003 }, 'bind')).data.bankCards;
    expect(cards.map((c: { cardNo: string }) => c.cardNo)).toEqual([
      '6222020012345678',
      '6013010087654321',
      '6222030011223344',
    ]);
    expect((await sb.post(`${REPAY}/repayment-way`, { orderId: 1003 }, 'other')).data.bankCards).toHaveLength(2);
  });

  it('a forced failure answers the next calls of one path for one token, then the path works again', async () => {
    const t = 'forced';
    await sb.post(
      '/sandbox-ext/force-failure',
      { path: `${REPAY}/repayment-way`, code: 500, message: '', times: 2 },
      t,
    );
    expect(await sb.post(`${REPAY}/repayment-way`, { orderId: 1003 }, 'someone-else')).toMatchObject({ code: 0 });
    // Verbatim: a forced generic code keeps the message the test chose (no market copy, no detail).
    expect(await sb.post(`${REPAY}/repayment-way`, { orderId: 1003 }, t)).toEqual({
      code: 500,
      message: '',
      data: null,
    });
    expect(await sb.post(`${REPAY}/repayment-way`, {}, t)).toMatchObject({
      code: 500,
    }); // before validation
    expect(await sb.post(`${REPAY}/repayment-way`, { orderId: 1003 }, t)).toMatchObject({ code: 0 });
    expect((await sb.post('/sandbox-ext/force-failure', { path: 'no-slash', code: 1 }, t)).code).toBe(400);
  });

  it('paying an issued virtual account settles what it was issued for, once', async () => {
    const t = 'va';
    const va = await sb.post(
      '/v3/loan-details/generate-vcode',
      {
        productId: 101,
        orderId: 1003,
        amount: 700000,
        payCode: 'Alfamart',
        pay_type: 2,
      },
      t,
    );
    expect(va.code).toBe(0);
    expect((await sb.post('/sandbox-ext/virtual-account/pay', { vcode: va.data.vcode }, 'stranger')).code).toBe(404);
    expect((await sb.post('/sandbox-ext/virtual-account/pay', { vcode: va.data.vcode }, t)).code).toBe(0);
    const plan = (await sb.post('/v3/installment/loan-play-detail', { productId: 101, orderId: 1003 }, t)).data;
    expect(plan.repayPlanDetail.repayYetDetail.map((p: { periodNo: number }) => p.periodNo)).toEqual([1, 2]);
    expect((await sb.post('/sandbox-ext/virtual-account/pay', { vcode: va.data.vcode }, t)).code).toBe(404);
  });
});
