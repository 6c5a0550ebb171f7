import { describe, expect, it } from 'vitest';
import { formatMessage } from './format-message';
import { parseMessage } from '../../../config-server/validation/copy/parse-message';
import ID from '../../../screens/markets/ID.json';
import IN from '../../../screens/markets/IN.json';

/** Parsed as publish parses it, formatted as the app formats it. */
const fmt = (source: string, args: Record<string, unknown>, locale = 'en-IN', market: object = IN) => {
  const parsed = parseMessage(source);
  if (!parsed.ok) throw new Error(parsed.message);
  return formatMessage(parsed.ast, args, { locale, market: market as Record<string, unknown> });
};

describe('formatMessage', () => {
  const days = '{count, plural, one {# day} other {# days}}';

  it('picks the en plural category: 1 day, 2 days, 0 days, 1.5 days', () => {
    expect(fmt(days, { count: 1 })).toBe('1 day');
    expect(fmt(days, { count: 2 })).toBe('2 days');
    expect(fmt(days, { count: 0 })).toBe('0 days');
    expect(fmt(days, { count: '91' })).toBe('91 days');
  });

  it('id has only `other`: 1 hari, 2 hari', () => {
    const hari = '{count, plural, other {# hari}}';
    expect(fmt(hari, { count: 1 }, 'id-ID', ID)).toBe('1 hari');
    expect(fmt(hari, { count: 2 }, 'id-ID', ID)).toBe('2 hari');
  });

  it('an exact =n case wins over the category, and offset shifts #', () => {
    const m = '{n, plural, =0 {no images} one {# image} other {# images}}';
    expect(fmt(m, { n: 0 })).toBe('no images');
    expect(fmt(m, { n: 1 })).toBe('1 image');
    expect(fmt('{n, plural, offset:1 =1 {you} other {you and # others}}', { n: 3 })).toBe('you and 2 others');
  });

  it('selectordinal uses ordinal rules', () => {
    const m = '{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}';
    expect([1, 2, 3, 4, 11].map((n) => fmt(m, { n }))).toEqual(['1st', '2nd', '3rd', '4th', '11th']);
  });

  it('select picks the case, else other', () => {
    const m = '{status, select, paid {Paid} overdue {Overdue} other {Open}}';
    expect(fmt(m, { status: 'paid' })).toBe('Paid');
    expect(fmt(m, { status: 'weird' })).toBe('Open');
  });

  it("select on a backend value named like an object's own member shows the other case, not nothing", () => {
    // The cases are a plain JSON object: a status such as "constructor" must not pick up Object's members (the text
    // threw, so its node vanished from the borrower's screen and the server's drawing of the page failed).
    const m = '{status, select, paid {Paid} other {Open}}';
    for (const status of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf'])
      expect(fmt(m, { status }), status).toBe('Open');
  });

  it("numbers take the market's number locale and its separator overrides, as amounts do", () => {
    expect(fmt('{n, number}', { n: 1250000.5 }, 'en-IN', IN)).toBe('12,50,000.5');
    const commas = { number: { locale: 'id-ID', thousandsSeparator: ',', decimalSeparator: '.' } };
    expect(fmt('{n, number}', { n: 1250000.5 }, 'en-IN', commas)).toBe('1,250,000.5');
    expect(fmt('{n, number}', { n: 1250000.5 }, 'id-ID', ID)).toBe('1.250.000,5');
    expect(fmt('{n, number, integer}', { n: 1250000.7 }, 'id-ID', ID)).toBe('1.250.001');
    expect(fmt('{n, number, percent}', { n: 0.25 }, 'id-ID', ID)).toMatch(/^25\s?%$/);
    // A plural's # is a number too.
    expect(fmt('{n, plural, other {# users}}', { n: 12000 }, 'id-ID', ID)).toBe('12.000 users');
  });

  it("dates are formatted in the market's time zone (a UTC server and a phone agree)", () => {
    // 2026-01-31 20:00 UTC is already 1 February in Jakarta.
    const at = Date.UTC(2026, 0, 31, 20, 0);
    expect(fmt('{d, date, long}', { d: at }, 'id-ID', ID)).toBe('1 Februari 2026');
    expect(fmt('{d, date, long}', { d: at })).toBe('1 February 2026');
    expect(fmt('{d, date, ::yyyyMMdd}', { d: at })).toMatch(/2026/);
  });

  it('plain {name} copy works as before; a missing or wrong-kind argument shows as written', () => {
    expect(fmt('Hello {name}!', { name: 'Sari' })).toBe('Hello Sari!');
    expect(fmt('Hello {name}!', {})).toBe('Hello {name}!');
    expect(fmt(days, {})).toBe('{count}');
    expect(fmt('{n, number}', { n: 'abc' })).toBe('abc');
    expect(fmt('{d, date}', { d: 'not a date' })).toBe('{d}');
  });

  it('quoted ICU text and tags stay literal text', () => {
    expect(fmt("It''s '{'not an arg'}'", {})).toBe("It's {not an arg}");
    expect(fmt('<b>{n}</b>', { n: 1 })).toBe('<b>1</b>');
  });
});
