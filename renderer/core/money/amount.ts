/**
 * The one money reader. Backends send an amount as a number (80000), a plain numeric string ("80000", "80000.5",
 * "80000,5"), a string grouped in thousands with either convention ("80.000", "80,000", "1.250.000,50",
 * "1,250,000.50"), in Indian lakhs ("3,50,000") or in the market's own overridden separators. Every money binding,
 * sum and digits-only value goes through `readAmount`, and every shown amount through `formatAmount` (the market's
 * locale, number-format.ts), so what is shown always reads back as the same amount.
 */
import { formatNumber, groupsInLakhs, numberFormatOf } from './number-format';

export { numberFormatOf } from './number-format';

/** What `readAmount` makes of a value: a number, nothing there (null, ''), or something that is not an amount. */
export type AmountReading = { kind: 'amount'; value: number } | { kind: 'empty' } | { kind: 'unreadable' };

/**
 * Reads an amount whatever the backend's convention. A string that fits a grouping exactly ("700.000", "700,000",
 * "7,00,000") is grouped, never a decimal 700 (no grouping starts with 0: "0.500" is half); otherwise a plain number
 * with a period or comma before its decimals ("1250000.5", "1250000,50") is read. `minorUnits` (e.g. 100) divides a value the API map says comes in minor units.
 * `format` (the market document's `number`) adds its own overridden separators to the two common ones.
 */
export function readAmount(v: unknown, format?: unknown, minorUnits = 1): AmountReading {
  if (v == null || (typeof v === 'string' && v.trim() === '')) return { kind: 'empty' };
  let n: number;
  if (typeof v === 'number') n = v;
  else if (typeof v === 'string') n = parseAmountText(v.trim().replace(/\u2212/g, '-'), format);
  else return { kind: 'unreadable' };
  if (!Number.isFinite(n)) return { kind: 'unreadable' };
  return { kind: 'amount', value: minorUnits > 1 ? n / minorUnits : n };
}

const escape = (s: string) => s.replace(/\W/g, '\\$&');

/** Group / decimal pairs a backend may use: the market's override first, then the two common conventions. */
function conventions(format: unknown): [string, string, boolean][] {
  const f = numberFormatOf(format);
  const list: [string, string, boolean][] = [];
  // [group, decimal, whether Indian grouping is read with this group character]
  if (f.group) list.push([f.group, f.decimal ?? (f.group === ',' ? '.' : ','), groupsInLakhs(format)]);
  list.push(['.', ',', false], [',', '.', true]);
  return list;
}

function parseAmountText(s: string, format: unknown): number {
  for (const [group, decimal, lakhs] of conventions(format)) {
    const g = escape(group);
    const frac = `(?:${escape(decimal)}(\\d+))?$`;
    const thousands = new RegExp(`^(-?)([1-9]\\d{0,2}(?:${g}\\d{3})+)${frac}`).exec(s);
    const indian = lakhs ? new RegExp(`^(-?)([1-9]\\d?(?:${g}\\d{2})*${g}\\d{3})${frac}`).exec(s) : null;
    const m = thousands ?? indian;
    if (m) return Number(`${m[1]}${m[2].split(group).join('')}${m[3] ? `.${m[3]}` : ''}`);
  }
  const f = numberFormatOf(format);
  const d = f.decimal ? `|${escape(f.decimal)}` : '';
  const plain = new RegExp(`^(-?\\d+)(?:(?:\\.|,${d})(\\d+))?$`).exec(s);
  if (plain) return Number(`${plain[1]}${plain[2] ? `.${plain[2]}` : ''}`);
  return NaN;
}

/**
 * An amount input's digits grouped in the market's format as the borrower types: "350000" → "3,50,000" (en-IN),
 * "350.000" (id-ID). On the digit string, so 18 typed digits group exactly where a number would round.
 */
export function groupAmountDigits(digits: string, format?: unknown): string {
  return /^\d+$/.test(digits) ? formatNumber(digits, format) : digits;
}

/** 350000 → "3,50,000" (en-IN), "350.000" (id-ID); a fraction always shows its two minor digits ("1.250.000,50"). */
export function formatAmount(n: number, format?: unknown): string {
  const cents = Math.round(Math.abs(n) * 100);
  if (cents === 0) return formatNumber(0, format);
  const sign = n < 0 ? '-' : '';
  return cents % 100 ? sign + formatNumber(cents / 100, format, 2) : sign + formatNumber(cents / 100, format);
}

/**
 * An amount as a borrower reads it: the market's symbol before the number, the sign before both ("-₹1,500",
 * "Rp350.000"). `market` is the market document (its `currency.symbol` and `number`).
 */
export function formatMoney(n: number, market: unknown): string {
  const m = (market && typeof market === 'object' ? market : {}) as {
    currency?: { symbol?: unknown };
    number?: unknown;
  };
  const symbol = typeof m.currency?.symbol === 'string' ? m.currency.symbol : '';
  const shown = formatAmount(n, m.number);
  return shown.startsWith('-') ? `-${symbol}${shown.slice(1)}` : symbol + shown;
}

/** What a call or a URL carries: digits only for a whole amount ("1250000"), a period before a fraction. */
export function amountDigits(n: number): string {
  const cents = Math.round(n * 100);
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}
