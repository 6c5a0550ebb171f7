/**
 * The market's number format: the locale its borrowers read numbers in (the market document's `number.locale`,
 * `en-IN`, `id-ID`), formatted by `Intl.NumberFormat` with CLDR's patterns, so India groups in lakhs (3,50,000) and
 * Indonesia in thousands with periods (350.000), which no pair of separators alone can express. The document's
 * `thousandsSeparator` and `decimalSeparator`, when set, replace the locale's characters (ops' override); the locale
 * still decides where the groups fall. The server's drawn page and the browser run this same code, so drawn and
 * hydrated text agree.
 */

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
function formatter(locale: string, fractionDigits: number): Intl.NumberFormat {
  const key = `${locale}|${fractionDigits}`;
  let nf = formatters.get(key);
  if (!nf) {
    nf = new Intl.NumberFormat(locale, {
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    formatters.set(key, nf);
  }
  return nf;
}

/** Intl's parts with the market's overrides put in place of the locale's group and decimal characters. */
export function applyOverrides(parts: Intl.NumberFormatPart[], f: NumberFormat): string {
  let s = '';
  for (const p of parts) {
    if (p.type === 'group') s += f.group ?? p.value;
    else if (p.type === 'decimal') s += f.decimal ?? p.value;
    else s += p.value;
  }
  return s;
}

/**
 * A number (or a whole number's digit string, of any length: an amount input's digits) in the market's format with
 * exactly `fractionDigits` decimals: 350000 → "3,50,000" (en-IN), "350.000" (id-ID).
 */
export function formatNumber(n: number | string, format: unknown, fractionDigits = 0): string {
  const f = numberFormatOf(format);
  // A digit string goes through BigInt, so 18 typed digits group exactly where a number would round.
  const value = typeof n === 'string' ? BigInt(n) : n;
  return applyOverrides(formatter(f.locale, fractionDigits).formatToParts(value), f);
}

/** Whether the market's locale groups in lakhs after the first thousand (en-IN: 1,00,000). */
export function groupsInLakhs(format: unknown): boolean {
  return /^1\D00\D000$/.test(formatter(numberFormatOf(format).locale, 0).format(100000));
}

/** The separators the market's numbers show (the overrides, else the locale's): what a reader must expect. */
export function separatorsOf(format: unknown): { group: string; decimal: string } {
  const f = numberFormatOf(format);
  const parts = formatter(f.locale, 1).formatToParts(12345678.5);
  return {
    group: f.group ?? parts.find((p) => p.type === 'group')?.value ?? '',
    decimal: f.decimal ?? parts.find((p) => p.type === 'decimal')?.value ?? '.',
  };
}
