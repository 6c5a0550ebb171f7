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
}

const isList = (v: unknown): v is unknown[] => Array.isArray(v);
const plainRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

export function createHelpers(env: HelperEnv = {}): Record<string, Helper> {
  const helpers: Record<string, Helper> = {
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
