import { describe, expect, it } from 'vitest';
import { BIN_COUNT, binEnd, binOf, binStart, countAbove, quantileBin, quantileMs } from './timing-bins.js';

describe('timing bins', () => {
  it('are 50 ms wide up to 10 s, then 1 s wide up to 60 s, every timing in exactly one', () => {
    expect([
      binOf(0),
      binOf(49),
      binOf(50),
      binOf(9999),
      binOf(10_000),
      binOf(10_999),
      binOf(11_000),
      binOf(60_000),
    ]).toEqual([0, 0, 1, 199, 200, 200, 201, 250]);
    expect(BIN_COUNT).toBe(251);
    expect([binOf(-5), binOf(1e9)]).toEqual([0, 250]);
    for (let b = 0; b < BIN_COUNT; b++) {
      expect(binOf(binStart(b))).toBe(b);
      expect(binOf(binEnd(b) - 1)).toBe(b);
    }
  });

  it('give quantiles from the sums alone, interpolated inside a bin', () => {
    const h: number[] = [];
    for (const ms of [900, 1000, 1100, 1100]) h[binOf(ms)] = (h[binOf(ms)] ?? 0) + 1;
    expect(quantileBin(h, 0.75)).toBe(binOf(1100));
    expect(quantileMs(h, 0.75)).toBe(1125);
    expect(quantileMs(h, 0.5)).toBe(1050);
    expect(quantileMs([], 0.75)).toBeNull();
    expect(countAbove(h, binOf(1000))).toBe(2);
    expect(countAbove(h, binOf(1100))).toBe(0);
  });
});
