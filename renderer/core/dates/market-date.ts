/**
 * The product's one date formatter: every date a borrower reads, from a binding (`date(...)`) or from copy
 * (`{d, date, long}`), is shown in the market's time zone (the market document's `timeZone`, UTC when absent). The
 * server draws a page with the same function the phone hydrates it with, so a due date drawn on a server in UTC reads
 * the same in Jakarta or Kolkata, at any hour, whatever the time zone of the process or the device.
 *
 * Reading a backend's time: epoch seconds or milliseconds (a number or a string of digits) and an ISO text with a
 * zone (`Z`, `+07:00`) are instants; a text without a zone (`2025-07-12 23:59:59`, `2025-07-12`) is the lender's wall
 * clock, a time in the market's zone, so it shows as it was written.
 */

/** Patterns of the `date()` helper (the spec: dates YYYY-MM-DD optionally HH:MM:SS; MM/DD and HH:MM). */
export const DATE_PATTERNS = ['YYYY-MM-DD', 'YYYY-MM-DD HH:mm:ss', 'MM/DD', 'HH:mm'] as const;

/** The market's IANA time zone; absent or unknown to this runtime's Intl: UTC, as the market schema says. */
export function marketTimeZone(market: unknown): string {
  const tz = market && typeof market === 'object' ? (market as { timeZone?: unknown }).timeZone : undefined;
  return typeof tz === 'string' && wallFormat(tz) ? tz : 'UTC';
}

const formats = new Map<string, Intl.DateTimeFormat | null>();
/** One formatter per zone giving the wall clock's numbers; null for a zone Intl does not know. */
function wallFormat(timeZone: string): Intl.DateTimeFormat | null {
  let f = formats.get(timeZone);
  if (f === undefined) {
    try {
      f = new Intl.DateTimeFormat('en-US', {
        timeZone,
        // Not hourCycle: older webviews ignore it; some write midnight as 24 with hour12 off (read modulo 24 below).
        hour12: false,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      });
    } catch {
      f = null;
    }
    formats.set(timeZone, f);
  }
  return f;
}

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** What a clock on the wall in `timeZone` shows at the instant `ms`. */
export function wallClock(ms: number, timeZone: string): WallClock {
  const f = wallFormat(timeZone) ?? wallFormat('UTC')!;
  const n: Record<string, number> = {};
  for (const p of f.formatToParts(ms)) if (p.type !== 'literal') n[p.type] = Number(p.value);
  return { year: n.year, month: n.month, day: n.day, hour: n.hour % 24, minute: n.minute, second: n.second };
}

const asUtc = (w: WallClock) => Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
/** How far the zone's wall clock is ahead of UTC at the instant `ms`. */
const offsetAt = (ms: number, timeZone: string) => asUtc(wallClock(ms, timeZone)) - Math.floor(ms / 1000) * 1000;

/** The instant the wall clock of `timeZone` shows `w` (the later reading of a repeated hour, as browsers do). */
export function fromWallClock(w: WallClock, timeZone: string): number {
  const guess = asUtc(w);
  const first = guess - offsetAt(guess, timeZone);
  const second = guess - offsetAt(first, timeZone);
  return first === second ? first : Math.max(first, second);
}

const ZONELESS = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/;

/** A backend's time as an instant (epoch ms), reading a text without a zone in `timeZone`; unreadable → null. */
export function readInstant(v: unknown, timeZone: string): number | null {
  let ms: number;
  if (v instanceof Date) ms = v.getTime();
  else if (typeof v === 'number' || (typeof v === 'string' && /^\d+$/.test(v.trim()))) {
    const n = Number(v);
    // Through a Date: past ±8.64e15 ms (a backend's Long.MAX_VALUE for "never") it is NaN, where Intl would throw.
    ms = +new Date(n < 1e12 ? n * 1000 : n);
  } else if (typeof v === 'string' && v.trim()) {
    const m = ZONELESS.exec(v.trim());
    if (m) {
      const [year, month, day, hour, minute, second] = m.slice(1).map((x) => Number(x ?? 0));
      if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return null;
      ms = fromWallClock({ year, month, day, hour, minute, second }, timeZone);
    } else ms = Date.parse(v.trim());
  } else return null;
  return Number.isFinite(ms) ? ms : null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A time in one of the product's patterns, in the market's zone; an unreadable value or unknown pattern gives "". */
export function formatDatePattern(v: unknown, pattern: unknown, market: unknown): string {
  if (!DATE_PATTERNS.includes(pattern as (typeof DATE_PATTERNS)[number])) return '';
  const timeZone = marketTimeZone(market);
  const ms = readInstant(v, timeZone);
  if (ms === null) return '';
  const w = wallClock(ms, timeZone);
  const parts: Record<string, string> = {
    YYYY: String(w.year),
    MM: pad(w.month),
    DD: pad(w.day),
    HH: pad(w.hour),
    mm: pad(w.minute),
    ss: pad(w.second),
  };
  return (pattern as string).replace(/YYYY|MM|DD|HH|mm|ss/g, (m) => parts[m]);
}

const STYLES = ['short', 'medium', 'long', 'full'];
const styled = new Map<string, Intl.DateTimeFormat>();

/**
 * A time in words of `locale` (ICU copy's `{d, date, long}`, `{t, time, short}` or a skeleton's options), in the
 * market's zone; an unreadable value gives null (copy then shows `{d}`).
 */
export function formatDateStyle(
  v: unknown,
  style: unknown,
  time: boolean,
  locale: string,
  market: unknown,
): string | null {
  const timeZone = marketTimeZone(market);
  const ms = readInstant(v, timeZone);
  if (ms === null) return null;
  const named = typeof style === 'string' && STYLES.includes(style) ? style : 'medium';
  const opts: Intl.DateTimeFormatOptions =
    style && typeof style === 'object'
      ? { ...(style as Intl.DateTimeFormatOptions), timeZone }
      : { [time ? 'timeStyle' : 'dateStyle']: named, timeZone };
  const key = `${locale}|${JSON.stringify(opts)}`;
  try {
    let f = styled.get(key);
    if (!f) styled.set(key, (f = new Intl.DateTimeFormat(locale, opts)));
    return f.format(ms);
  } catch {
    return new Date(ms).toISOString();
  }
}
