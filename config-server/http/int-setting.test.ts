import { describe, expect, it } from 'vitest';
import { intSetting } from './int-setting.js';

const range = { fallback: 7, min: 0, max: 365, unit: 'days' };

describe('a whole-number setting from the environment', () => {
  it('is the default when unset or blank, and the number when in range', () => {
    expect(intSetting({}, 'X_DAYS', range)).toBe(7);
    expect(intSetting({ X_DAYS: '  ' }, 'X_DAYS', range)).toBe(7);
    expect(intSetting({ X_DAYS: ' 0 ' }, 'X_DAYS', range)).toBe(0);
    expect(intSetting({ X_DAYS: '365' }, 'X_DAYS', range)).toBe(365);
  });

  it('stops the start naming the variable, unit and range for anything else', () => {
    for (const bad of ['366', '-1', '1.5', 'a week', '0x10'])
      expect(() => intSetting({ X_DAYS: bad }, 'X_DAYS', range)).toThrow(
        `X_DAYS must be a whole number of days from 0 to 365 (got '${bad}')`,
      );
    expect(() => intSetting({ N: 'many' }, 'N', { fallback: 1, min: 1, max: 9 })).toThrow(
      "N must be a whole number from 1 to 9 (got 'many')",
    );
  });
});
