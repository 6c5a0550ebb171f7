/**
 * The sample-ratio-mismatch test: Pearson's chi-square goodness of fit of the two arms' exposures against the split the
 * release was configured with. Two arms give one degree of freedom, whose upper tail is Q(1/2, x/2), the regularized
 * upper incomplete gamma function: a series below a + 1, Lentz's continued fraction above (Numerical Recipes, 6.2),
 * both to machine precision, so p-values near 1e-9 keep their relative accuracy (scipy's `chisquare` to 1e-12 in
 * the reference fixture).
 */

const HALF_LOG_PI = 0.5 * Math.log(Math.PI); // ln Γ(1/2)
const EPS = 1e-15;
const TINY = 1e-300;
const MAX_TERMS = 500;

/** P(X ≥ x) for X ~ χ² with one degree of freedom. */
export function chiSquareSurvival1(x: number): number {
  if (!(x > 0)) return 1;
  if (!Number.isFinite(x)) return 0;
  const a = 0.5;
  const z = x / 2;
  const prefix = Math.exp(-z + a * Math.log(z) - HALF_LOG_PI);
  if (z < a + 1) {
    // Lower series P(a, z) = e^-z z^a / Γ(a) · Σ z^n / (a (a+1) ... (a+n)); Q = 1 − P.
    let term = 1 / a;
    let sum = term;
    for (let n = 1; n < MAX_TERMS; n++) {
      term *= z / (a + n);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * EPS) break;
    }
    return Math.max(0, 1 - sum * prefix);
  }
  // Upper continued fraction, modified Lentz.
  let b = z + 1 - a;
  let c = 1 / TINY;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < MAX_TERMS; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < TINY) d = TINY;
    c = b + an / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < EPS) break;
  }
  return Math.min(1, prefix * h);
}

/**
 * p of the chi-square goodness-of-fit test of `base` and `candidate` exposures against a split that gives the
 * candidate `candidateShare` (0 < share < 1) of borrowers. 1 when nobody is exposed yet.
 */
export function sampleRatioP(base: number, candidate: number, candidateShare: number): number {
  const total = base + candidate;
  if (total <= 0) return 1;
  const expectedCandidate = total * candidateShare;
  const expectedBase = total - expectedCandidate;
  const x = (base - expectedBase) ** 2 / expectedBase + (candidate - expectedCandidate) ** 2 / expectedCandidate;
  return chiSquareSurvival1(x);
}
