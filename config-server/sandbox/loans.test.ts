import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// Every exchange is checked against the OpenAPI description (config-server/openapi/check.ts).
import { checkedFetch as fetch } from '../openapi/check.js';
import { ORDERS } from './seed.js';
import { startSandbox, type SandboxClient } from '../testing/sandbox-server.js';

describe('loan confirmation, contracts and loan details', () => {
  let sb: SandboxClient;
  beforeAll(async () => {
    sb = await startSandbox({ now: () => Date.UTC(2025, 5, 1) });
  });
  afterAll(() => sb.close());

  it('loan-detail-confirm gives the confirmation data; the pop agreement only where configured', async () => {
    const res = await sb.post('/v3/loan-confirm/loan-detail-confirm', { productId: 101 });
    expect(res.code).toBe(0);
    for (const field of [
      'productLogo',
      'productName',
      'amount',
      'periods',
      'termUnit',
      'details',
      'repay_plans',
      'firstPayTime',
      'firstPeriodDay',
      'pRateDsc',
      'sendSms',
      'isPopType',
      'popContent',
      'popTitle',
      'popAgreementUrl',
      'note',
      'sp_rate',
      'detail1',
      'detail2',
    ]) {
      expect(res.data).toHaveProperty(field);
    }
    expect(res.data).toMatchObject({
      amount: 1500000,
      periods: 91,
      termUnit: 'day',
      isPopType: 1,
      firstPayTime: '2025-07-01',
    });
    expect(res.data.details[0]).toEqual({ text: 'Jumlah pinjaman', value: 'Rp1.500.000' });
    expect(res.data.repay_plans).toHaveLength(3);
    expect(res.data.repay_plans[0]).toEqual({
      title: 'Periode 1',
      amount: expect.any(Number),
      description: expect.any(String),
      pay_time: '2025-07-01',
    });
    expect(res.data.popAgreementUrl).toMatch(/\/sandbox\/pages\/contract\?productId=101&position=1$/);
    expect((await sb.post('/v3/loan-confirm/loan-detail-confirm', { productId: 102 })).data.popAgreementUrl).toBe('');
    expect((await sb.post('/v3/loan-confirm/loan-detail-confirm', { productId: 999 })).code).toBe(404);
  });

  it('product 103 has a fixed total interest: three plan lines of exactly 700.000 (total 2.100.000)', async () => {
    const res = await sb.post('/v3/loan-confirm/loan-detail-confirm', { productId: 103 });
    expect(res.data).toMatchObject({ amount: 2000000, periods: 91, termUnit: 'day', sp_rate: '0,055%/hari' });
    expect(res.data.repay_plans.map((p: { amount: number }) => p.amount)).toEqual([700000, 700000, 700000]);
    expect(res.data.details).toEqual([
      { text: 'Jumlah pinjaman', value: 'Rp2.000.000' },
      { text: 'Bunga', value: 'Rp100.000' },
      { text: 'Total pembayaran', value: 'Rp2.100.000' },
    ]);
  });

  it('contract lists agreement titles; contract-jump gives contract_url', async () => {
    const list = await sb.post('/v3/contract/contract', { productId: 101, scene: 3 });
    expect(list.data).toEqual([
      { position: 1, title: 'Perjanjian Pinjaman' },
      { position: 2, title: 'Kebijakan Privasi' },
    ]);
    expect((await sb.post('/v3/contract/contract', { productId: 101, scene: 2 })).detail).toBe(
      'scene: must be 3 (loan confirmation)',
    );
    const jump = await sb.post('/v3/contract/contract-jump', { productId: 101, scene: 3, position: 2, orderId: 1003 });
    expect(jump.data.contract_url).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/sandbox\/pages\/contract\?productId=101&position=2$/,
    );
    expect(await (await fetch(jump.data.contract_url)).text()).toContain('Kebijakan Privasi');
    expect((await sb.post('/v3/contract/contract-jump', { productId: 101, scene: 3, position: 9 })).code).toBe(404);
    expect(
      (await sb.post('/v3/contract/contract-jump', { productId: 102, scene: 3, position: 1, orderId: 1003 })).code,
    ).toBe(404);
  });

  it('loan-detail-push creates an order and returns lendDetailsUrl pointing at it', async () => {
    const t = 'push';
    const push = (f: Record<string, string | number>) =>
      sb.post(
        '/v3/loan-confirm/loan-detail-push',
        { amount: 3000000, periods: 91, termUnit: 'day', productId: 102, ...f },
        t,
      );
    expect((await push({ amount: 2000000 })).detail).toBe('amount must be the offered amount 3000000');
    expect((await push({ periods: 30 })).code).toBe(400);
    expect((await push({ termUnit: 'month' })).detail).toMatch(/termUnit 'day' or '1'/);
    expect((await push({ productId: 106, amount: 15000000 })).code).toBe(409);
    const ok = await push({});
    expect(ok.code).toBe(0);
    expect(ok.data.lendDetailsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#\/borrowDetail\/\?productId=102&orderId=\d+$/);
    const details = await sb.post('/v3/loan-details/loan-details', { productId: 102, orderId: ok.data.orderId }, t);
    expect(details.data).toMatchObject({ orderStatus: 21, noticeStatusText: 'Sedang ditinjau' });
    // The term unit as a backend that codes units sends it ('strings' answer style: 1 = day).
    expect((await push({ termUnit: '1' })).code).toBe(0);
  });

  it('loan-details answers every seeded status with isDelay and isScore', async () => {
    const statuses: number[] = [];
    for (const o of ORDERS) {
      const res = await sb.post('/v3/loan-details/loan-details', { productId: o.productId, orderId: o.orderId });
      expect(res.code).toBe(0);
      for (const f of [
        'orderStatus',
        'noticeStatusText',
        'noticeDesText',
        'recProducts',
        'productName',
        'productLogo',
        'userOrderDetail',
        'inside',
        'h5Url',
        'isDelay',
        'telephone',
        'isScore',
        'playeduL',
        'reyMsg',
      ]) {
        expect(res.data).toHaveProperty(f);
      }
      expect(res.data.noticeStatusText).not.toBe('');
      expect(res.data).toMatchObject({ isDelay: o.isDelay, isScore: o.isScore });
      expect(res.data.userOrderDetail.detail[0]).toEqual({ title: 'Nomor pesanan', value: o.orderNo });
      expect(res.data.telephone).not.toBe('');
      statuses.push(res.data.orderStatus);
    }
    expect(statuses).toEqual([21, 151, 174, 180, 110, 200, 170, 3, 4, 5]);
    expect((await sb.post('/v3/loan-details/loan-details', { productId: 101, orderId: 1004 })).detail).toBe(
      'orderId 1004 does not belong to productId 101',
    );
    expect((await sb.post('/v3/loan-details/loan-details', { productId: 101 })).detail).toBe('orderId is required');
  });

  it('loan-play-detail: pending and paid periods, only the first pending clickable, 500 for overdue', async () => {
    const res = await sb.post('/v3/installment/loan-play-detail', { productId: 103, orderId: 1004 });
    expect(res.data).toMatchObject({ productName: 'Kredit Pintar', repayWaitCount: 2, note: expect.any(String) });
    const { repayWaitDetail, repayYetDetail } = res.data.repayPlanDetail;
    expect(
      repayWaitDetail.map((p: { periodNo: number; canClick: number; periodStatus: number }) => [
        p.periodNo,
        p.canClick,
        p.periodStatus,
      ]),
    ).toEqual([
      [2, 1, 500],
      [3, 0, 100],
    ]);
    expect(repayYetDetail[0]).toEqual({
      periodNo: 1,
      totalAmount: 400000,
      canClick: 0,
      periodStatus: 200,
      repayDes: 'Lunas',
      dueTime: '2025-04-10',
    });
  });

  it('order 1008: three pending periods of 350.000, 350.000 and 400.000 monthly from 2025-07-05, extension fee 1.250.000', async () => {
    const plan = (await sb.post('/v3/installment/loan-play-detail', { productId: 103, orderId: 1008 })).data;
    expect(plan.repayWaitCount).toBe(3);
    expect(
      plan.repayPlanDetail.repayWaitDetail.map((p: { totalAmount: number; dueTime: string }) => [
        p.totalAmount,
        p.dueTime,
      ]),
    ).toEqual([
      [350000, '2025-07-05'],
      [350000, '2025-08-05'],
      [400000, '2025-09-05'],
    ]);
    const delay = (await sb.post('/v3/loan-details/delay-detail', { productId: 103, orderId: 1008 })).data;
    expect(delay.delayShouldPayAmount).toBe(1250000);
    expect(delay.orderDetail.detail[0]).toEqual({ title: 'Biaya perpanjangan', value: 'Rp1.250.000' });
  });

  it('delay-detail for orders with isDelay 1 only; the order phone may be empty (client falls back)', async () => {
    const res = await sb.post('/v3/loan-details/delay-detail', { productId: 103, orderId: 1004 });
    expect(res.data).toMatchObject({
      productName: 'Kredit Pintar',
      delayShouldPayAmount: 200000,
      delayExpiryTime: '2025-05-17 23:59:59',
      telephone: '',
    });
    expect(res.data.productLogo).toMatch(/logos\/103\.svg$/);
    expect(res.data.orderDetail.detail).toContainEqual({ title: 'Denda', value: '0' });
    expect((await sb.post('/v3/loan-details/delay-detail', { productId: 105, orderId: 1007 })).code).toBe(409);
  });

  it('google-score stores the rating: no loan asks for a rating afterwards', async () => {
    const t = 'rate';
    expect((await sb.post('/v3/loan-details/loan-details', { productId: 102, orderId: 1006 }, t)).data.isScore).toBe(1);
    expect((await sb.post('/v3/loan-details/google-score', { score: 0 }, t)).code).toBe(400);
    expect(await sb.post('/v3/loan-details/google-score', { score: 5 }, t)).toEqual({
      code: 0,
      message: 'success',
      data: null,
    });
    expect((await sb.post('/v3/loan-details/loan-details', { productId: 102, orderId: 1006 }, t)).data.isScore).toBe(0);
  });

  it('serves product logos as SVG', async () => {
    const res = await sb.raw('/assets/logos/101.svg');
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(await res.text()).toContain('Dana Kilat');
    expect((await sb.raw('/assets/logos/7.svg')).status).toBe(404);
  });
});
