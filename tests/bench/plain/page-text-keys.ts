/**
 * The texts each plain page with its own entry shows, read by run.ts when it builds them (so they hold no browser
 * code: run.ts imports this file in node).
 */

/** Loan confirmation's texts (plain/LoanConfirm.tsx). */
export const LOAN_CONFIRM_TEXT_KEYS = [
  'title.loanConfirm',
  'common.back',
  'common.cancel',
  'loan.amountLabel',
  'loan.termLabel',
  'loan.unitDay',
  'loan.unitMonth',
  'loan.repayPlan',
  'loan.consent',
  'loan.agreements',
  'loan.confirm',
  'loan.agree',
  'loan.agreementModalTitle',
  'loan.agreementOpen',
];

/** Instalments' texts (plain/Instalments.tsx). */
export const INSTALMENTS_TEXT_KEYS = [
  'title.repayDetail',
  'repay.pendingPeriods',
  'repay.periodNo',
  'repay.tickedMark',
  'repay.dueOn',
  'repay.nothingPending',
  'repay.paidPeriods',
  'repay.paidPeriodsList',
  'repay.payAll',
  'repay.totalForPeriods',
  'repay.payNow',
  'repay.choosePeriod',
];
