/**
 * Formats a pre-parsed ICU message (`message-ast.ts`) with Intl only: no parser and no eval reach the browser, and
 * the server's drawn page runs this same function, so both show the same text. Numbers take the market's number locale
 * and separator overrides (the market document's `number`, as amounts do), dates the market's time zone through the one
 * date formatter (../dates/market-date.ts, which bindings' `date()` uses too), so a server in UTC and a phone in
 * Jakarta agree. A missing argument shows as `{name}`, as plain copy does.
 */
import { formatDateStyle } from '../dates/market-date';
import { formatNumber as formatAmountNumber, intlNumber, numberFormatOf } from '../money/number-format';
import type { MessageAst } from './message-ast';

export interface FormatContext {
  /** BCP 47 locale of the copy (the text set's): plural rules and month names. */
  locale: string;
  /** The market document: `number` separators and `timeZone`. */
  market?: Record<string, unknown>;
}

const plurals = new Map<string, Intl.PluralRules>();

function formatNumber(n: number, style: unknown, ctx: FormatContext): string {
  // The market's number locale (en-IN groups 1,00,000), not the copy's, with its separator overrides: as amounts are.
  // Intl's own defaults (up to 3 decimals; none for `integer`) go through the market's formatter, and so its shape.
  if (style != 'percent' && (!style || typeof style != 'object'))
    return formatAmountNumber(n, ctx.market?.number, 0, style == 'integer' ? 0 : 3);
  const f = numberFormatOf(ctx.market?.number);
  try {
    return intlNumber(n, f, (style == 'percent' ? { style } : style) as Intl.NumberFormatOptions);
  } catch {
    // Options from a skeleton this Intl refuses: the plain number.
    return intlNumber(n, f, {});
  }
}

const toNumber = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : null;
};

/** The message as text for `args`. Never throws: a value of the wrong kind shows as written. */
export function formatMessage(ast: MessageAst, args: Record<string, unknown> | undefined, ctx: FormatContext): string {
  const a = args ?? {};
  const has = (name: string) => Object.hasOwn(a, name) && a[name] != null;
  const walk = (parts: MessageAst, count: number | null): string => {
    let s = '';
    for (const part of parts) {
      if (typeof part === 'string') s += part;
      else if ('h' in part) s += count === null ? '#' : formatNumber(count, undefined, ctx);
      else if ('a' in part) s += has(part.a) ? String(a[part.a]) : `{${part.a}}`;
      else if ('n' in part) {
        const n = has(part.n) ? toNumber(a[part.n]) : null;
        s += n === null ? (has(part.n) ? String(a[part.n]) : `{${part.n}}`) : formatNumber(n, part.s, ctx);
      } else if ('d' in part) {
        s +=
          (has(part.d) ? formatDateStyle(a[part.d], part.s, !!part.t, ctx.locale, ctx.market) : null) ?? `{${part.d}}`;
      } else if ('p' in part) {
        const n = has(part.p) ? toNumber(a[part.p]) : null;
        if (n === null) {
          s += `{${part.p}}`;
          continue;
        }
        const shown = n - (part.o ?? 0);
        const key = ctx.locale + !!part.r;
        let rules = plurals.get(key);
        if (!rules)
          plurals.set(key, (rules = new Intl.PluralRules(ctx.locale, { type: part.r ? 'ordinal' : 'cardinal' })));
        // An exact `=n` case wins over the locale's category, as ICU says.
        const chosen = part.c[`=${n}`] ?? part.c[rules.select(shown)] ?? part.c.other ?? [];
        s += walk(chosen, shown);
      } else {
        const v = has(part.e) ? String(a[part.e]) : 'other';
        // Own cases only: a value such as "constructor" would otherwise pick Object's member and throw.
        s += walk(part.c[Object.hasOwn(part.c, v) ? v : 'other'] ?? [], count);
      }
    }
    return s;
  };
  return walk(ast, null);
}
