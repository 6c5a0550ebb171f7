import { afterEach, describe, expect, it } from 'vitest';
import { formatMessage } from '../copy/format-message';
import { createHelpers } from '../expressions';
import { formatDatePattern, formatDateStyle, marketTimeZone, readInstant } from './market-date';

const ID = { timeZone: 'Asia/Jakarta' }; // UTC+7
const IN = { timeZone: 'Asia/Kolkata' }; // UTC+5:30

/** Instants at a given local wall time of each market, written in UTC. */
const JAKARTA_2330 = Date.UTC(2026, 0, 31, 16, 30); // 31 Jan 23:30 in Jakarta
const JAKARTA_0030 = Date.UTC(2026, 0, 31, 17, 30); // 1 Feb 00:30 in Jakarta, still 31 Jan in UTC
const KOLKATA_2330 = Date.UTC(2026, 0, 31, 18, 0); // 31 Jan 23:30 in Kolkata
const KOLKATA_0030 = Date.UTC(2026, 0, 31, 19, 0); // 1 Feb 00:30 in Kolkata, still 31 Jan in UTC

/** The process's zone, as a server or a phone would have it: Node reads TZ again when it changes. */
const savedTz = process.env.TZ;
afterEach(() => {
  if (savedTz === undefined) delete process.env.TZ;
  else process.env.TZ = savedTz;
});
const DEVICE_ZONES = ['UTC', 'Asia/Jakarta', 'Asia/Kolkata', 'America/Los_Angeles', 'Pacific/Kiritimati'];

describe("one date formatter in the market's time zone", () => {
  it('runs under real device zones: a date read in local time (the old way) changes with them', () => {
    process.env.TZ = 'UTC';
    expect(new Date(JAKARTA_0030).getDate()).toBe(31);
    process.env.TZ = 'Asia/Jakarta';
    expect(new Date(JAKARTA_0030).getDate()).toBe(1);
  });

  it.each([
    { market: ID, at: JAKARTA_2330, date: '2026-01-31', time: '23:30' },
    { market: ID, at: JAKARTA_0030, date: '2026-02-01', time: '00:30' },
    { market: IN, at: KOLKATA_2330, date: '2026-01-31', time: '23:30' },
    { market: IN, at: KOLKATA_0030, date: '2026-02-01', time: '00:30' },
  ])('$market.timeZone $date $time: the same text whatever the device or server zone', ({ market, at, date, time }) => {
    for (const tz of DEVICE_ZONES) {
      process.env.TZ = tz;
      expect(`${tz}: ${formatDatePattern(at, 'YYYY-MM-DD', market)}`).toBe(`${tz}: ${date}`);
      expect(formatDatePattern(at, 'HH:mm', market)).toBe(time);
      expect(formatDatePattern(Math.floor(at / 1000), 'MM/DD', market)).toBe(date.slice(5).replace('-', '/'));
      // The ISO text of the instant (with its Z) is the same instant.
      expect(formatDatePattern(new Date(at).toISOString(), 'YYYY-MM-DD HH:mm:ss', market)).toBe(`${date} ${time}:00`);
    }
  });

  it('reads a time without a zone as the market wall clock, so it shows as the backend wrote it', () => {
    for (const tz of DEVICE_ZONES) {
      process.env.TZ = tz;
      for (const market of [ID, IN]) {
        expect(formatDatePattern('2025-07-12 23:59:59', 'YYYY-MM-DD HH:mm:ss', market)).toBe('2025-07-12 23:59:59');
        expect(formatDatePattern('2025-07-13 00:30:00', 'YYYY-MM-DD', market)).toBe('2025-07-13');
        expect(formatDatePattern('2025-07-13', 'YYYY-MM-DD HH:mm:ss', market)).toBe('2025-07-13 00:00:00');
      }
    }
    expect(readInstant('2025-07-13 00:30:00', 'Asia/Jakarta')).toBe(Date.UTC(2025, 6, 12, 17, 30));
    expect(readInstant('2025-07-13 00:30:00', 'Asia/Kolkata')).toBe(Date.UTC(2025, 6, 12, 19, 0));
    expect(readInstant('2025-07-13T00:30:00+07:00', 'Asia/Kolkata')).toBe(Date.UTC(2025, 6, 12, 17, 30));
  });

  it('copy ({d, date}) and bindings (date()) give the same day at the edges', () => {
    process.env.TZ = 'UTC';
    const copy = (at: number, locale: string, market: Record<string, unknown>) =>
      formatMessage(['due ', { d: 'd', s: 'long' }], { d: at }, { locale, market });
    expect(copy(JAKARTA_0030, 'id-ID', ID)).toBe('due 1 Februari 2026');
    expect(copy(JAKARTA_2330, 'id-ID', ID)).toBe('due 31 Januari 2026');
    expect(copy(KOLKATA_0030, 'en-IN', IN)).toBe('due 1 February 2026');
    expect(copy(KOLKATA_2330, 'en-IN', IN)).toBe('due 31 January 2026');
    // A zone-less backend text means the same day in copy as in a binding.
    expect(formatDateStyle('2026-02-01 00:30:00', 'long', false, 'en-IN', IN)).toBe('1 February 2026');
    expect(formatDateStyle(KOLKATA_0030, 'short', true, 'en-IN', IN)).toMatch(/^12:30\s?am$/i);
    const date = createHelpers({ market: () => IN }).date;
    expect(date(KOLKATA_0030)).toBe('2026-02-01');
    expect(date('2026-02-01 00:30:00', 'HH:mm')).toBe('00:30');
  });

  it('falls back to UTC for a market without a zone or with one this runtime does not know', () => {
    expect(marketTimeZone({})).toBe('UTC');
    expect(marketTimeZone({ timeZone: 'Mars/Olympus_Mons' })).toBe('UTC');
    expect(marketTimeZone(null)).toBe('UTC');
    expect(marketTimeZone(IN)).toBe('Asia/Kolkata');
    expect(formatDatePattern(JAKARTA_0030, 'YYYY-MM-DD HH:mm', { timeZone: 'Mars/Olympus_Mons' })).toBe('');
    expect(formatDatePattern(JAKARTA_0030, 'YYYY-MM-DD HH:mm:ss', {})).toBe('2026-01-31 17:30:00');
  });

  it('shows nothing for what is not a time or an unknown pattern', () => {
    expect(formatDatePattern('soon', 'YYYY-MM-DD', ID)).toBe('');
    expect(formatDatePattern('2025-13-01', 'YYYY-MM-DD', ID)).toBe('');
    expect(formatDatePattern(null, 'YYYY-MM-DD', ID)).toBe('');
    expect(formatDatePattern(JAKARTA_0030, 'DD.MM.YYYY', ID)).toBe('');
    expect(formatDateStyle({}, 'long', false, 'id-ID', ID)).toBeNull();
  });

  it("a time past the calendar's end (a Java backend's Long.MAX_VALUE for 'never') is unreadable, not a failure", () => {
    // Such a value threw out of the copy formatter, so the whole text node disappeared from the borrower's screen.
    const never = [9223372036854775807, '9223372036854775807', 8.64e15 + 1, 1e300];
    for (const v of never) {
      expect(formatMessage(['valid until ', { d: 'd', s: 'long' }], { d: v }, { locale: 'en-IN', market: IN })).toBe(
        'valid until {d}',
      );
      expect(formatDatePattern(v, 'YYYY-MM-DD', ID), String(v)).toBe('');
      expect(readInstant(v, 'UTC')).toBeNull();
    }
    expect(createHelpers({ market: () => ID }).date(never[0])).toBe('');
  });
});
