/**
 * Paying by bank card (screens/pages/repayment/payway.json): the card a repayment is committed with is the card the
 * borrower ticked, whatever order the card list comes back in. The list is asked for again for each new repay token
 * (a resent SMS code, a cancelled SMS step), and a backend may list the card just used first.
 */
import { fireEvent, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Action, Node } from '../../schemas/generated/types';
import { renderNodes } from '../runtime/testing/render-nodes';
import { bundleTexts } from '../core/copy/copy-text';
import { textMessages } from '../../config-server/published/text-messages';
import payway from '../../screens/pages/repayment/payway.json';
import ID from '../../screens/markets/ID.json';
import idTexts from '../../screens/texts/id-ID.json';

const texts = bundleTexts({ textSet: idTexts, messages: textMessages(idTexts.texts) });
// No countdown, so the SMS code can be resent at once.
const market = { ...ID, limits: { ...ID.limits, smsCountdownSeconds: 0 } } as unknown as Record<string, unknown>;

const bca = { id: 1, bankName: 'BCA', cardNo: '6222020012345678', bankCode: 'BCA' };
const mandiri = { id: 2, bankName: 'Mandiri', cardNo: '6222020087654321', bankCode: 'MDR' };

/** The payway screen whose card list comes back with the last card used first from the second time on. */
async function openPayway() {
  let ways = 0;
  let records = 0;
  const r = renderNodes(payway.body as unknown as Node[], {
    texts,
    market,
    query: { orderId: '1003', amount: '350000' },
    state: payway.state,
    api: {
      repaymentWay: () => ({
        code: 0,
        data: { alipay: 0, repayToken: `token-${++ways}`, bankCards: ways === 1 ? [bca, mandiri] : [mandiri, bca] },
      }),
      repaymentCommit: () => ({ code: 0, data: { needValid: 1, repayRecordId: ++records } }),
    },
  });
  await r.runtime.run(payway.onLoad as unknown as Action[]);
  const commits = () => r.apiCalls.filter((c) => c.endpoint === 'repaymentCommit').map((c) => c.params);
  return { ...r, commits };
}

const settle = (button: HTMLElement) =>
  waitFor(() => expect(button.getAttribute('aria-busy')).toBeNull()).then(
    () => new Promise((res) => setTimeout(res, 0)),
  );

/** The payway open, Mandiri ticked and Pay tapped: up to the SMS step. */
async function payWithMandiri() {
  const r = await openPayway();
  fireEvent.click(await r.findByRole('button', { name: /Mandiri/ }));
  const pay = r.getByRole('button', { name: 'Bayar' });
  fireEvent.click(pay);
  await settle(pay);
  return { r, pay, sms: await r.findByRole('dialog', { name: 'Verifikasi SMS' }) };
}

describe('payway: the card committed is the card ticked', () => {
  it('a resent SMS code commits the same card, though the list came back in another order', async () => {
    const { r, sms } = await payWithMandiri();
    expect(r.commits()).toEqual([expect.objectContaining({ cardId: 2, bankName: 'Mandiri', repayToken: 'token-1' })]);

    fireEvent.click(within(sms).getByRole('button', { name: 'Kirim ulang' }));
    await waitFor(() => expect(r.commits()).toHaveLength(2));
    expect(r.commits()[1]).toEqual(
      expect.objectContaining({ cardId: 2, bankName: 'Mandiri', cardNo: mandiri.cardNo, repayToken: 'token-2' }),
    );
  });

  it('after a cancelled SMS step the ticked card stays ticked, and paying again commits it', async () => {
    const { r, pay, sms } = await payWithMandiri();
    const cancel = within(sms).getByRole('button', { name: 'Batal' });
    fireEvent.click(cancel);
    await waitFor(() => expect(r.apiCalls.filter((c) => c.endpoint === 'repaymentWay')).toHaveLength(2));
    await waitFor(() => expect(r.getAllByRole('button', { name: /BCA|Mandiri/ })[0].textContent).toContain('Mandiri'));
    expect(r.getByRole('button', { name: /Mandiri/ }).textContent).toContain('Dipilih');
    expect(r.getByRole('button', { name: /BCA/ }).textContent).not.toContain('Dipilih');

    fireEvent.click(pay);
    await settle(pay);
    expect(r.commits()[1]).toEqual(expect.objectContaining({ cardId: 2, bankName: 'Mandiri', repayToken: 'token-2' }));
  });
});
