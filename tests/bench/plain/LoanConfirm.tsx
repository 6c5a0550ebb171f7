import { useState } from 'react';
import { pageQuery, postForm } from './api';
import { rupiah, t, toNative } from './page-texts';
import { useVisibleMark } from '../baseline/use-visible-mark';

export interface Offer {
  productLogo: string;
  productName: string;
  amount: number;
  periods: number;
  termUnit: string;
  pRateDsc?: string;
  details?: { text: string; value: string }[];
  repay_plans?: { title: string; amount: number; description?: string; pay_time?: string }[];
  note?: string;
  popAgreementUrl?: string;
  popTitle?: string;
  popContent?: string;
}
export interface Contract {
  position: number;
  title: string;
}

/** The market's `languageType` (ID: 0): the agreement modal is for markets of type 1 only. */
const LANGUAGE_TYPE: number = 0;
const term = (unit: string, n: number) =>
  t(/^(month|months|2)$/.test(unit) ? 'loan.unitMonth' : 'loan.unitDay', { count: n });
const http = (url: string) => /^https?:\/\//.test(url);

/**
 * Loan confirmation written by hand (same content and calls as screens/pages/loans/loan-confirm.json): the offer card,
 * the repayment plan, the note, the consent box (ticked at first) with the agreements' titles, and Confirm, disabled
 * while the box is unticked. Its two reads come as props: ../plain-confirm/main.tsx starts both at module top level.
 */
export function LoanConfirm({ c, contracts }: { c: Offer | null; contracts: Contract[] }) {
  const [agree, setAgree] = useState(true);
  const [modal, setModal] = useState(true);
  useVisibleMark(c !== null);
  const productId = pageQuery().get('productId') ?? '';
  const open = async (position: number) => {
    const r = await postForm<{ contract_url: string }>('/v3/contract/contract-jump', {
      productId,
      scene: 3,
      position,
      orderId: pageQuery().get('orderId') ?? '',
    }).catch(() => null);
    if (r && http(r.contract_url)) location.assign(r.contract_url);
  };
  const confirm = async () => {
    if (!c) return;
    const r = await postForm<{ lendDetailsUrl: string }>('/v3/loan-confirm/loan-detail-push', {
      amount: String(c.amount).replace(/\D/g, ''),
      periods: c.periods,
      termUnit: c.termUnit,
      productId,
    }).catch(() => null);
    if (!r) return;
    toNative('confirmTrackingPoint', { productId, event: 'loanConfirm' });
    const next = new URL(r.lendDetailsUrl, location.href);
    for (const [k, v] of pageQuery()) if (k !== 'productId' && k !== 'orderId') next.searchParams.set(k, v);
    next.searchParams.set('from', 'confirm');
    if (http(next.href)) location.replace(next.href);
  };
  return (
    <main>
      <h1 className="bar">
        <button type="button" aria-label={t('common.back')} onClick={() => history.back()} style={{ width: 'auto' }}>
          ‹
        </button>
        {t('title.loanConfirm')}
      </h1>
      {c && (
        <>
          <section className="card">
            <div className="row">
              <img src={c.productLogo} alt="" width={40} height={40} />
              <h2>{c.productName}</h2>
            </div>
            <p className="muted">{t('loan.amountLabel')}</p>
            <p>
              <strong>{rupiah(c.amount)}</strong>
            </p>
            <p className="row">
              <span className="muted">{t('loan.termLabel')}</span>
              {c.periods ? <span>{term(c.termUnit, c.periods)}</span> : null}
            </p>
            {c.pRateDsc && <p className="muted">{c.pRateDsc}</p>}
            <dl>
              {(c.details ?? []).map((d) => (
                <div key={d.text} className="row">
                  <dt>{d.text}</dt>
                  <dd>{d.value}</dd>
                </div>
              ))}
            </dl>
          </section>
          {!!c.repay_plans?.length && (
            <section className="card">
              <h3>{t('loan.repayPlan')}</h3>
              <ul aria-label={t('loan.repayPlan')}>
                {c.repay_plans.map((p) => (
                  <li key={p.title} className="row">
                    <span>
                      {p.title}
                      {p.description && <span className="muted"> {p.description}</span>}
                    </span>
                    <span>
                      {rupiah(p.amount)}
                      {p.pay_time && <span className="muted"> {p.pay_time}</span>}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          )}
          {c.note && <p className="muted">{c.note}</p>}
          <label className="row">
            <input type="checkbox" checked={agree} onChange={(e) => setAgree(e.target.checked)} />
            {t('loan.consent')}
          </label>
          <ul aria-label={t('loan.agreements')}>
            {contracts.map((k) => (
              <li key={k.position}>
                <button type="button" onClick={() => void open(k.position)}>
                  {k.title}
                </button>
              </li>
            ))}
          </ul>
          <button id="loan-confirm" type="button" disabled={!agree} onClick={() => void confirm()}>
            {t('loan.confirm')}
          </button>
          {modal && LANGUAGE_TYPE === 1 && !!c.popAgreementUrl && (
            <div role="dialog" aria-modal="true" aria-label={t('loan.agreementModalTitle')} className="card">
              {c.popTitle && <h2>{c.popTitle}</h2>}
              {http(c.popAgreementUrl) && <a href={c.popAgreementUrl}>{t('loan.agreementOpen')}</a>}
              {c.popContent && <p className="muted">{c.popContent}</p>}
              <div className="row">
                <button type="button" onClick={() => toNative('closeWebView', {})}>
                  {t('common.cancel')}
                </button>
                <button type="button" onClick={() => setModal(false)}>
                  {t('loan.agree')}
                </button>
              </div>
            </div>
          )}
        </>
      )}
    </main>
  );
}
