import { describe, expect, it } from 'vitest';
import { chiSquareSurvival1, sampleRatioP } from './chi-square.js';

describe('chi-square with one degree of freedom', () => {
  it('gives the table values: 3.841 at 0.05, 6.635 at 0.01, 10.828 at 0.001', () => {
    expect(chiSquareSurvival1(3.841458820694124)).toBeCloseTo(0.05, 12);
    expect(chiSquareSurvival1(6.634896601021214)).toBeCloseTo(0.01, 12);
    expect(chiSquareSurvival1(10.827566170662733)).toBeCloseTo(0.001, 12);
  });

  it('keeps its relative accuracy far in the tail (erfc(5) = 1.5375e-12 at x = 50)', () => {
    expect(chiSquareSurvival1(50) / 1.5374597944280349e-12).toBeCloseTo(1, 10);
    expect(chiSquareSurvival1(0)).toBe(1);
    expect(chiSquareSurvival1(Infinity)).toBe(0);
  });

  it('tests a split: a perfect one has p = 1, nobody exposed too', () => {
    expect(sampleRatioP(500, 500, 0.5)).toBe(1);
    expect(sampleRatioP(900, 100, 0.1)).toBe(1);
    expect(sampleRatioP(0, 0, 0.5)).toBe(1);
  });
});
