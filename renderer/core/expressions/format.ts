/** Number formatting of the product: thousands separator a period. Dates: ../dates/market-date.ts. */
import { formatAmount, readAmount } from '../money/amount';

/**
 * A number shown with the market's separators (`thousands(market.userCount, market.number)` → "3.000.000"), read and
 * formatted by the money reader so constants and amounts look alike. Not a number → "".
 */
export function thousands(v: unknown, format?: unknown): string {
  const r = readAmount(v, format);
  return r.kind === 'amount' ? formatAmount(r.value, format) : '';
}
