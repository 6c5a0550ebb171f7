/** Number and date formatting of the spec: thousands separator a period, minor units /100, fixed date patterns. */

const toNumber = (v: unknown): number => {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && v.trim() !== '') return Number(v);
  return NaN;
};

/** A market's `number` object: its separators, when a document passes one (`thousands(x, market.number)`). */
const separators = (format: unknown): { group: string; decimal: string } => {
  const f = format && typeof format === 'object' ? (format as Record<string, unknown>) : {};
  const group = typeof f.thousandsSeparator === 'string' && f.thousandsSeparator.length <= 1 ? f.thousandsSeparator : '.';
  const decimal = typeof f.decimalSeparator === 'string' && f.decimalSeparator.length === 1 ? f.decimalSeparator : ',';
  return { group, decimal };
};

/**
 * 1234567 → "1.234.567"; "15000000" → "15.000.000"; a fraction is kept after a comma. Not a number → "".
 * With a market's number format (`{ thousandsSeparator, decimalSeparator }`) those separators are used instead.
 */
export function thousands(v: unknown, format?: unknown): string {
  const n = toNumber(v);
  if (!Number.isFinite(n)) return '';
  const { group, decimal } = separators(format);
  const [int, frac] = String(Math.abs(n)).split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return (n < 0 ? '-' : '') + grouped + (frac ? decimal + frac : '');
}

/** Amount in minor units shown in major units: money(123456) → "1234.56". Not a number → "". */
export function money(minor: unknown, decimals: unknown = 2): string {
  const n = toNumber(minor);
  const d = typeof decimals === 'number' && decimals >= 0 && decimals <= 6 ? Math.floor(decimals) : 2;
  if (!Number.isFinite(n)) return '';
  return (n / 100).toFixed(d);
}

/** "1.000.000" → "1000000": amounts are shown with dots and sent without. */
export function stripDots(v: unknown): string {
  return v == null ? '' : String(v).replace(/\./g, '');
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

/** Formats a date in local time with one of the spec's patterns; an unknown value or pattern gives "". */
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
