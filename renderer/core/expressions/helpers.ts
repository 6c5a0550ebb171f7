import { amountDigits, formatMoney, readAmount } from '../money/amount';
import { formatDatePattern } from '../dates/market-date';
import { thousands } from './format';

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
  // Assigned, not declared as parameter properties: class fields cost the first chunk four transpiler helpers.
  declare readonly value: unknown;
  declare readonly what: string;
  declare readonly fallback: unknown;
  constructor(value: unknown, what: string, fallback: unknown) {
    Object.assign(this, { value, what, fallback });
  }
}

const isList = (v: unknown): v is unknown[] => Array.isArray(v);
const plainRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

const field = (x: unknown, name: unknown) =>
  name == null ? x : plainRecord(x) && Object.hasOwn(x, String(name)) ? x[String(name)] : undefined;

export function createHelpers(env: HelperEnv = {}): Record<string, Helper> {
  const market = () => {
    const m = env.market?.();
    return plainRecord(m) ? m : {};
  };
  const read = (v: unknown) => readAmount(v, market().number);
  /** A money helper: `show` what was read; nothing there gives the placeholder, a non-amount gives it with a warning. */
  const money = (show: (n: number) => unknown, none: unknown) => (v: unknown, placeholder?: unknown) => {
    const r = read(v);
    const ph = placeholder ?? none;
    return r.kind === 'amount' ? show(r.value) : r.kind === 'empty' ? ph : new Unreadable(v, 'an amount', ph);
  };
  const helpers: Record<string, Helper> = {
    // Money from a backend, read tolerantly: shown with its symbol in the market's locale ("Rp1.250.000", "₹3,50,000"),
    // as a number for conditions (null when absent), or as the digits a call or a URL carries ("1250000").
    amount: money((n) => formatMoney(n, market()), ''),
    amountValue: money((n) => n, null),
    amountDigits: money(amountDigits, ''),
    // Instalment totals: the sum of the amounts (of a field of each item), read as `amount` reads them; null if one is not.
    sumAmounts: (list, name) => {
      let total = 0;
      for (const x of isList(list) ? list : []) {
        const r = read(field(x, name));
        if (r.kind === 'unreadable') return new Unreadable(field(x, name), 'an amount', null);
        if (r.kind === 'amount') total += r.value;
      }
      return Math.round(total * 100) / 100;
    },
    // A loan term in words with its count ("1 day", "91 days", "91 hari"): the market's termUnits table maps codes
    // ('day', 1, ...) to a text key, an ICU plural on `count`; an unknown code gets the market's default unit, never
    // the raw code.
    termUnit: (code, count) => {
      const units = (market().termUnits ?? {}) as { codes?: Record<string, unknown>; default?: unknown };
      const key =
        units.codes && code != null && Object.hasOwn(units.codes, String(code))
          ? units.codes[String(code)]
          : units.default;
      return typeof key === 'string' && env.t ? env.t(key, count == null ? undefined : { count }) : '';
    },
    t: (key, args) => (env.t ? env.t(String(key), plainRecord(args) ? args : undefined) : String(key)),
    thousands: (n, format) => thousands(n, format),
    // A time in the market's zone, so the server's drawing and the phone agree (dates/market-date.ts).
    date: (v, pattern) => formatDatePattern(v, pattern ?? 'YYYY-MM-DD', market()),
    len: (v) => (isList(v) || typeof v === 'string' ? v.length : plainRecord(v) ? Object.keys(v).length : 0),
    join: (list, sep) =>
      isList(list) ? list.map((x) => (x == null ? '' : String(x))).join(sep == null ? ',' : String(sep)) : '',
    // Scheme checks on backend links (an http link opens in the page, anything else goes to the native side).
    startsWith: (s, prefix) => typeof s === 'string' && prefix != null && s.startsWith(String(prefix)),
    // A prefix of a list (instalments: the first n pending periods are the ones ticked).
    slice: (list, start, end) =>
      isList(list) ? list.slice(Number(start) || 0, end == null ? undefined : Number(end) || 0) : [],
    // Card numbers shown in groups: groupDigits('6222020012345678', 4) → '6222 0200 1234 5678' (non-digits dropped).
    groupDigits: (v, size) => {
      const n = Math.floor(Number(size));
      const digits = v == null ? '' : String(v).replace(/\D/g, '');
      return n >= 1 ? (digits.match(new RegExp(`.{1,${Math.min(n, 32)}}`, 'g')) ?? []).join(' ') : digits;
    },
    // The first item whose field equals the value (as text: stored values come back as strings), else null.
    find: (list, field, value) =>
      (isList(list)
        ? list.find(
            (x) =>
              plainRecord(x) &&
              Object.hasOwn(x, String(field)) &&
              value != null &&
              String(x[String(field)]) === String(value),
          )
        : undefined) ?? null,
    includes: (hay, needle) =>
      isList(hay) ? hay.includes(needle) : typeof hay === 'string' ? hay.includes(String(needle)) : false,
    sum: (list, name) => (isList(list) ? list.reduce<number>((acc, x) => acc + (Number(field(x, name)) || 0), 0) : 0),
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
