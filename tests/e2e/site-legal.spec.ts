/**
 * The loan terms carry every legal rule of spec §5 and every figure of §9. The en-IN loan terms are read as the
 * India market shows them (figures bound to market.legal, never typed into the copy); the 21 sections come in
 * the spec's order; the same holds for the Indonesian rendering with the ID market's figures.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { thousands } from '../../renderer/core/expressions/format';
import { startHarness, type Harness } from './harness';

const textsOf = (locale: string): Record<string, string> =>
  JSON.parse(fs.readFileSync(`screens/texts/${locale}.json`, 'utf8')).texts;
const IN = JSON.parse(fs.readFileSync('screens/markets/IN.json', 'utf8'));
const EN = textsOf('en-IN');

const SECTIONS = [
  'definitions',
  'purpose',
  'amount',
  'term',
  'prolongation',
  'interest',
  'penalties',
  'conditions',
  'repayment',
  'representations',
  'default',
  'indemnity',
  'disclosure',
  'setOff',
  'review',
  'notices',
  'entireAgreement',
  'assignment',
  'waiver',
  'governingLaw',
  'term2',
];

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ log: () => {} });
});
afterAll(async () => h?.close());

/** The loan terms as a reader sees them, whitespace collapsed. */
async function loanTerms(market: string) {
  const { page } = await h.openPage(`/Loan?market=${market}`, { viewport: { width: 1280, height: 800 } });
  const doc = page.locator('main article#loan-terms');
  await doc.waitFor();
  const text = (await doc.innerText()).replace(/\s+/g, ' ');
  const headings = await doc.locator('section h3').allInnerTexts();
  const order = await doc.locator('section').nth(8).locator('ol li').allInnerTexts();
  await page.context().close();
  return { text, headings, order };
}

describe('loan terms (en-IN, market IN)', () => {
  it('finds every §9 figure and every §5 legal rule in the terms as shown', async () => {
    const { text, headings, order } = await loanTerms('IN');
    const L = IN.legal;
    const rs = (n: number) => `${IN.currency.symbol}${thousands(n, IN.number)}`;
    const expected = [
      `at least ${L.loanTermDays.min} and at most ${L.loanTermDays.max} calendar days`, // term 91 to 365 days
      `within ${L.decisionDays} ${L.decisionDays === 1 ? 'day' : 'days'}.`, // decision within 1 day, in the singular
      `within ${L.creditingDays.min} to ${L.creditingDays.max} days`, // crediting in 1 to 3 days
      `one-time default penalty is charged: ${rs(L.defaultPenalty.newClient)} for a new client, ${rs(L.defaultPenalty.repeatClient)} for a repeat client`,
      `${L.dailyInterest[0].percent}% per day from day ${L.dailyInterest[0].fromDay} to day ${L.dailyInterest[0].toDay}`,
      `${L.dailyInterest[1].percent}% per day from day ${L.dailyInterest[1].fromDay} to day ${L.dailyInterest[1].toDay}`,
      `${L.dailyInterest[2].percent}% per day from day ${L.dailyInterest[2].fromDay} after the due date until full payment`,
      `only after ${L.prepayment.minTermFraction * 100}% of the loan term has passed and at least ${L.prepayment.minDaysAfterDisbursal} days after the loan was disbursed`,
      'you are an Indian national',
      `you are over ${L.minApplicantAge} years of age`,
      'you have a permanent address',
      'only when all interest and penalties due up to that day have been paid',
      'at its sole discretion, and may approve or reject any application',
      `personal details (name, address, phone, employer, bank account) within ${L.personalDetailChangeDays} days`,
      `not settled within ${L.judgmentSettleDays} days`,
      `after giving you ${L.assignmentNoticeBusinessDays} business days' notice`,
      `An e-mail notice is deemed received ${L.emailDeemedReceivedHours} ${L.emailDeemedReceivedHours === 1 ? 'hour' : 'hours'} after it is sent`,
    ];
    for (const phrase of expected) expect(text, phrase).toContain(phrase);
    // Rs.1,000 / Rs.800 as the market writes money, and the default-interest bands 5 / 4 / 2 % from days 1, 31, 91.
    expect([L.defaultPenalty.newClient, L.defaultPenalty.repeatClient]).toEqual([1000, 800]);
    expect(L.dailyInterest.map((b: { percent: number; fromDay: number }) => [b.percent, b.fromDay])).toEqual([
      [5, 1],
      [4, 31],
      [2, 91],
    ]);

    // Payment order after maturity: legal charges, enforcement costs, penalties, then fees, interest, principal.
    expect(order).toEqual(['legal charges', 'enforcement costs', 'penalties', 'fees', 'interest', 'principal']);
    expect(L.paymentOrder).toEqual(['legalCharges', 'enforcementCosts', 'penalties', 'fees', 'interest', 'principal']);

    // The 21 sections of spec §2, in order.
    expect(headings).toEqual(SECTIONS.map((s, i) => `${i + 1}. ${EN[`legal.terms.${s}.h`]}`));
  });

  it('figures live in the market document only: the loan-terms copy of both text sets has no digits, and every payment-order entry has copy', () => {
    for (const locale of ['en-IN', 'id-ID']) {
      const texts = textsOf(locale);
      const terms = Object.entries(texts).filter(([k]) => k.startsWith('legal.terms.'));
      expect(terms.length).toBeGreaterThan(40);
      for (const [key, copy] of terms) expect(copy, `${locale} ${key}`).not.toMatch(/[0-9]/);
      for (const entry of IN.legal.paymentOrder)
        expect(texts[`legal.terms.repayment.${entry}`], `${locale} ${entry}`).toBeTruthy();
    }
  });

  it('the Indonesian rendering (market ID) shows the same rules with the ID market figures', async () => {
    const ID = JSON.parse(fs.readFileSync('screens/markets/ID.json', 'utf8'));
    const idTexts = textsOf('id-ID');
    const { text, headings } = await loanTerms('ID');
    expect(headings).toHaveLength(21);
    expect(text).toContain(
      `paling singkat ${ID.legal.loanTermDays.min} dan paling lama ${ID.legal.loanTermDays.max} hari kalender`,
    );
    expect(text).toContain(
      `${ID.currency.symbol}${thousands(ID.legal.defaultPenalty.newClient, ID.number)} untuk nasabah baru`,
    );
    expect(text).toContain(idTexts['legal.terms.conditions.nationality'].replace(/;$/, ''));
  });
});
