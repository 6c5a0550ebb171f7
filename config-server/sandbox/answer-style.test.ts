import express from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAmount, styleAnswer } from './answer-style.js';
import { createSandboxRouter } from './index.js';
import { commonParams } from '../testing/sandbox-server.js';

describe('styleAnswer (pure)', () => {
  it('formats amounts with a period as thousands separator', () => {
    expect([0, 999, 1000, 350000, 1250000, 2100000, 1234567890, 700000.4].map(formatAmount)).toEqual([
      '0',
      '999',
      '1.000',
      '350.000',
      '1.250.000',
      '2.100.000',
      '1.234.567.890',
      '700.000',
    ]);
  });

  it('plain changes nothing: the same object comes back', () => {
    const data = { amount: 1, list: [{ isShow: 1 }] };
    expect(styleAnswer('plain', '/indah/v3/product/recommend-product-list', data)).toBe(data);
  });

  it('strings: amounts, flags and codes, deep in objects and arrays; the rest as it is', () => {
    const data = {
      amount: 1250000,
      productName: 'Kredit Pintar',
      periods: 91,
      termUnit: 'day',
      id: 103,
      moduleId: 300,
      repay_plans: [{ title: 'Periode 1', amount: 700000 }],
      nested: { deeper: [{ totalAmount: 350000, canClick: 1, periodStatus: 500, isShow: true, isScore: false }] },
      delayShouldPayAmount: 1250000,
      orderStatus: 3,
      isDelay: '1',
      needValid: 0,
      state: 1,
      status: 'Lunas',
      code: 'ALFAMART',
      amountText: 5,
      empty: null,
      flags: [1, 2],
    };
    const before = structuredClone(data);
    expect(styleAnswer('strings', '/v3/anything', data)).toEqual({
      amount: '1.250.000',
      productName: 'Kredit Pintar',
      periods: 91,
      termUnit: '1',
      id: 103,
      moduleId: 300,
      repay_plans: [{ title: 'Periode 1', amount: '700.000' }],
      nested: { deeper: [{ totalAmount: '350.000', canClick: '1', periodStatus: '500', isShow: '1', isScore: '0' }] },
      delayShouldPayAmount: '1.250.000',
      orderStatus: '3',
      isDelay: '1',
      needValid: '0',
      state: '1',
      status: 'Lunas',
      code: 'ALFAMART',
      amountText: 5,
      empty: null,
      flags: [1, 2],
    });
    expect(data).toEqual(before); // the input (seed or session data) is never changed
  });

  it('strings: the product list and the bank list become bare arrays; other lists stay wrapped', () => {
    const products = { scene: 'precise', moduleId: 301, list: [{ id: 105, buttonStatus: 1 }] };
    expect(styleAnswer('strings', '/indah/v3/product/recommend-product-list', products)).toEqual([
      { id: 105, buttonStatus: '1' },
    ]);
    expect(
      styleAnswer('strings', '/sandbox-ext/bank-card/banks', { list: [{ bankName: 'BCA', bankCode: 'BCA' }] }),
    ).toEqual([{ bankName: 'BCA', bankCode: 'BCA' }]);
    expect(styleAnswer('strings', '/v3/loan-details/init-pay-type', { payType: 2, list: [] })).toEqual({
      payType: 2,
      list: [],
    });
    expect(styleAnswer('strings', '/indah/v3/product/recommend-product-list', null)).toBeNull();
  });

  it('strings: a __proto__ key stays a plain field and pollutes nothing', () => {
    const data = JSON.parse('{"__proto__": {"isShow": 1}, "amount": 5}') as unknown;
    const out = styleAnswer('strings', '/x', data) as Record<string, unknown>;
    expect(Object.getOwnPropertyNames(out).sort()).toEqual(['__proto__', 'amount']);
    expect(JSON.stringify(out)).toBe('{"__proto__":{"isShow":"1"},"amount":"5"}');
    expect(({} as Record<string, unknown>).isShow).toBeUndefined();
  });
});

describe("the sandbox in 'strings' style", () => {
  // Plain fetch, not the OpenAPI-checked one: the description gives the plain style's shapes.
  let server: Server;
  let base: string;
  beforeAll(async () => {
    const app = express();
    app.use(
      '/sandbox',
      createSandboxRouter({ getTemplate: () => undefined, style: 'strings', now: () => Date.UTC(2025, 5, 1) }),
    );
    server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sandbox`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const post = async (path: string, fields: Record<string, string | number> = {}, token = 'strings') => {
    const q = new URLSearchParams(Object.entries(commonParams(token)));
    const res = await fetch(`${base}${path}?${q}`, {
      method: 'POST',
      body: new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])),
    });
    return res.json();
  };

  it('loan-detail-confirm: amounts as dotted strings, termUnit "1"; loan-detail-push takes termUnit "1" back', async () => {
    const res = await post('/v3/loan-confirm/loan-detail-confirm', { productId: 103 });
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({
      productName: 'Kredit Pintar',
      amount: '2.000.000',
      periods: 91,
      termUnit: '1',
      sendSms: 0,
      isPopType: 0,
    });
    expect(res.data.repay_plans.map((p: { amount: string }) => p.amount)).toEqual(['700.000', '700.000', '700.000']);
    const push = await post('/v3/loan-confirm/loan-detail-push', {
      amount: 2000000,
      periods: 91,
      termUnit: res.data.termUnit,
      productId: 103,
    });
    expect(push.code).toBe(0);
  });

  it('loan-play-detail and delay-detail of order 1008', async () => {
    const plan = await post('/v3/installment/loan-play-detail', { productId: 103, orderId: 1008 });
    expect(plan.data.repayPlanDetail.repayWaitDetail).toEqual([
      {
        periodNo: 1,
        totalAmount: '350.000',
        canClick: '1',
        periodStatus: '100',
        repayDes: 'Belum dibayar',
        dueTime: '2025-07-05',
      },
      {
        periodNo: 2,
        totalAmount: '350.000',
        canClick: '0',
        periodStatus: '100',
        repayDes: 'Belum dibayar',
        dueTime: '2025-08-05',
      },
      {
        periodNo: 3,
        totalAmount: '400.000',
        canClick: '0',
        periodStatus: '100',
        repayDes: 'Belum dibayar',
        dueTime: '2025-09-05',
      },
    ]);
    const delay = await post('/v3/loan-details/delay-detail', { productId: 103, orderId: 1008 });
    expect(delay.data).toMatchObject({ delayShouldPayAmount: '1.250.000', delayExpiryTime: '2025-07-12 23:59:59' });
    const details = await post('/v3/loan-details/loan-details', { productId: 103, orderId: 1008 });
    expect(details.data).toMatchObject({ orderStatus: '3', isDelay: '1', isScore: '0' });
    expect(details.data.recProducts[0]).toMatchObject({ id: 101, bState: 1 });
  });

  it('recommend-product-list and the bank list answer bare arrays; envelopes and errors are as in plain style', async () => {
    const products = await post('/indah/v3/product/recommend-product-list', { scene: 'precise' });
    expect(products.code).toBe(0);
    expect(Array.isArray(products.data)).toBe(true);
    expect(products.data.map((p: { id: number; buttonStatus: string }) => [p.id, p.buttonStatus])).toEqual([
      [105, '1'],
      [101, '1'],
    ]);
    expect((await post('/indah/v3/product/recommend-product-list', { scene: 'full' })).data).toEqual([]);
    expect((await post('/sandbox-ext/bank-card/banks')).data).toEqual([
      { bankName: 'BCA', bankCode: 'BCA' },
      { bankName: 'BNI', bankCode: 'BNI' },
      { bankName: 'BRI', bankCode: 'BRI' },
      { bankName: 'Mandiri', bankCode: 'MANDIRI' },
    ]);
    expect(await post('/indah/v3/product/recommend-product-list')).toEqual({
      code: 400,
      message: 'scene is required',
      detail: 'scene is required',
      data: null,
    });
  });

  it('an unknown style is refused when the router is made', () => {
    expect(() => createSandboxRouter({ getTemplate: () => undefined, style: 'numbers' as 'plain' })).toThrow(
      /unknown answer style 'numbers' \(one of plain, strings\)/,
    );
  });
});
