import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// Every exchange is checked against the OpenAPI description (config-server/openapi/check.ts).
import { checkedFetch as fetch } from '../openapi/check.js';
import { SMS_CODE } from './seed.js';
import { startSandbox, type SandboxClient } from '../testing/sandbox-server.js';

const REPAY = '/api/v1/youmi/youmi-api/service/loan';

describe('sandbox over real HTTP: a repayment with SMS verification', () => {
  let sb: SandboxClient;
  beforeAll(async () => {
    sb = await startSandbox();
  });
  afterAll(() => sb.close());

  it('commit → wrong code (800006) → right code (0) → repeat (800005) → loan details show the new state', async () => {
    const token = 'flow-user';
    const order = { productId: 101, orderId: 1003 };

    const before = await sb.post('/v3/installment/loan-play-detail', order, token);
    expect(before.code).toBe(0);
    expect(before.data.repayWaitCount).toBe(3);
    const pending = before.data.repayPlanDetail.repayWaitDetail;
    expect(pending.map((p: { canClick: number }) => p.canClick)).toEqual([1, 0, 0]);
    const total = pending.reduce((s: number, p: { totalAmount: number }) => s + p.totalAmount, 0);

    // repayment-way takes orderId in the query (spec §7).
    const way = await fetch(`${sb.base}${REPAY}/repayment-way?token=${token}&orderId=1003`, { method: 'POST' }).then(
      (r) => r.json(),
    );
    expect(way.code).toBe(0);
    expect(way.data).toMatchObject({ alipay: expect.any(Number), repayToken: expect.any(String) });
    const card = way.data.bankCards.find((c: { id: number }) => c.id === 1);
    expect(card).toEqual({ id: 1, bankName: 'BCA', cardNo: '6222020012345678', bankCode: 'BCA' });

    const commit = await sb.post(
      `${REPAY}/repayment-commit`,
      {
        amount: total,
        bankName: card.bankName,
        cardId: card.id,
        cardNo: card.cardNo,
        couponId: '',
        orderId: 1003,
        repayToken: way.data.repayToken,
        bankCode: card.bankCode,
        sendMsg: 1,
      },
      token,
    );
    expect(commit).toMatchObject({ code: 0, data: { needValid: 1, repayRecordId: expect.any(String) } });
    const confirm = { orderId: 1003, repaymentRecordId: commit.data.repayRecordId };

    const wrong = await sb.post(`${REPAY}/repayment-confirm`, { ...confirm, verifyCode: '000000' }, token);
    expect(wrong).toEqual({ code: 800006, message: 'verification code wrong', data: null });
    // A wrong code changes nothing.
    expect((await sb.post('/v3/installment/loan-play-detail', order, token)).data.repayWaitCount).toBe(3);

    const right = await sb.post(`${REPAY}/repayment-confirm`, { ...confirm, verifyCode: SMS_CODE }, token);
    expect(right.code).toBe(0);

    const again = await sb.post(`${REPAY}/repayment-confirm`, { ...confirm, verifyCode: SMS_CODE }, token);
    expect(again).toEqual({ code: 800005, message: 'do not submit repayment request repeatedly', data: null });

    const details = await sb.post('/v3/loan-details/loan-details', order, token);
    expect(details.data).toMatchObject({
      orderStatus: 200,
      noticeStatusText: 'Lunas',
      isDelay: '0',
      isScore: 1,
      reyMsg: '',
    });
    const plan = await sb.post('/v3/installment/loan-play-detail', order, token);
    expect(plan.data.repayWaitCount).toBe(0);
    expect(plan.data.repayPlanDetail.repayWaitDetail).toEqual([]);
    expect(plan.data.repayPlanDetail.repayYetDetail.map((p: { periodStatus: number }) => p.periodStatus)).toEqual([
      200, 200, 200,
    ]);

    // Another borrower's state is untouched.
    expect((await sb.post('/v3/loan-details/loan-details', order, 'someone-else')).data.orderStatus).toBe(174);
  });
});
