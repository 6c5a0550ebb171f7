/**
 * The market's number format: the locale its borrowers read numbers in (the market document's `number.locale`,
 * `en-IN`, `id-ID`), formatted by `Intl.NumberFormat` with CLDR's patterns, so India groups in lakhs (3,50,000) and
 * Indonesia in thousands with periods (350.000), which no pair of separators alone can express. The document's
 * `thousandsSeparator` and `decimalSeparator`, when set, replace the locale's characters (ops' override); the locale
 * still decides where the groups fall. The server's drawn page and the browser run this same code, so drawn and
 * hydrated text agree. The bundle's number shape (made at publish from the server's Intl, `learnNumberShape`) lets the
 * browser write the same text without Intl.NumberFormat, whose first use costs 100-200 ms of main thread at 4× CPU.
 */
import type { NumberShape } from '../../../schemas/generated/types';

export interface NumberFormat {
  /** BCP 47 locale whose CLDR pattern places groups and decimals. */
  locale: string;
  /** The override of the group separator ('' = no grouping), or null: the locale's own. */
  group: string | null;
  /** The override of the decimal separator, or null: the locale's own. */
  decimal: string | null;
}

/** A market without a usable locale: Indonesia's pattern (the product's first market), as before locales. */
export const FALLBACK_NUMBER_LOCALE = 'id-ID';

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

const supported = new Map<string, boolean>();
/** Whether Intl here formats numbers in `locale` (not merely falls back): the validator asks the same. */
export function isNumberLocale(locale: unknown): locale is string {
  if (typeof locale !== 'string' || !locale) return false;
  let ok = supported.get(locale);
  if (ok === undefined) {
    try {
      ok = Intl.NumberFormat.supportedLocalesOf([locale]).length === 1;
    } catch {
      ok = false;
    }
    supported.set(locale, ok);
  }
  return ok;
}

/** A market document's `number` object read leniently: anything unusable falls back to the locale's own. */
export function numberFormatOf(format: unknown): NumberFormat {
  const f = isRecord(format) ? format : {};
  const locale = isNumberLocale(f.locale) ? f.locale : FALLBACK_NUMBER_LOCALE;
  const group =
    typeof f.thousandsSeparator === 'string' && f.thousandsSeparator.length <= 1 && !/\d/.test(f.thousandsSeparator)
      ? f.thousandsSeparator
      : null;
  const decimalOk =
    typeof f.decimalSeparator === 'string' && /^\D$/.test(f.decimalSeparator) && f.decimalSeparator !== group;
  return { locale, group, decimal: decimalOk ? (f.decimalSeparator as string) : null };
}

const formatters = new Map<string, Intl.NumberFormat>();
/** One Intl.NumberFormat per locale and options, made once. */
function formatter(locale: string, opts: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = locale + JSON.stringify(opts);
  let nf = formatters.get(key);
  if (!nf) formatters.set(key, (nf = new Intl.NumberFormat(locale, opts)));
  return nf;
}

/** `n` written by Intl in the format's locale with `opts`, the market's overrides in place of its group and decimal. */
export function intlNumber(n: number | bigint, f: NumberFormat, opts: Intl.NumberFormatOptions): string {
  let s = '';
  for (const p of formatter(f.locale, opts).formatToParts(n))
    s += p.type == 'group' ? (f.group ?? p.value) : p.type == 'decimal' ? (f.decimal ?? p.value) : p.value;
  return s;
}

const shapes = new Map<string, NumberShape>();
/**
 * Numbers in the shape's locale are written by it from now on (the app, with each bundle), and the locale is taken as
 * one the server formats in (it made the shape): no Intl call at all. A malformed shape is ignored.
 */
export function learnNumberShape(shape?: NumberShape): void {
  if (typeof shape?.group == 'string' && typeof shape.decimal == 'string')
    supported.set(shape.locale, !!shapes.set(shape.locale, shape));
}

/**
 * `n` written by `shape` with `min` to `max` decimals, as Intl writes it: rounded half away from zero on its shortest
 * decimal (1.005 → 1.01, which toFixed makes 1.00), "-0" for a negative that rounds to zero. Null for a number whose
 * shortest form has an exponent (1e21, 1e-7): Intl writes those.
 */
export function writeByShape(n: number | bigint, shape: NumberShape, min: number, max: number, f?: NumberFormat) {
  const neg = n < 0 || Object.is(n, -0);
  const text = String(neg ? -n : n);
  if (/e/.test(text)) return null;
  const [int, dec = ''] = text.split('.');
  const all = String(BigInt(int + dec.slice(0, max).padEnd(max, '0')) + BigInt(dec[max] > '4')).padStart(max + 1, '0');
  const frac = all
    .slice(all.length - max)
    .replace(/0+$/, '')
    .padEnd(min, '0');
  // A group mark before every third digit from the end, then (lakhs) every second.
  const grouped = all
    .slice(0, all.length - max)
    .replace(RegExp(`\\B(?=(\\d{${shape.lakhs ? 2 : 3}})*\\d{3}$)`, 'g'), () => f?.group ?? shape.group);
  return (neg ? '-' : '') + grouped + (frac ? (f?.decimal ?? shape.decimal) + frac : '');
}

/**
 * A number (or a whole number's digit string, of any length: an amount input's digits) in the market's format with
 * `min` to `max` decimals: 350000 → "3,50,000" (en-IN), "350.000" (id-ID).
 */
export function formatNumber(n: number | string, format: unknown, min = 0, max = min): string {
  const f = numberFormatOf(format);
  // A digit string goes through BigInt, so 18 typed digits group exactly where a number would round.
  const value = typeof n == 'string' ? BigInt(n) : n;
  const shape = shapes.get(f.locale);
  return (
    (shape && writeByShape(value, shape, min, max, f)) ??
    intlNumber(value, f, { minimumFractionDigits: min, maximumFractionDigits: max })
  );
}

/** Whether the market's locale groups in lakhs after the first thousand (en-IN: 1,00,000). */
export function groupsInLakhs(format: unknown): boolean {
  const { locale } = numberFormatOf(format);
  return /^1\D00\D000$/.test(intlNumber(1e5, { locale, group: null, decimal: null }, {}));
}

/** The separators the market's numbers show (the overrides, else the locale's): what a reader must expect. */
export function separatorsOf(format: unknown): { group: string; decimal: string } {
  const f = numberFormatOf(format);
  const parts = formatter(f.locale, { minimumFractionDigits: 1 }).formatToParts(12345678.5);
  return {
    group: f.group ?? parts.find((p) => p.type === 'group')?.value ?? '',
    decimal: f.decimal ?? parts.find((p) => p.type === 'decimal')?.value ?? '.',
  };
}
