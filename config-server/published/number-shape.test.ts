import { describe, expect, it } from 'vitest';
import { numberShapeOf } from './number-shape.js';

describe('numberShapeOf: what the bundle tells the app about writing numbers', () => {
  it('India groups in lakhs with a comma; Indonesia in thousands with a period', () => {
    expect(numberShapeOf({ locale: 'en-IN' })).toEqual({ locale: 'en-IN', group: ',', decimal: '.', lakhs: true });
    expect(numberShapeOf({ locale: 'id-ID', thousandsSeparator: ',' })).toEqual({
      locale: 'id-ID',
      group: '.',
      decimal: ',',
      lakhs: false,
    });
  });

  it('a market without a usable locale gets the fallback locale’s shape, as its numbers do', () => {
    expect(numberShapeOf({ locale: 'xx-YY' })?.locale).toBe('id-ID');
    expect(numberShapeOf(undefined)?.locale).toBe('id-ID');
  });

  it('none for a locale the shape cannot write as Intl does: the app then uses Intl', () => {
    // Marathi writes Devanagari digits; Spanish leaves 1000 ungrouped; Swedish writes U+2212 as its minus.
    for (const locale of ['mr-IN', 'es-ES', 'sv-SE']) expect(numberShapeOf({ locale }), locale).toBeUndefined();
    expect(numberShapeOf({ locale: 'en-US' })).toEqual({ locale: 'en-US', group: ',', decimal: '.', lakhs: false });
  });
});
