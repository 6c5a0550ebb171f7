import { amountDigits, formatAmount, readAmount } from './amount';
import { formatDate, money, stripDots, thousands } from './format';

/** Functions an expression may call. Nothing else is callable: not methods of values, not globals. */
export type Helper = (...args: unknown[]) => unknown;

/** What helpers need from the running app; tests and the server-side linter pass their own. */
export interface HelperEnv {
  t?: (key: string, args?: Record<string, unknown>) => string;
  now?: () => number;
  stored?: (key: string) => unknown;
  cookie?: (name: string) => string | undefined;
  userAgent?: () => string;
  /** The market document in force: its number format, currency and term units (money and unit helpers). */
  market?: () => unknown;
}

/**
 * A helper's answer for a value it cannot read: the evaluator logs a warning naming the argument's expression
 * (e.g. `amount(state.c.amount)`) and uses `fallback` in its place, so a screen shows its placeholder, never a
 * wrong number.
 */
export class Unreadable {
  constructor(
    readonly value: unknown,
    readonly what: string,
    readonly fallback: unknown,
  ) {}
}

const isList = (v: unknown): v is unknown[] => Array.isArray(v);
const plainRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

const field = (x: unknown, name: unknown) => (name == null ? x : plainRecord(x) && Object.hasOwn(x, String(name)) ? x[String(name)] : undefined);

export function createHelpers(env: HelperEnv = {}): Record<string, Helper> {
  const market = () => {
    const m = env.market?.();
    return plainRecord(m) ? m : {};
  };
  const symbol = () => {
    const c = market().currency;
    return plainRecord(c) && typeof c.symbol === 'string' ? c.symbol : '';
  };
  const read = (v: unknown) => readAmount(v, market().number);
  /** The sum of amounts in a list (a field of each item when named), or Unreadable when one of them is not an amount. */
  const sumOf = (list: unknown, name: unknown): number | Unreadable => {
    if (!isList(list)) return 0;
    let total = 0;
    for (const x of list) {
      const r = read(field(x, name));
      if (r.kind === 'unreadable') return new Unreadable(field(x, name), 'an amount', null);
      if (r.kind === 'amount') total += r.value;
    }
    return Math.round(total * 100) / 100;
  };
  const helpers: Record<string, Helper> = {
    // Money from a backend: read in the market's format, shown with its symbol and separators ("Rp1.250.000").
    // Nothing there gives the placeholder ('' unless given); a value that is not an amount gives it too, with a warning.
    amount: (v, placeholder) => {
      const r = read(v);
      const ph = placeholder == null ? '' : placeholder;
      if (r.kind === 'empty') return ph;
      if (r.kind === 'unreadable') return new Unreadable(v, 'an amount', ph);
      return symbol() + formatAmount(r.value, market().number);
    },
    // The number an amount stands for, for conditions and arithmetic (null when absent or unreadable).
    amountValue: (v) => {
      const r = read(v);
      return r.kind === 'amount' ? r.value : r.kind === 'empty' ? null : new Unreadable(v, 'an amount', null);
    },
    // What a call or a URL carries: digits only ("1250000"); '' when absent or unreadable.
    amountDigits: (v) => {
      const r = read(v);
      return r.kind === 'amount' ? amountDigits(r.value) : r.kind === 'empty' ? '' : new Unreadable(v, 'an amount', '');
    },
    // Instalment totals: the sum of the amounts (of a field of each item), read as `amount` reads them; null if one is unreadable.
    sumAmounts: (list, name) => sumOf(list, name),
    // A loan term's unit in words: the market's termUnits table maps codes ('day', 1, ...) to a text key; an unknown
    // code gets the market's default unit, never the raw code.
    termUnit: (code) => {
      const units = plainRecord(market().termUnits) ? (market().termUnits as Record<string, unknown>) : {};
      const codes = plainRecord(units.codes) ? units.codes : {};
      const key = code != null && Object.hasOwn(codes, String(code)) ? codes[String(code)] : units.default;
      return typeof key === 'string' && env.t ? env.t(key) : '';
    },
    t: (key, args) => (env.t ? env.t(String(key), plainRecord(args) ? args : undefined) : String(key)),
    money: (minor, decimals) => money(minor, decimals),
    thousands: (n, format) => thousands(n, format),
    stripDots: (s) => stripDots(s),
    date: (v, pattern) => formatDate(v, pattern ?? 'YYYY-MM-DD'),
    len: (v) => (isList(v) || typeof v === 'string' ? v.length : plainRecord(v) ? Object.keys(v).length : 0),
    join: (list, sep) => (isList(list) ? list.map((x) => (x == null ? '' : String(x))).join(sep == null ? ',' : String(sep)) : ''),
    // Scheme checks on backend links (an http link opens in the page, anything else goes to the native side).
    startsWith: (s, prefix) => typeof s === 'string' && prefix != null && s.startsWith(String(prefix)),
    // A prefix of a list (instalments: the first n pending periods are the ones ticked).
    slice: (list, start, end) => (isList(list) ? list.slice(Number(start) || 0, end == null ? undefined : Number(end) || 0) : []),
    // Card numbers shown in groups: groupDigits('6222020012345678', 4) → '6222 0200 1234 5678' (non-digits dropped).
    groupDigits: (v, size) => {
      const n = Math.floor(Number(size));
      const digits = v == null ? '' : String(v).replace(/\D/g, '');
      return n >= 1 ? (digits.match(new RegExp(`.{1,${Math.min(n, 32)}}`, 'g')) ?? []).join(' ') : digits;
    },
    // The first item whose field equals the value (as text: stored values come back as strings), else null.
    find: (list, field, value) =>
      (isList(list) ? list.find((x) => plainRecord(x) && Object.hasOwn(x, String(field)) && value != null && String(x[String(field)]) === String(value)) : undefined) ?? null,
    includes: (hay, needle) => (isList(hay) ? hay.includes(needle) : typeof hay === 'string' ? hay.includes(String(needle)) : false),
    sum: (list, field) => {
      if (!isList(list)) return 0;
      return list.reduce<number>((acc, x) => {
        const v = field == null ? x : plainRecord(x) && Object.hasOwn(x, String(field)) ? x[String(field)] : 0;
        const n = Number(v);
        return Number.isFinite(n) ? acc + n : acc;
      }, 0);
    },
    default: (a, b) => (a == null || a === '' ? b : a),
    number: (x) => {
      const n = typeof x === 'string' ? Number(x.trim() === '' ? NaN : x) : Number(x);
      return Number.isFinite(n) ? n : 0;
    },
    string: (x) => (x == null ? '' : typeof x === 'object' ? JSON.stringify(x) : String(x)),
    now: () => (env.now ? env.now() : Date.now()),
    stored: (key) => (env.stored ? env.stored(String(key)) : undefined),
    cookie: (name) => (env.cookie ? env.cookie(String(name)) : undefined),
    // The browser's user agent ('' on the server): screens match it, e.g. to spot an in-app messenger browser.
    userAgent: () => (env.userAgent ? env.userAgent() : ''),
    // Whether text contains a match of a regular expression written in a published document; a bad pattern is no match.
    matches: (text, pattern) => {
      if (typeof text !== 'string' || typeof pattern !== 'string' || pattern.length > 200) return false;
      try {
        return new RegExp(pattern).test(text);
      } catch {
        return false;
      }
    },
  };
  return helpers;
}
