import { useState } from 'react';
import { pageQuery } from './api';
import { rupiah, t } from './page-texts';
import { useVisibleMark } from '../baseline/use-visible-mark';

interface Period {
  periodNo: number;
  totalAmount: number;
  canClick: number;
  periodStatus: number;
  repayDes?: string;
  dueTime: string;
}
export interface Plan {
  productName?: string;
  note?: string;
  repayPlanDetail?: { repayWaitDetail?: Period[]; repayYetDetail?: Period[] };
}

/** The market's constants this page reads (ID): the overdue status and the toast's time. */
const OVERDUE = 500;
const TOAST_MS = 2000;

/**
 * Instalments written by hand (same content and call as screens/pages/repayment/instalment-repay.json): the pending
 * periods, ticked as a prefix of the list (tapping an unticked one ticks it and every earlier one, tapping a ticked
 * one after the first unticks it and every later one), the paid periods folded, note, select-all, total and Pay now.
 * Its one read comes as a prop: ../plain-instalments/main.tsx starts it at module top level.
 */
export function Instalments({ plan }: { plan: Plan | null }) {
  const [n, setN] = useState(0);
  const [toast, setToast] = useState('');
  useVisibleMark(plan !== null);
  const waiting = plan?.repayPlanDetail?.repayWaitDetail ?? [];
  const paid = plan?.repayPlanDetail?.repayYetDetail ?? [];
  const total = waiting.slice(0, n).reduce((s, p) => s + (Number(p.totalAmount) || 0), 0);
  const tap = (i: number, p: Period) => {
    if (i < n) {
      if (i > 0) setN(i);
    } else if (p.canClick === 1) setN(i + 1);
  };
  const pay = () => {
    if (total <= 0) {
      setToast(t('repay.choosePeriod'));
      setTimeout(() => setToast(''), TOAST_MS);
      return;
    }
    for (const k of ['payType', 'payCode', 'specificNum']) localStorage.removeItem(k);
    localStorage.setItem('isDefault', '1');
    const q = pageQuery();
    const next = new URLSearchParams(q);
    next.set('amount', String(total));
    location.assign(`/individual?${next}`);
  };
  return (
    <main>
      <h1 className="bar">{t('title.repayDetail')}</h1>
      {plan?.productName && <h2>{plan.productName}</h2>}
      <ul aria-label={t('repay.pendingPeriods')}>
        {waiting.map((p, i) => (
          <li key={p.periodNo} className="card" role="button" tabIndex={0} onClick={() => tap(i, p)}>
            <p className="row">
              <span>{t('repay.periodNo', { no: p.periodNo })}</span>
              {i < n && <span>{t('repay.tickedMark')}</span>}
            </p>
            <p>
              <strong>{rupiah(p.totalAmount)}</strong>
            </p>
            <p className="row">
              <span className="muted">{t('repay.dueOn', { date: p.dueTime })}</span>
              {p.repayDes && <span style={p.periodStatus === OVERDUE ? { color: '#c62828' } : {}}>{p.repayDes}</span>}
            </p>
          </li>
        ))}
        {plan && !waiting.length && <li>{t('repay.nothingPending')}</li>}
      </ul>
      {paid.length > 0 && (
        <details className="card">
          <summary>{t('repay.paidPeriods', { count: paid.length })}</summary>
          <ul aria-label={t('repay.paidPeriodsList')}>
            {paid.map((p) => (
              <li key={p.periodNo} className="row">
                <span>{t('repay.periodNo', { no: p.periodNo })}</span>
                <span>{rupiah(p.totalAmount)}</span>
                <span className="muted">{p.repayDes}</span>
              </li>
            ))}
          </ul>
        </details>
      )}
      {plan?.note && <p className="muted">{plan.note}</p>}
      <label className="row">
        <input
          type="checkbox"
          checked={waiting.length > 0 && n === waiting.length}
          disabled={!waiting.length}
          onChange={(e) => setN(e.target.checked ? waiting.length : 1)}
        />
        {t('repay.payAll')}
      </label>
      <p className="row">
        <span>{t('repay.totalForPeriods', { count: n })}</span>
        <strong>{rupiah(total)}</strong>
      </p>
      <button type="button" onClick={pay}>
        {t('repay.payNow')}
      </button>
      {toast && <p role="status">{toast}</p>}
    </main>
  );
}
