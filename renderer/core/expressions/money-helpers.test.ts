import { describe, expect, it } from 'vitest';
import { evaluate } from './evaluate';
import { createHelpers } from './helpers';
import ID from '../../../screens/markets/ID.json';
import IN from '../../../screens/markets/IN.json';
import idTexts from '../../../screens/texts/id-ID.json';
import enTexts from '../../../screens/texts/en-IN.json';
import { bundleTexts, copyText } from '../copy/copy-text';
import { textMessages } from '../../../config-server/published/text-messages';

/** The helpers as a screen of each market gets them: its number format, currency and term units, its copy. */
const MARKETS = [
  {
    market: ID,
    set: idTexts,
    day: 'hari',
    oneDay: '1 hari',
    two: 'Rp2.000.000',
    fr: 'Rp1.250.000,50',
    sum: 'Rp1.100.000',
  },
  { market: IN, set: enTexts, day: 'days', oneDay: '1 day', two: '₹20,00,000', fr: '₹12,50,000.50', sum: '₹11,00,000' },
];

describe.each(MARKETS)('money helpers in market $market.id', ({ market, set, day, oneDay, two, fr, sum }) => {
  // The copy as a bundle ships it (ICU plurals pre-parsed) and the runtime reads it.
  const texts = bundleTexts({ textSet: set, messages: textMessages(set.texts) });
  const helpers = createHelpers({ market: () => market, t: (k, a) => copyText(texts, k, a, market) ?? k });
  const run = (expr: string, state: Record<string, unknown>) => evaluate(expr, { state, market }, helpers);

  it("amount() shows the same figure, in the market's locale, for a number and every string a backend sends", () => {
    for (const v of [2000000, '2000000', '2.000.000', '2,000,000', '20,00,000'])
      expect(run('amount(state.v)', { v }).value).toBe(two);
    for (const v of ['1.250.000,50', '1,250,000.50']) expect(run('amount(state.v)', { v }).value).toBe(fr);
  });

  it('amountDigits() sends digits only and sumAmounts() adds dotted strings', () => {
    expect(run('amountDigits(state.v)', { v: '1.250.000' }).value).toBe('1250000');
    const periods = [{ totalAmount: '350.000' }, { totalAmount: '350.000' }, { totalAmount: '400.000' }];
    expect(run("amount(sumAmounts(state.p, 'totalAmount'))", { p: periods }).value).toBe(sum);
    expect(run("amountDigits(sumAmounts(state.p, 'totalAmount'))", { p: periods }).value).toBe('1100000');
    expect(run("sumAmounts(state.p, 'totalAmount')", { p: [] }).value).toBe(0);
  });

  it('an unreadable amount gives the placeholder and a warning naming the field, never a wrong number', () => {
    const r = run("amount(state.c.amount, '-')", { c: { amount: '7OO.000' } });
    expect(r.value).toBe('-');
    expect(r.warnings).toEqual(['amount(state.c.amount, "-"): "7OO.000" is not an amount']);
    const sum = run("amount(sumAmounts(state.p, 'totalAmount'))", {
      p: [{ totalAmount: '350.000' }, { totalAmount: 'n/a' }],
    });
    expect(sum.value).toBe('');
    expect(sum.warnings[0]).toContain('sumAmounts(state.p, "totalAmount")');
    expect(run('amountValue(state.v)', { v: 'x' }).value).toBeNull();
    expect(run('amount(state.v)', { v: null })).toEqual({ value: '', warnings: [] });
  });

  it(`termUnit() says "91 ${day}" for day and 1, and the default unit for a code it does not know`, () => {
    for (const u of ['day', 1, '1', 'weird', null])
      expect(run('termUnit(state.u, state.n)', { n: 91, u: u }).value).toBe(`91 ${day}`);
    expect(run('termUnit(state.u, state.n)', { n: 1, u: 'day' }).value).toBe(oneDay);
  });
});
