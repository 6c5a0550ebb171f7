import { describe, expect, it } from 'vitest';
import { binomialUpperTail, logGamma } from './binomial.js';

/** P(X ≥ k) summed term by term from exact log-factorials: slow, obviously right. */
function naiveTail(n: number, k: number, p: number): number {
  const lf = [0];
  for (let i = 1; i <= n; i++) lf[i] = lf[i - 1] + Math.log(i);
  let s = 0;
  for (let i = k; i <= n; i++) s += Math.exp(lf[n] - lf[i] - lf[n - i] + i * Math.log(p) + (n - i) * Math.log(1 - p));
  return s;
}

describe('binomialUpperTail', () => {
  it('matches known values', () => {
    expect(binomialUpperTail(31, 30, 0.5)).toBeCloseTo(32 / 2 ** 31, 20);
    expect(binomialUpperTail(10, 3, 0.3)).toBeCloseTo(1 - (0.0282475249 + 0.121060821 + 0.2334744405), 9);
    expect(binomialUpperTail(10, 0, 0.3)).toBe(1);
    expect(binomialUpperTail(10, 11, 0.3)).toBe(0);
    expect(binomialUpperTail(10, 10, 0.5)).toBeCloseTo(1 / 1024, 15);
  });

  it('agrees with a term-by-term sum on both sides of the mode, small and large n', () => {
    for (const [n, p] of [
      [20, 0.5],
      [61, 0.4],
      [300, 0.02],
      [2000, 0.51],
    ] as const) {
      for (let k = 0; k <= n; k += Math.max(1, Math.floor(n / 37))) {
        const want = naiveTail(n, k, p);
        const got = binomialUpperTail(n, k, p);
        expect(Math.abs(got - want), `n=${n} k=${k} p=${p}`).toBeLessThanOrEqual(1e-9 * Math.max(want, 1e-300) + 1e-12);
      }
    }
  });

  it('logGamma(n + 1) is ln n!', () => {
    expect(logGamma(1)).toBeCloseTo(0, 12);
    expect(logGamma(11)).toBeCloseTo(Math.log(3628800), 10);
    expect(logGamma(0.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI)), 10);
  });
});
