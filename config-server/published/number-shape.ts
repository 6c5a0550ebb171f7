/**
 * The bundle's number shape: how the market's number locale writes numbers, read from this server's Intl at
 * publish, so the app writes the drawn page's very text without Intl.NumberFormat (whose first use costs 100-200 ms
 * of main thread at 4× CPU, inside hydration). A locale this shape cannot write exactly (digits of another script, a
 * minimum of two digits before grouping, another minus sign) gets none, and the app uses Intl there as the server does.
 */
import type { NumberShape } from '../../schemas/generated/types.js';
import { groupsInLakhs, intlNumber, numberFormatOf, separatorsOf, writeByShape } from '../../renderer/core/index.js';

/** Numbers and the decimals they are written with ([min, max]) that the shape must write as Intl does. */
const CHECKS: [number, number, number][] = [
  [0, 0, 0],
  [7, 0, 0],
  [1000, 0, 0],
  [350000, 0, 0],
  [123456789012, 0, 0],
  [-1234567, 0, 0],
  [1250000.5, 2, 2],
  [1.005, 0, 2],
  [0.125, 2, 2],
  [-0.0001, 0, 3],
  [98765.4321, 0, 3],
  [2.5, 0, 0],
];

/** The shape of the locale `number` (a market document's) formats in, or undefined when Intl must write it. */
export function numberShapeOf(number: unknown): NumberShape | undefined {
  const { locale } = numberFormatOf(number);
  const { group, decimal } = separatorsOf({ locale });
  const shape: NumberShape = { locale, group, decimal, lakhs: groupsInLakhs({ locale }) };
  // The server's own text, without overrides: what the drawn page shows for that locale.
  const intl = { locale, group: null, decimal: null };
  const exact = CHECKS.every(
    ([n, min, max]) =>
      writeByShape(n, shape, min, max) ===
      intlNumber(n, intl, { minimumFractionDigits: min, maximumFractionDigits: max }),
  );
  return exact ? shape : undefined;
}
