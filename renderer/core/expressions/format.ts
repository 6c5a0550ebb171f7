/** Number and date formatting of the product: thousands separator a period, fixed date patterns. */
import { formatAmount, readAmount } from '../money/amount';

/**
 * A number shown with the market's separators (`thousands(market.userCount, market.number)` → "3.000.000"), read and
 * formatted by the money reader so constants and amounts look alike. Not a number → "".
 */
export function thousands(v: unknown, format?: unknown): string {
  const r = readAmount(v, format);
  return r.kind === 'amount' ? formatAmount(r.value, format) : '';
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Backend times come as epoch seconds, epoch milliseconds or "YYYY-MM-DD HH:mm:ss" strings. */
export function toDate(v: unknown): Date | null {
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v;
  let d: Date;
  if (typeof v === 'number' || (typeof v === 'string' && /^\d+$/.test(v.trim()))) {
    const n = Number(v);
    d = new Date(n < 1e12 ? n * 1000 : n);
  } else if (typeof v === 'string' && v.trim()) {
    d = new Date(v.trim().replace(' ', 'T'));
  } else return null;
  return Number.isNaN(d.getTime()) ? null : d;
}

export const DATE_FORMATS = ['YYYY-MM-DD', 'YYYY-MM-DD HH:mm:ss', 'MM/DD', 'HH:mm'] as const;

/** Formats a date in local time with one of the product's patterns; an unknown value or pattern gives "". */
export function formatDate(v: unknown, pattern: unknown = 'YYYY-MM-DD'): string {
  const d = toDate(v);
  if (!d || !DATE_FORMATS.includes(pattern as (typeof DATE_FORMATS)[number])) return '';
  const parts: Record<string, string> = {
    YYYY: String(d.getFullYear()),
    MM: pad(d.getMonth() + 1),
    DD: pad(d.getDate()),
    HH: pad(d.getHours()),
    mm: pad(d.getMinutes()),
    ss: pad(d.getSeconds()),
  };
  return (pattern as string).replace(/YYYY|MM|DD|HH|mm|ss/g, (m) => parts[m]);
}
