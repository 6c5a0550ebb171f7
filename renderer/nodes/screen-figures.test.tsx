/**
 * Figures of the market document as the screens' own copy shows them, drawn from the published text sets (ICU parsed as
 * publish parses it) through the screens' own nodes: the loan terms' day and hour counts and percentages, the
 * approval promise on the site and the complaint review promise. Ops edit these figures in the console, so they are
 * tried at values the market schema allows (a count of 1, a percentage with a fraction), not only the shipped ones.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Node } from '../../schemas/generated/types';
import { renderNodes } from '../runtime/testing/render-nodes';
import { bundleTexts } from '../core/copy/copy-text';
import { textMessages } from '../../config-server/published/text-messages';
import loanTerms from '../../screens/pages/site/site-loan-terms.json';
import home from '../../screens/pages/site/site-home.json';
import about from '../../screens/pages/site/site-about.json';
import complaint from '../../screens/pages/complaints/complain-page-next.json';
import ID from '../../screens/markets/ID.json';
import IN from '../../screens/markets/IN.json';
import idTexts from '../../screens/texts/id-ID.json';
import enTexts from '../../screens/texts/en-IN.json';

/** The screen's own node that `match` picks, not a copy of it. */
function nodeOf(doc: unknown, match: (n: Record<string, unknown>) => boolean): Node {
  let found: Node | undefined;
  const walk = (v: unknown) => {
    if (found || !v || typeof v !== 'object') return;
    if (match(v as Record<string, unknown>)) found = v as Node;
    else Object.values(v).forEach(walk);
  };
  walk(doc);
  if (!found) throw new Error('no such node');
  return found;
}

const terms = nodeOf(loanTerms, (n) => n.type === 'rich-document');
const keyed = (doc: unknown, key: string) => nodeOf(doc, (n) => n.key === key);
const promises = [
  keyed(home, 'site.home.lead'),
  keyed(home, 'site.home.fastBody'),
  keyed(about, 'site.about.p2'),
  keyed(complaint, 'complaint.reviewPromise'),
];

/** A market as ops may set it: every count at 1, fractional percentages. */
function edited(market: typeof IN | typeof ID) {
  const m = structuredClone(market);
  Object.assign(m.legal, {
    decisionDays: 1,
    personalDetailChangeDays: 1,
    judgmentSettleDays: 1,
    assignmentNoticeBusinessDays: 1,
    emailDeemedReceivedHours: 1,
    prepayment: { minTermFraction: 0.29, minDaysAfterDisbursal: 1 },
  });
  m.legal.dailyInterest[0].percent = 0.3;
  m.approvalHours = 1;
  m.limits.reviewWeekdays = 1;
  return m;
}

async function shown(nodes: Node[], set: typeof enTexts, market: object): Promise<string> {
  const texts = bundleTexts({ textSet: set, messages: textMessages(set.texts) });
  const r = renderNodes(nodes, { texts, market: market as Record<string, unknown>, state: {} });
  // The loan terms widget loads lazily.
  await screen.findAllByRole('heading');
  const text = r.container.textContent ?? '';
  expect(r.logs).toEqual([]);
  r.unmount();
  return text;
}

describe('market figures in the copy', () => {
  it('en-IN counts a single day or hour in the singular, as shipped and as ops may set them', async () => {
    const shipped = await shown([terms], enTexts, IN);
    // The shipped market decides within 1 day and deems an e-mail received after 1 hour.
    expect(shipped).toContain('decides on a complete application within 1 day.');
    expect(shipped).toContain('deemed received 1 hour after it is sent');
    expect(shipped).not.toMatch(/\(s\)/);

    const text = await shown([terms, ...promises], enTexts, edited(IN));
    for (const phrase of [
      'at least 1 day after the loan was disbursed',
      '(name, address, phone, employer, bank account) within 1 day.',
      'not settled within 1 day.',
      "after giving you 1 business day's notice",
      'get a decision within 1 hour.',
      'know the answer within 1 hour.',
      'decide within 1 hour.',
      'We will review your complaint within 1 working day.',
    ])
      expect(text).toContain(phrase);
    expect(text).not.toMatch(/\b1 (days|hours|working days|business days)\b/);
    // Counts above one keep the plural.
    expect(await shown([terms], enTexts, IN)).toContain('not settled within 10 days.');
  });

  it('a percentage reads in the market number format, never as floating-point noise', async () => {
    const en = await shown([terms], enTexts, edited(IN));
    expect(en).toContain('only after 29% of the loan term');
    expect(en).toContain('0.3% per day from day 1 to day 30');
    const id = await shown([terms], idTexts, edited(ID));
    expect(id).toContain('hanya setelah 29% dari jangka waktu');
    // Indonesian writes a decimal comma.
    expect(id).toContain('0,3% per hari dari hari ke-1 sampai hari ke-30');
    expect(id).not.toMatch(/28[.,]9{3}/);
  });

  it('id-ID reads the same figures at 1 without any plural', async () => {
    const id = await shown([terms, ...promises], idTexts, edited(ID));
    expect(id).toContain('dalam 1 hari.');
    expect(id).toContain('Kami akan meninjau keluhan Anda dalam 1 hari kerja.');
    expect(id).toContain('dianggap diterima 1 jam setelah dikirim');
  });
});
