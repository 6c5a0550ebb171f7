/**
 * Taps that commit the borrower on the loan screens, then leave the app for a backend's page.
 * Loan confirmation: `location.replace` leaves the page up, tappable, until the next page answers (seconds on a slow
 * link); a tap in that time must not push the loan a second time (each push is one more loan). A failed push leaves
 * Confirm as it was: the borrower may try again.
 * Product applications: the tap's tracking call (pageEvent/save) is tracking only; its failure must not swallow the
 * application the borrower tapped for.
 */
import { fireEvent, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Node } from '../../schemas/generated/types';
import { renderNodes, type FakeApi } from '../runtime/testing/render-nodes';
import { bundleTexts } from '../core/copy/copy-text';
import { textMessages } from '../../config-server/published/text-messages';
import loanConfirm from '../../screens/pages/loans/loan-confirm.json';
import recommendProducts from '../../screens/pages/loans/recommend-products.json';
import specialApply from '../../screens/pages/loans/special-apply.json';
import ID from '../../screens/markets/ID.json';
import idTexts from '../../screens/texts/id-ID.json';

const texts = bundleTexts({ textSet: idTexts, messages: textMessages(idTexts.texts) });
const market = ID as unknown as Record<string, unknown>;
const tick = () => new Promise((r) => setTimeout(r, 0));

type Screen = { body: unknown; state?: Record<string, unknown> };
const draw = (doc: Screen, state: Record<string, unknown>, query: Record<string, string>, api: FakeApi) =>
  renderNodes(doc.body as Node[], { texts, market, query, api, state: { ...doc.state, ...state } });

/** Taps, then waits until the tap's run is over (the button no longer busy): the page is now leaving. */
async function tapAndSettle(button: HTMLButtonElement) {
  fireEvent.click(button);
  await waitFor(() => expect(button.getAttribute('aria-busy')).toBeNull());
  await tick();
}

const offer = { productName: 'Pinjam Cepat', amount: '3.000.000', periods: 91, termUnit: 'day' };
const lendDetailsUrl = 'https://app.example/borrowDetail?orderId=2001';

describe('loan confirmation', () => {
  it('a tap on Confirm while the loan page loads sends no second loan', async () => {
    const r = draw(
      loanConfirm,
      { c: offer },
      { productId: '102' },
      {
        loanDetailPush: { code: 0, data: { lendDetailsUrl } },
      },
    );
    const confirm = r.container.querySelector<HTMLButtonElement>('#loan-confirm')!;
    await tapAndSettle(confirm);
    expect(r.navigations).toEqual([expect.objectContaining({ replace: true })]);
    expect(r.navigations[0].url).toContain(lendDetailsUrl.split('?')[0]);

    await tapAndSettle(confirm);
    expect(r.apiCalls.filter((c) => c.endpoint === 'loanDetailPush')).toHaveLength(1);
    expect(confirm.disabled).toBe(true);
  });

  it('a failed push leaves Confirm to tap again, and the next tap sends', async () => {
    let answer: 'network' | { code: number; data: unknown } = 'network';
    const r = draw(loanConfirm, { c: offer }, { productId: '102' }, { loanDetailPush: () => answer });
    const confirm = r.container.querySelector<HTMLButtonElement>('#loan-confirm')!;
    await tapAndSettle(confirm);
    expect(confirm.disabled).toBe(false);
    answer = { code: 0, data: { lendDetailsUrl } };
    await tapAndSettle(confirm);
    expect(r.apiCalls.filter((c) => c.endpoint === 'loanDetailPush')).toHaveLength(2);
    expect(r.navigations).toHaveLength(1);
  });
});

describe.each([
  ['recommended products', recommendProducts],
  ['special apply', specialApply],
])('%s', (_name, doc) => {
  const products = {
    list: [
      { id: 103, productName: 'Kredit Pintar', buttonStatus: 1, buttonText: 'Ajukan A' },
      { id: 105, productName: 'Tunai Plus', buttonStatus: 1, buttonText: 'Ajukan B' },
    ],
  };

  it('a failed tracking call still applies: the borrower’s tap is not lost to it', async () => {
    const r = draw(
      doc,
      { p: products, moduleId: 300 },
      { scene: 'home' },
      {
        pageEventSave: 'network',
        productApply: { code: 0, data: { url: 'https://partner.example/apply/105' } },
      },
    );
    await tapAndSettle(r.getByRole('button', { name: 'Ajukan B' }) as HTMLButtonElement);
    expect(r.apiCalls.map((c) => [c.endpoint, c.params.productId ?? c.params.product_id])).toEqual([
      ['pageEventSave', 105],
      ['productApply', 105],
    ]);
    expect(r.navigations).toEqual([expect.objectContaining({ url: expect.stringContaining('/apply/105') })]);
  });
});
