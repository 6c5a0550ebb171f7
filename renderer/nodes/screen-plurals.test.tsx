/**
 * The screens' counted copy, drawn from the published text sets (ICU plurals parsed as publish parses them)
 * through the screens' own nodes: the loan term ("1 day" / "2 days", "1 hari" / "2 hari"), the complaint's images
 * ("3 of 9 images") and characters limit (200, the number the field enforces), the paid and ticked instalments.
 */
import { describe, expect, it } from 'vitest';
import type { Node } from '../../schemas/generated/types';
import { renderNodes } from '../runtime/testing/render-nodes';
import { bundleTexts } from '../core/copy/copy-text';
import { textMessages } from '../../config-server/published/text-messages';
import loanConfirm from '../../screens/pages/loans/loan-confirm.json';
import complaint from '../../screens/pages/complaints/complain-page-next.json';
import instalments from '../../screens/pages/repayment/instalment-repay.json';
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

const termNode = nodeOf(loanConfirm, (n) => n.type === 'text' && String(n.value).includes('termUnit('));
const textarea = nodeOf(complaint, (n) => n.type === 'textarea');
const images = nodeOf(complaint, (n) => n.type === 'image-upload');
const paid = nodeOf(instalments, (n) => n.type === 'collapse' && n.title === 'repay.paidPeriods');
const ticked = nodeOf(instalments, (n) => n.id === 'instalment-total-label');

const LOCALES = [
  {
    locale: 'en-IN',
    market: IN,
    set: enTexts,
    days: ['1 day', '2 days', '91 days'],
    images: '3 of 9 images',
    chars: '(max. 200 characters)',
    paid: ['1 paid instalment', '2 paid instalments'],
    ticked: ['Total', 'Total for 1 instalment', 'Total for 2 instalments'],
  },
  {
    locale: 'id-ID',
    market: ID,
    set: idTexts,
    days: ['1 hari', '2 hari', '91 hari'],
    images: '3 dari 9 gambar',
    chars: '(maks. 200 karakter)',
    paid: ['1 periode lunas', '2 periode lunas'],
    ticked: ['Total', 'Total 1 periode', 'Total 2 periode'],
  },
];

describe.each(LOCALES)('counted copy in $locale', (l) => {
  // The bundle as the server ships it: the text set plus its pre-parsed messages.
  const texts = bundleTexts({ textSet: l.set, messages: textMessages(l.set.texts) });
  const market = l.market as unknown as Record<string, unknown>;
  const draw = (nodes: Node[], state: Record<string, unknown>) => renderNodes(nodes, { texts, market, state });

  it('the loan term, for a unit code the backend sends either way', () => {
    [1, 2, '91'].forEach((periods, i) => {
      for (const termUnit of ['day', 1]) {
        const r = draw([termNode], { c: { periods, termUnit } });
        expect(r.container.textContent).toBe(l.days[i]);
        expect(r.logs).toEqual([]);
        r.unmount();
      }
    });
  });

  it("the complaint's images counter and the characters limit the field enforces", () => {
    const r = draw([textarea, images], {
      form: { images: ['a', 'b', 'c'].map((x) => `https://img.example/${x}.png`) },
    });
    expect(r.container.querySelector('.sdui-image-upload__count')?.textContent).toBe(l.images);
    expect(r.container.querySelector('textarea')?.placeholder).toContain(l.chars);
    expect(r.container.querySelector('textarea')?.maxLength).toBe(200);
    expect(r.logs).toEqual([]);
  });

  it('the paid instalments title', () => {
    [1, 2].forEach((n, i) => {
      const r = draw([paid], {
        plan: { repayPlanDetail: { repayYetDetail: Array.from({ length: n }, (_, k) => ({ periodNo: k + 1 })) } },
      });
      expect(r.container.querySelector('.sdui-collapse__header')?.textContent).toContain(l.paid[i]);
      r.unmount();
    });
  });

  it('the pending instalments ticked for payment, in the total', () => {
    [0, 1, 2].forEach((n, i) => {
      const r = draw([ticked], { n });
      expect(r.container.textContent).toBe(l.ticked[i]);
      r.unmount();
    });
  });
});
