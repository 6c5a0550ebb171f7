/**
 * Exact binomial tail probabilities, computed in log space so that thousands of trials and p-values near 1e-300 stay
 * accurate: the guard's tests (guard-rule.ts) are exact tests, not normal approximations, because their decisions are
 * made on small counts (a few dozen page views).
 */

// Lanczos approximation (g = 7, 9 terms): |relative error| < 1e-13 for the arguments used here.
const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
  12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];

/** ln Γ(x) for x > 0. */
export function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - logGamma(1 - x);
  const z = x - 1;
  let a = LANCZOS[0];
  const t = z + 7.5;
  for (let i = 1; i < 9; i++) a += LANCZOS[i] / (z + i);
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(a);
}

/** ln P(X = k) for X ~ Binomial(n, p), 0 < p < 1. */
function logPmf(n: number, k: number, p: number): number {
  return logGamma(n + 1) - logGamma(k + 1) - logGamma(n - k + 1) + k * Math.log(p) + (n - k) * Math.log1p(-p);
}

/**
 * P(X ≥ k) for X ~ Binomial(n, p). Sums from `k` towards the far tail, whose terms shrink geometrically beyond the
 * mode, stopping once they no longer change the sum: a few dozen terms whatever n is.
 */
export function binomialUpperTail(n: number, k: number, p: number): number {
  if (k <= 0) return 1;
  if (k > n) return 0;
  if (p <= 0) return 0;
  if (p >= 1) return 1;
  const mode = Math.floor((n + 1) * p);
  if (k > mode) {
    // Terms fall from k on: term(i+1) = term(i) · (n − i)/(i + 1) · p/(1 − p).
    let term = Math.exp(logPmf(n, k, p));
    let sum = 0;
    const ratio = p / (1 - p);
    for (let i = k; i <= n && term > 0; i++) {
      sum += term;
      if (term < sum * 1e-17) break;
      term *= ((n - i) / (i + 1)) * ratio;
    }
    return Math.min(1, sum);
  }
  // At or below the mode the tail is large: one minus the lower tail, whose terms fall from k − 1 downwards.
  let term = Math.exp(logPmf(n, k - 1, p));
  let sum = 0;
  const ratio = (1 - p) / p;
  for (let i = k - 1; i >= 0 && term > 0; i--) {
    sum += term;
    if (term < sum * 1e-17) break;
    term *= (i / (n - i + 1)) * ratio;
  }
  return Math.max(0, 1 - sum);
}
