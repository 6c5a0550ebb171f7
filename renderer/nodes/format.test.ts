import { describe, expect, it } from 'vitest';
import { digitsOnly, formatDuration, groupDigits } from './format';

describe('input formats', () => {
  it('keeps digits only, up to a maximum', () => {
    expect(digitsOnly('0812-3a45 678 9999', 11)).toBe('08123456789');
  });
  it('groups a phone 3-4-4 and a card in fours', () => {
    expect(groupDigits('13812345678', [3, 4, 4])).toBe('138 1234 5678');
    expect(groupDigits('1381', [3, 4, 4])).toBe('138 1');
    expect(groupDigits('6222020200112233445', [4])).toBe('6222 0202 0011 2233 445');
  });
  it('shows durations as mm:ss', () => {
    expect(formatDuration(65)).toBe('01:05');
    expect(formatDuration(3661, 'hh:mm:ss')).toBe('01:01:01');
    expect(formatDuration(-3)).toBe('00:00');
  });
});
