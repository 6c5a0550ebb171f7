/**
 * The one money reader. Backends send an amount as a number (1250000), a plain numeric string ("1250000",
 * "1250000.5"), a string grouped with the market's thousands separator ("1.250.000") or such a string with the
 * market's decimal part ("1.250.000,50"). Every money binding, sum and digits-only value goes through
 * `readAmount`, and every shown amount through `formatAmount` with the same market format, so the two agree.
 */

/** A market document's `number` object; anything else falls back to period / comma. */
export interface NumberFormat {
  group: string;
  decimal: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

export function numberFormatOf(format: unknown): NumberFormat {
  const f = isRecord(format) ? format : {};
  const group =
    typeof f.thousandsSeparator === 'string' && f.thousandsSeparator.length <= 1 ? f.thousandsSeparator : '.';
  const decimal =
    typeof f.decimalSeparator === 'string' && f.decimalSeparator.length === 1 && f.decimalSeparator !== group
      ? f.decimalSeparator
      : group === ','
        ? '.'
        : ',';
  return { group, decimal };
}

const escape = (s: string) => s.replace(/\W/g, '\\$&');

/** What `readAmount` makes of a value: a number, nothing there (null, ''), or something that is not an amount. */
export type AmountReading = { kind: 'amount'; value: number } | { kind: 'empty' } | { kind: 'unreadable' };

/**
 * Reads an amount in the market's format. A string that fits the grouping exactly ("700.000") is grouped, never a
 * decimal 700; otherwise a plain number with the market's decimal separator or a period ("1250000.5") is read.
 * `minorUnits` (e.g. 100) divides a value the API map says comes in minor units.
 */
export function readAmount(v: unknown, format?: unknown, minorUnits = 1): AmountReading {
  if (v == null || (typeof v === 'string' && v.trim() === '')) return { kind: 'empty' };
  let n: number;
  if (typeof v === 'number') n = v;
  else if (typeof v === 'string') n = parseAmountText(v.trim(), numberFormatOf(format));
  else return { kind: 'unreadable' };
  if (!Number.isFinite(n)) return { kind: 'unreadable' };
  return { kind: 'amount', value: minorUnits > 1 ? n / minorUnits : n };
}

function parseAmountText(s: string, { group, decimal }: NumberFormat): number {
  const g = escape(group);
  const d = escape(decimal);
  const grouped = group ? new RegExp(`^(-?)(\\d{1,3}(?:${g}\\d{3})+)(?:${d}(\\d+))?$`).exec(s) : null;
  if (grouped) return Number(`${grouped[1]}${grouped[2].split(group).join('')}${grouped[3] ? `.${grouped[3]}` : ''}`);
  const plain = new RegExp(`^(-?\\d+)(?:(?:${d}|\\.)(\\d+))?$`).exec(s);
  if (plain) return Number(`${plain[1]}${plain[2] ? `.${plain[2]}` : ''}`);
  return NaN;
}

/**
 * Whole digits grouped with the market's thousands separator: "1500000" → "1.500.000" (IN: "1,500,000"). The one
 * place amounts are grouped: `formatAmount` (bindings, the drawn page) and the amount input both come through here. On
 * the digit string, so an input's 18 digits group exactly where a number would round.
 */
export function groupThousands(digits: string, format?: unknown): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, numberFormatOf(format).group);
}

/** 1250000 → "1.250.000"; 1250000.5 → "1.250.000,50" (a fraction always shows its two minor digits). */
export function formatAmount(n: number, format?: unknown): string {
  const { decimal } = numberFormatOf(format);
  const cents = Math.round(Math.abs(n) * 100);
  const int = groupThousands(String(Math.floor(cents / 100)), format);
  const frac = cents % 100;
  return (n < 0 && cents > 0 ? '-' : '') + int + (frac ? decimal + String(frac).padStart(2, '0') : '');
}

/** What a call or a URL carries: digits only for a whole amount ("1250000"), a period before a fraction. */
export function amountDigits(n: number): string {
  const cents = Math.round(n * 100);
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}
