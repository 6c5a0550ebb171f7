import { describe, expect, it } from 'vitest';
import type { ApiMapDocument, Endpoint } from '../../../schemas/generated/types';
import apiMapJson from '../../../screens/maps/api-map.json';
import ID from '../../../screens/markets/ID.json';
import { readEnvelope } from './call-rules';
import { readAnswer } from './read-answer';

const apiMap = apiMapJson as unknown as ApiMapDocument;
const ep = (name: string) => apiMap.endpoints[name] as Endpoint;
const t = (k: string) => k;
const products = [
  { id: 103, productName: 'Kredit Pintar' },
  { id: 105, productName: 'Tunai Plus' },
];

describe('list answers, by the API map', () => {
  const read = (data: unknown) => readAnswer(apiMap, ep('recommendProductList'), data) as { list: unknown[] };

  it('data as the list itself, under list, rows or records: screens read data.list', () => {
    expect(read(products).list).toEqual(products);
    expect(read({ scene: 'home', list: products }).list).toEqual(products);
    expect(read({ rows: products }).list).toEqual(products);
    expect(read({ records: products, total: 2 }).list).toEqual(products);
  });

  it('an empty or missing list is an empty list (the screen shows its empty state)', () => {
    for (const data of [null, undefined, {}, [], { list: null }, { rows: 'none' }]) expect(read(data).list).toEqual([]);
  });
});

describe('flags, statuses and codes', () => {
  it('read 1, "1" and true as 1 wherever they appear; other strings stay', () => {
    const data = {
      orderStatus: '174',
      isDelay: true,
      orderList: [{ isShow: '1' }, { isShow: 0 }, { isShow: false }],
      repayPlanDetail: { repayWaitDetail: [{ canClick: '1', periodStatus: '500', repayDes: 'Terlambat' }] },
      state: 'unknown',
    };
    expect(readAnswer(apiMap, ep('loanDetails'), data)).toEqual({
      orderStatus: 174,
      isDelay: 1,
      orderList: [{ isShow: 1 }, { isShow: 0 }, { isShow: 0 }],
      repayPlanDetail: { repayWaitDetail: [{ canClick: 1, periodStatus: 500, repayDes: 'Terlambat' }] },
      state: 'unknown',
    });
  });

  it('a success code sent as a number or a string is a success', () => {
    for (const code of [0, '0'])
      expect(readEnvelope(apiMap, ep('loanDetails'), { code, message: '', data: {} }, t).kind).toBe('ok');
    for (const code of ['00', 0])
      expect(readEnvelope(apiMap, ep('problemInit'), { code, message: '', data: {} }, t).kind).toBe('ok');
    expect(readEnvelope(apiMap, ep('loanDetails'), { code: '400', message: 'x', data: null }, t).kind).toBe('error');
  });
});

describe('amounts in minor units, where the API map says so', () => {
  const minorMap = {
    ...apiMap,
    endpoints: {
      ...apiMap.endpoints,
      delayDetail: {
        ...ep('delayDetail'),
        read: { minorUnits: ['delayShouldPayAmount', 'orderDetail.detail.*.amount'] },
      },
    },
  } as ApiMapDocument;

  it('are read with the market format and divided into major units; garbage becomes null and is logged by path', () => {
    const warnings: string[] = [];
    const data = {
      delayShouldPayAmount: '125.000.000',
      orderDetail: { detail: [{ amount: 70000000 }, { amount: 'soon' }] },
    };
    const out = readAnswer(minorMap, minorMap.endpoints.delayDetail as Endpoint, data, {
      market: ID,
      name: 'delayDetail',
      warn: (m) => warnings.push(m),
    });
    expect(out).toEqual({
      delayShouldPayAmount: 1250000,
      orderDetail: { detail: [{ amount: 700000 }, { amount: null }] },
    });
    expect(warnings).toEqual(['delayDetail: data.orderDetail.detail.1.amount "soon" is not an amount in minor units']);
  });
});
