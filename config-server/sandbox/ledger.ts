import { conflict, invalid } from './envelope.js';
import { formatAmount } from './answer-style.js';
import type { Order } from './seed.js';

/** What a repayment pays: named periods, or the extension (delay) fee. */
export type RepayTarget = { kind: 'periods'; periodNos: number[] } | { kind: 'delay' };

/** Statuses whose loan-details screen shows the repay button (spec §4). */
export const REPAYABLE_STATUSES = new Set([174, 180, 170, 3, 5]);

const pending = (order: Order) => order.periods.filter((p) => !p.paid);

/**
 * What `amount` pays on this order: the first k pending periods when it equals their sum (the
 * instalment screen only lets a borrower pick a prefix), else the extension fee. Anything else is
 * refused, naming the amounts that would be accepted.
 */
export function resolveTarget(order: Order, amount: number): RepayTarget {
  if (!REPAYABLE_STATUSES.has(order.orderStatus))
    throw conflict(`orderId ${order.orderId} has nothing to repay (orderStatus ${order.orderStatus})`);
  const open = pending(order);
  let sum = 0;
  const accepted: number[] = [];
  for (let k = 0; k < open.length; k++) {
    sum += open[k].totalAmount;
    accepted.push(sum);
    if (sum === amount) return { kind: 'periods', periodNos: open.slice(0, k + 1).map((p) => p.periodNo) };
  }
  if (order.isDelay === '1' && order.delay) {
    if (order.delay.fee === amount) return { kind: 'delay' };
    accepted.push(order.delay.fee);
  }
  throw invalid(
    `amount ${amount} does not match a payable sum of orderId ${order.orderId} (one of ${accepted.map(formatAmount).join(', ')})`,
  );
}

/** False when the target was already paid meanwhile (another record, a second confirm). */
export function canApply(order: Order, target: RepayTarget): boolean {
  if (target.kind === 'delay')
    return order.isDelay === '1' && order.delay !== null && REPAYABLE_STATUSES.has(order.orderStatus);
  return target.periodNos.every((n) => order.periods.some((p) => p.periodNo === n && !p.paid));
}

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Leaves the overdue statuses once nothing is overdue; 'settled' once everything is paid. */
function moveStatus(order: Order, appRated: boolean): void {
  const open = pending(order);
  if (open.length === 0) {
    order.orderStatus = order.orderStatus === 3 || order.orderStatus === 5 ? 4 : 200;
    order.isDelay = '0';
    // A settled loan asks for an app rating (loan-details rating modal) until google-score is sent.
    order.isScore = appRated ? 0 : 1;
  } else if (!open.some((p) => p.overdue)) {
    if (order.orderStatus === 180) order.orderStatus = 174;
    if (order.orderStatus === 5) order.orderStatus = 3;
  }
}

/** Applies a checked target (call canApply first). `appRated`: the borrower already sent google-score. */
export function applyRepayment(order: Order, target: RepayTarget, appRated: boolean): void {
  if (target.kind === 'periods') {
    for (const p of order.periods) if (target.periodNos.includes(p.periodNo)) p.paid = true;
  } else {
    const days = order.delay!.days;
    for (const p of pending(order)) {
      p.dueTime = addDays(p.dueTime, days);
      p.overdue = false;
    }
    order.isDelay = '0';
  }
  moveStatus(order, appRated);
}
