import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountDigits, formatAmount, formatMoney, groupAmountDigits, readAmount } from './amount';
import ID from '../../../screens/markets/ID.json';
import IN from '../../../screens/markets/IN.json';

/** An ops override: Indonesia's pattern with comma groups and period decimals. */
const COMMA = { locale: 'id-ID', thousandsSeparator: ',', decimalSeparator: '.' };

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

  it('eighty thousand, however a backend writes it, in either market', () => {
    for (const format of [ID.number, IN.number, COMMA])
      for (const v of ['80.000', '80,000', 80000, '80000', '80000.00', '80000,00', '80.000,00', '80,000.00'])
        expect(value(v, format)).toBe(80000);
    expect(value(8000000, IN.number, 100)).toBe(80000);
    expect(value('80.000,00', IN.number, 1)).toBe(80000);
  });
  it('Indian grouping, with or without decimals, and a negative amount', () => {
    expect(value('3,50,000', IN.number)).toBe(350000);
    expect(value('1,23,45,678.50', IN.number)).toBe(12345678.5);
    expect(value('3,50,000', ID.number)).toBe(350000);
    expect(value('-3,50,000', IN.number)).toBe(-350000);
    expect(value('\u22121.500', ID.number)).toBe(-1500);
  });
  it("a string with the market's thousands separator", () => {
    expect(value('700.000')).toBe(700000);
    expect(value('2.000.000')).toBe(2000000);
    expect(value('1.250.000')).toBe(1250000);
    expect(value('1,250,000', COMMA)).toBe(1250000);
  });

  it('a fraction below one is never read as thousands: no grouped number starts with a 0 group', () => {
    for (const format of [ID.number, IN.number, COMMA]) {
      expect(value('0.500', format)).toBe(0.5);
      expect(value('0,500', format)).toBe(0.5);
      expect(value('-0.250', format)).toBe(-0.25);
    }
    expect(value('0,50,000', IN.number)).toBe('unreadable');
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
  it("formats in the market's locale, a fraction with its two minor digits", () => {
    expect(formatAmount(2000000, ID.number)).toBe('2.000.000');
    expect(formatAmount(350000, IN.number)).toBe('3,50,000');
    expect(formatAmount(80000, IN.number)).toBe('80,000');
    expect(formatAmount(12345678.5, IN.number)).toBe('1,23,45,678.50');
    expect(formatAmount(1250000.5, ID.number)).toBe('1.250.000,50');
    expect(formatAmount(1250000.5, COMMA)).toBe('1,250,000.50');
    expect(formatAmount(999, ID.number)).toBe('999');
  });
  it('zero and negative amounts', () => {
    expect(formatAmount(0, IN.number)).toBe('0');
    expect(formatAmount(-0, ID.number)).toBe('0');
    expect(formatAmount(0.001, IN.number)).toBe('0');
    expect(formatAmount(-350000, IN.number)).toBe('-3,50,000');
    expect(formatAmount(-1250000.5, ID.number)).toBe('-1.250.000,50');
    expect(formatMoney(-1500, IN)).toBe('-₹1,500');
    expect(formatMoney(0, ID)).toBe('Rp0');
    expect(formatMoney(350000, ID)).toBe('Rp350.000');
    expect(formatMoney(350000, IN)).toBe('₹3,50,000');
  });
  it('minor units read, then shown in the market locale', () => {
    expect(formatAmount(value(35000050, IN.number, 100) as number, IN.number)).toBe('3,50,000.50');
    expect(formatAmount(value('3,50,000', IN.number, 100) as number, IN.number)).toBe('3,500');
    expect(formatAmount(value(8000000, ID.number, 100) as number, ID.number)).toBe('80.000');
  });
  it('sends digits only', () => {
    expect(amountDigits(1250000)).toBe('1250000');
    expect(amountDigits(1100000.0000001)).toBe('1100000');
  });
});

describe('property: format then read gives the amount back, in either market', () => {
  const cents = fc.integer({ min: -1e13, max: 1e13 });
  const markets = fc.constantFrom(ID.number, IN.number, COMMA);

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

describe('groupAmountDigits (the amount input groups as the borrower types)', () => {
  it("groups a digit string in the market's locale, beyond what a number holds exactly", () => {
    expect(groupAmountDigits('350000', IN.number)).toBe('3,50,000');
    expect(groupAmountDigits('1500000', ID.number)).toBe('1.500.000');
    expect(groupAmountDigits('1500000', COMMA)).toBe('1,500,000');
    expect(groupAmountDigits('999', IN.number)).toBe('999');
    expect(groupAmountDigits('', IN.number)).toBe('');
    expect(groupAmountDigits('123456789012345678', ID.number)).toBe('123.456.789.012.345.678');
    expect(groupAmountDigits('1500000', { locale: 'en-IN', thousandsSeparator: '' })).toBe('1500000');
  });
  it('agrees with formatAmount for every whole amount', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e12 }),
        fc.constantFrom(ID.number, IN.number, COMMA),
        (n, f) => groupAmountDigits(String(n), f) === formatAmount(n, f),
      ),
    );
  });
});
