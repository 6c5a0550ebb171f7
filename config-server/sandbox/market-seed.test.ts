import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import IN from '../../screens/markets/IN.json';
import { styleAnswer } from './answer-style.js';
import { seedOf } from './market-seed.js';
import { startSandbox, type SandboxClient } from '../testing/sandbox-server.js';

// The sandbox answers each market as its own backend would: India in English and rupees at Indian scale, with the
// published IN market document's phone; Indonesia as before.
const INDONESIAN =
  /\b(Dalam pembayaran|Bayar|Sisa tagihan|Jumlah pinjaman|Pokok|bunga|Belum dibayar|Biaya|hari|Sedang ditinjau|Lunas|Terlambat|Perjanjian|Produk|kasir)\b/;
const RUPEES = /₹[\d,]+/g;
/** en-IN grouping: the last three digits, then pairs (₹80,000, ₹3,50,000). */
const INDIAN = /^₹(\d{1,2}(,\d{2})*,)?\d{1,3}$/;

describe('the sandbox per market', () => {
  let sb: SandboxClient;
  const phones: string[] = [];
  beforeAll(async () => {
    const servicePhoneOf = (m: string) => {
      phones.push(m);
      return m === 'IN' ? IN.servicePhone : undefined;
    };
    sb = await startSandbox({ now: () => Date.UTC(2025, 5, 1), servicePhoneOf });
  });
  afterAll(() => sb.close());
  const inGet = (path: string, fields: Record<string, string | number> = {}) =>
    sb.get(path, { market: 'IN', ...fields }, 'india');

  it('India: loan details, instalments and extension in English, rupees in Indian grouping, India’s phone', async () => {
    const answers = [
      await inGet('/v3/loan-details/loan-details', { productId: 101, orderId: 1003 }),
      await inGet('/v3/installment/loan-play-detail', { productId: 101, orderId: 1003 }),
      await inGet('/v3/loan-details/delay-detail', { productId: 101, orderId: 1003 }),
      await inGet('/v3/loan-confirm/loan-detail-confirm', { productId: 101 }),
      await (await sb.raw('/h5-api/v3/user-problem/problem-init?market=IN&token=india', { method: 'POST' })).json(),
      await inGet('/v3/loan-details/init-pay-type', { productId: 101, orderId: 1003, pay_type: 1 }),
    ];
    for (const a of answers) expect(a.code, JSON.stringify(a)).toBe(0);
    const text = JSON.stringify(answers.map((a) => a.data));
    expect(text).not.toMatch(INDONESIAN);
    expect(text).not.toMatch(/Rp|\+62|BCA/);
    const rupees = text.match(RUPEES) ?? [];
    expect(rupees.length).toBeGreaterThan(4);
    for (const r of rupees) expect(r).toMatch(INDIAN);

    const [details, plan, delay, confirm] = answers.map((a) => a.data);
    expect(details).toMatchObject({ noticeStatusText: 'Repaying', reyMsg: 'Outstanding ₹10,500' });
    expect(details.telephone).toBe('+91 80 4000 1234');
    expect(phones).toContain('IN');
    expect(plan.repayPlanDetail.repayWaitDetail[0]).toMatchObject({ totalAmount: 3500, repayDes: 'Unpaid' });
    expect(delay.orderDetail.detail[0]).toEqual({ title: 'Extension fee', value: '₹1,500' });
    expect(delay.delayShouldPayAmount).toBe(1500);
    // Within India's loan range, as every offer and order of the India seed is.
    expect(confirm.amount).toBeGreaterThanOrEqual(IN.loanRange.min);
    expect(confirm.amount).toBeLessThanOrEqual(IN.loanRange.max);
    expect(confirm.details[0]).toEqual({ text: 'Loan amount', value: '₹15,000' });
    expect(confirm.repay_plans[0].description).toBe('Principal + interest');
    // India's agreement is the sandbox's own English page.
    expect(confirm.popAgreementUrl).toMatch(/\/sandbox\/pages\/contract\?productId=101&position=1&market=IN$/);
    const page = await sb.raw(
      new URL(confirm.popAgreementUrl).pathname.replace('/sandbox', '') + '?productId=101&position=1&market=IN',
    );
    const html = await page.text();
    expect(html).toContain('<html lang="en-IN">');
    expect(html).toContain('<h1>Loan Agreement</h1>');
    expect(html).not.toMatch(INDONESIAN);
  });

  it('India and Indonesia keep separate borrowers for one token; Indonesia answers as before', async () => {
    const id = await sb.get('/v3/loan-details/loan-details', { productId: 101, orderId: 1003 }, 'india');
    expect(id.data).toMatchObject({
      noticeStatusText: 'Dalam pembayaran',
      reyMsg: 'Sisa tagihan Rp1.050.000',
      telephone: '+62 21 5000 1234',
    });
    const delay = await sb.get('/v3/loan-details/delay-detail', { productId: 101, orderId: 1003 }, 'india');
    expect(delay.data.orderDetail.detail[0]).toEqual({ title: 'Biaya perpanjangan', value: 'Rp150.000' });
  });

  it("the 'strings' style groups amounts as each market's backend would", () => {
    const data = { delayShouldPayAmount: 12500, list: [{ totalAmount: 350000 }] };
    expect(styleAnswer('strings', '/x', data, seedOf('IN'))).toEqual({
      delayShouldPayAmount: '12,500',
      list: [{ totalAmount: '3,50,000' }],
    });
    expect(styleAnswer('strings', '/x', data, seedOf('ID'))).toEqual({
      delayShouldPayAmount: '12.500',
      list: [{ totalAmount: '350.000' }],
    });
  });
});
