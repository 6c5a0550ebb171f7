/**
 * Links that leave the app for another site: a partner's product page, an agreement, a payment page. The borrower's
 * common params (token, device id, ...) stay behind: a partner keeps them in its logs and analytics, and the token is
 * the borrower's session. Only loan confirmation's jump to the lender's own details page carries them, as the spec's
 * calls table asks ("that URL plus common params and from=confirm").
 */
import { fireEvent, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Node } from '../../schemas/generated/types';
import { renderNodes, type FakeApi } from '../runtime/testing/render-nodes';
import { bundleTexts } from '../core/copy/copy-text';
import { textMessages } from '../../config-server/published/text-messages';
import jointLoginFailure from '../../screens/pages/loans/joint-login-failure.json';
import loanConfirm from '../../screens/pages/loans/loan-confirm.json';
import recommendProducts from '../../screens/pages/loans/recommend-products.json';
import alipayRepayment from '../../screens/pages/repayment/alipay-repayment.json';
import ID from '../../screens/markets/ID.json';
import idTexts from '../../screens/texts/id-ID.json';

const texts = bundleTexts({ textSet: idTexts, messages: textMessages(idTexts.texts) });
const market = ID as unknown as Record<string, unknown>;
const shell = { deviceId: 'dev-1', market: 'ID', token: 'secret-session', platform: 'ios' };

type Screen = { body: unknown; state?: Record<string, unknown> };
const draw = (doc: Screen, state: Record<string, unknown>, query: Record<string, string>, api: FakeApi) =>
  renderNodes(doc.body as Node[], {
    texts,
    market,
    query: { ...shell, ...query },
    api,
    state: { ...doc.state, ...state },
  });

/** The one address the page left for, once the tap's steps are done. */
async function leftFor(r: ReturnType<typeof draw>) {
  await waitFor(() => expect(r.navigations).toHaveLength(1));
  return new URL(r.navigations[0].url!);
}

describe('leaving the app for another site', () => {
  it("joint-login failure: the partner's jump link opens as the partner gave it, without the token", async () => {
    const link = 'https://partner.example/landing/105?src=joint';
    const r = draw(
      jointLoginFailure,
      { j: { list: [{ id: 105, productName: 'Tunai Plus', amountRange: '1-5 jt', state: 1 }] } },
      {},
      { jointClick: { code: 0, data: null }, jointJumpLink: { code: 0, data: { url: link } } },
    );
    fireEvent.click(r.getByRole('button', { name: /Tunai Plus/ }));
    expect((await leftFor(r)).href).toBe(link);
  });

  it('an applied product and a payment page open without the token', async () => {
    const products = { list: [{ id: 105, productName: 'Tunai Plus', buttonStatus: 1, buttonText: 'Ajukan' }] };
    const apply = draw(
      recommendProducts,
      { p: products, moduleId: 300 },
      { scene: 'home' },
      { pageEventSave: { code: 0, data: null }, productApply: { code: 0, data: { url: 'https://partner.example/a' } } },
    );
    fireEvent.click(apply.getByRole('button', { name: 'Ajukan' }));
    expect((await leftFor(apply)).href).toBe('https://partner.example/a');

    const pay = draw(
      alipayRepayment,
      {},
      { orderId: '9', amount: '1.000' },
      { repaymentHuichao: { code: 0, data: { url: 'https://pay.example/c?o=9' } } },
    );
    await pay.runtime.run(alipayRepayment.onLoad as never);
    expect((await leftFor(pay)).href).toBe('https://pay.example/c?o=9');
  });

  it("loan confirmation: an agreement opens without the token; Confirm takes the lender's page the session", async () => {
    const offer = { productName: 'Pinjam Cepat', amount: '3.000.000', periods: 91, termUnit: 'day' };
    const contracts = [{ title: 'Kebijakan Privasi', position: 2 }];
    const api: FakeApi = {
      contractJump: { code: 0, data: { contract_url: 'https://docs.example/contract?position=2' } },
      loanDetailPush: { code: 0, data: { lendDetailsUrl: 'https://app.example/borrowDetail?orderId=2001' } },
    };
    const agreement = draw(loanConfirm, { c: offer, contracts, agree: true }, { productId: '102' }, api);
    fireEvent.click(agreement.getByRole('button', { name: 'Kebijakan Privasi' }));
    expect((await leftFor(agreement)).href).toBe('https://docs.example/contract?position=2');

    agreement.unmount();
    const confirm = draw(loanConfirm, { c: offer, contracts, agree: true }, { productId: '102' }, api);
    fireEvent.click(confirm.getByRole('button', { name: 'Konfirmasi pinjaman' }));
    const lender = await leftFor(confirm);
    expect(lender.origin + lender.pathname).toBe('https://app.example/borrowDetail');
    expect(Object.fromEntries(lender.searchParams)).toEqual({ orderId: '2001', ...shell, from: 'confirm' });
  });
});
