import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatNumber, learnNumberShape, writeByShape } from './number-format';

const IN = { locale: 'en-IN', group: ',', decimal: '.', lakhs: true };
const ID = { locale: 'id-ID', group: '.', decimal: ',', lakhs: false };
const intl = (n: number, locale: string, min: number, max: number) =>
  new Intl.NumberFormat(locale, { minimumFractionDigits: min, maximumFractionDigits: max }).format(n);

describe('writeByShape: the text Intl writes, without Intl', () => {
  it('matches Intl in en-IN and id-ID for any number and decimals (Intl is the reference)', () => {
    const numbers = fc.oneof(
      fc.integer({ min: -1e12, max: 1e12 }),
      fc.double({ min: -1e12, max: 1e12, noNaN: true }),
      fc.integer({ min: -1e6, max: 1e6 }).map((n) => n / 1000 + 0.0005),
    );
    fc.assert(
      fc.property(numbers, fc.nat(3), fc.nat(3), (n, a, b) => {
        const [min, max] = [Math.min(a, b), Math.max(a, b)];
        for (const shape of [IN, ID]) {
          const mine = writeByShape(n, shape, min, max);
          if (mine !== null) expect(mine).toBe(intl(n, shape.locale, min, max));
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('rounds half away from zero on the shortest decimal, as Intl does and toFixed does not', () => {
    expect((1.005).toFixed(2)).toBe('1.00');
    expect(writeByShape(1.005, IN, 0, 2)).toBe('1.01');
    expect(writeByShape(-2.5, ID, 0, 0)).toBe('-3');
    expect(writeByShape(-0.0001, ID, 0, 3)).toBe('-0');
    expect(writeByShape(99999.999, IN, 0, 2)).toBe('1,00,000');
  });

  it('groups in lakhs or thousands, and leaves an exponent to Intl', () => {
    expect(writeByShape(123456789, IN, 0, 0)).toBe('12,34,56,789');
    expect(writeByShape(123456789, ID, 0, 0)).toBe('123.456.789');
    expect(writeByShape(12345678901234567890n, ID, 0, 0)).toBe('12.345.678.901.234.567.890');
    expect(writeByShape(1e21, ID, 0, 0)).toBeNull();
    expect(writeByShape(1e-7, ID, 0, 3)).toBeNull();
  });
});

describe('formatNumber with the bundle’s shape', () => {
  afterEach(() => vi.restoreAllMocks());

  it('writes numbers of a learnt locale without making an Intl.NumberFormat, overrides included', () => {
    learnNumberShape(IN);
    learnNumberShape(ID);
    const made = vi.spyOn(Intl, 'NumberFormat');
    // The locale check too: Chromium's first NumberFormat call of any kind loads its locale data (~100 ms at 4×).
    const checked = vi.spyOn(Intl.NumberFormat, 'supportedLocalesOf');
    expect(formatNumber(350000, { locale: 'en-IN' })).toBe('3,50,000');
    expect(formatNumber(1250000.5, { locale: 'id-ID' }, 2)).toBe('1.250.000,50');
    expect(formatNumber('123456789012345678', { locale: 'id-ID' })).toBe('123.456.789.012.345.678');
    expect(formatNumber(1250000.5, { locale: 'id-ID', thousandsSeparator: ',', decimalSeparator: '.' }, 2)).toBe(
      '1,250,000.50',
    );
    expect(formatNumber(350000, { locale: 'en-IN', thousandsSeparator: '' })).toBe('350000');
    expect(made).not.toHaveBeenCalled();
    expect(checked).not.toHaveBeenCalled();
  });

  it('uses Intl for a locale it has no shape of, and ignores a malformed shape', () => {
    learnNumberShape({ locale: 'de-DE', group: 5 } as never);
    learnNumberShape(null as never);
    expect(formatNumber(1234567.5, { locale: 'de-DE' }, 1)).toBe('1.234.567,5');
    expect(formatNumber(1e21, { locale: 'en-IN' })).toBe('1,00,00,00,00,00,00,00,00,00,000');
  });
});
