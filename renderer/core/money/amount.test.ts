import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountDigits, formatAmount, groupThousands, readAmount } from './amount';
import ID from '../../../screens/markets/ID.json';
import IN from '../../../screens/markets/IN.json';

const MARKETS = { ID: ID.number, IN: IN.number };
/** India as a backend with the other common convention would send it: comma groups, period decimals. */
const COMMA = { thousandsSeparator: ',', decimalSeparator: '.' };

const value = (v: unknown, format: unknown = ID.number, minor = 1) => {
  const r = readAmount(v, format, minor);
  return r.kind === 'amount' ? r.value : r.kind;
};

describe('readAmount: every representation a backend sends', () => {
  it('a number', () => {
    expect(value(1250000)).toBe(1250000);
    expect(value(0)).toBe(0);
    expect(value(1250000.5)).toBe(1250000.5);
  });

  it('a plain numeric string', () => {
    expect(value('1250000')).toBe(1250000);
    expect(value(' 700000 ')).toBe(700000);
    expect(value('1250000.5')).toBe(1250000.5);
    expect(value('1250000,50')).toBe(1250000.5);
  });

  it("a string with the market's thousands separator", () => {
    expect(value('700.000')).toBe(700000);
    expect(value('2.000.000')).toBe(2000000);
    expect(value('1.250.000')).toBe(1250000);
    expect(value('1,250,000', COMMA)).toBe(1250000);
  });

  it('such a string with a decimal part', () => {
    expect(value('1.250.000,50')).toBe(1250000.5);
    expect(value('1,250,000.50', COMMA)).toBe(1250000.5);
  });

  it('minor units where the API map says so', () => {
    expect(value(125000050, ID.number, 100)).toBe(1250000.5);
    expect(value('125.000.050', ID.number, 100)).toBe(1250000.5);
  });

  it('nothing there is empty, garbage is unreadable — never a wrong number or NaN', () => {
    for (const v of [null, undefined, '', '  ']) expect(value(v)).toBe('empty');
    for (const v of [
      'abc',
      '1.25.000',
      '1.2500.000',
      '12a',
      'NaN',
      NaN,
      Infinity,
      {},
      [],
      true,
      '1.250.000,50,1',
      'Rp 1.000',
    ])
      expect(value(v)).toBe('unreadable');
  });
});

describe('formatAmount and amountDigits', () => {
  it("formats with the market's separators, a fraction with its two minor digits", () => {
    expect(formatAmount(2000000, ID.number)).toBe('2.000.000');
    expect(formatAmount(700000, IN.number)).toBe('700.000');
    expect(formatAmount(1250000.5, ID.number)).toBe('1.250.000,50');
    expect(formatAmount(1250000.5, COMMA)).toBe('1,250,000.50');
    expect(formatAmount(999, ID.number)).toBe('999');
  });

  it('sends digits only', () => {
    expect(amountDigits(1250000)).toBe('1250000');
    expect(amountDigits(1100000.0000001)).toBe('1100000');
  });
});

describe('property: format then read gives the amount back, in either market', () => {
  const cents = fc.integer({ min: -1e13, max: 1e13 });
  const markets = fc.constantFrom(MARKETS.ID, MARKETS.IN, COMMA);

  it('round-trips every amount with up to two decimals', () => {
    fc.assert(
      fc.property(cents, markets, (c, format) => {
        const amount = c / 100;
        expect(value(formatAmount(amount, format), format)).toBe(amount);
      }),
      { numRuns: 2000 },
    );
  });

  it('a number, its plain string, its grouped string and its minor units all read and format the same', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e13 }), markets, (c, format) => {
        const amount = c / 100;
        const shown = formatAmount(amount, format);
        const readings = [amount, String(amount), shown].map((v) => value(v, format));
        readings.push(value(c, format, 100));
        for (const r of readings) expect(formatAmount(r as number, format)).toBe(shown);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('groupThousands (the amount input and formatAmount group through it)', () => {
  it("groups a digit string with the market's separator, beyond what a number holds exactly", () => {
    expect(groupThousands('1500000', ID.number)).toBe('1.500.000');
    expect(groupThousands('1500000', COMMA)).toBe('1,500,000');
    expect(groupThousands('999', COMMA)).toBe('999');
    expect(groupThousands('', COMMA)).toBe('');
    expect(groupThousands('123456789012345678', COMMA)).toBe('123,456,789,012,345,678');
    expect(groupThousands('1500000', { thousandsSeparator: '' })).toBe('1500000');
  });
  it('agrees with formatAmount for every whole amount', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e12 }),
        fc.constantFrom(ID.number, COMMA),
        (n, f) => groupThousands(String(n), f) === formatAmount(n, f),
      ),
    );
  });
});
