/**
 * Answer styles of the sandbox (option `style`, env SANDBOX_STYLE). A real loan backend sends the
 * spec's fields in other shapes than the sandbox's own ('plain'): the 'strings' style plays such a backend, so
 * the screens can be tried against it. `styleAnswer` rewrites a success answer's `data` just before its
 * envelope is written; handlers never know the style.
 *
 * 'strings', deep (every nested object and array):
 * - an amount (AMOUNT_KEYS) that is a number → a string grouped in the market's locale: 1250000 → "1.250.000"
 *   (Indonesia), 12500 → "12,500" (India);
 * - a flag or code (FLAG_KEYS) that is a number or boolean → a string: 1 → "1", 500 → "500", true → "1", false → "0";
 * - a term unit in words (`termUnit`) → its number code as a string: 'day' → "1";
 * - a list answer (LIST_ANSWER_PATHS, whose data is `{ ..., list: [...] }`) → the list itself, a bare array.
 * Anything else is left as it is. The input is never changed (it may be seed or session data).
 */

import { ID_SEED, seedDigits, type MarketSeed } from './market-seed.js';

export type AnswerStyle = 'plain' | 'strings';
export const ANSWER_STYLES: readonly AnswerStyle[] = ['plain', 'strings'];

/** `SANDBOX_STYLE`: unset is `plain`; anything not a style stops the start, naming those there are. */
export function sandboxStyleFromEnv(env: NodeJS.ProcessEnv): AnswerStyle {
  const value = env.SANDBOX_STYLE;
  if (value === undefined || value === '') return 'plain';
  if ((ANSWER_STYLES as readonly string[]).includes(value)) return value as AnswerStyle;
  throw new Error(`SANDBOX_STYLE must be one of ${ANSWER_STYLES.join(', ')} (got '${value.slice(0, 40)}')`);
}

/** Money fields the sandbox answers with as numbers. */
export const AMOUNT_KEYS: ReadonlySet<string> = new Set(['amount', 'totalAmount', 'delayShouldPayAmount']);
/** Flag and code fields the backend defines as numbers (isDelay is already a string in plain style). */
export const FLAG_KEYS: ReadonlySet<string> = new Set([
  'isShow',
  'isScore',
  'canClick',
  'periodStatus',
  'orderStatus',
  'buttonStatus',
  'needValid',
  'isDelay',
  'state',
  'status',
  'code',
]);
/** Calls whose answer becomes the bare list in 'strings' style (sandbox paths, without the /sandbox mount). */
export const LIST_ANSWER_PATHS: ReadonlySet<string> = new Set([
  '/indah/v3/product/recommend-product-list',
  '/sandbox-ext/bank-card/banks',
]);
/** Term units in words → the number codes of a backend that codes them (1 = day). */
export const TERM_UNIT_CODES: Readonly<Record<string, string>> = { day: '1' };

/** Amounts as Indonesia shows them, a period as thousands separator (spec §9): 1250000 → "1.250.000". */
export function formatAmount(n: number): string {
  return seedDigits(ID_SEED, n);
}

function field(key: string, value: unknown, seed: MarketSeed): unknown {
  if (AMOUNT_KEYS.has(key) && typeof value === 'number' && Number.isFinite(value)) return seedDigits(seed, value);
  if (FLAG_KEYS.has(key)) {
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
    if (typeof value === 'boolean') return value ? '1' : '0';
  }
  if (key === 'termUnit' && typeof value === 'string' && Object.hasOwn(TERM_UNIT_CODES, value))
    return TERM_UNIT_CODES[value];
  return rewrite(value, seed);
}

function rewrite(value: unknown, seed: MarketSeed): unknown {
  if (Array.isArray(value)) return value.map((v) => rewrite(v, seed));
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    // defineProperty: a key named __proto__ stays a plain field, as JSON.parse would make it.
    Object.defineProperty(out, k, { value: field(k, v, seed), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/**
 * `data` of a success answer of sandbox `path` in `style` (plain: `data` itself). 'strings' groups amounts as the
 * market's backend would (`seed`: "1.250.000" in Indonesia, "12,500" in India).
 */
export function styleAnswer(style: AnswerStyle, path: string, data: unknown, seed: MarketSeed = ID_SEED): unknown {
  if (style === 'plain') return data;
  const out = rewrite(data, seed);
  if (
    LIST_ANSWER_PATHS.has(path) &&
    out &&
    typeof out === 'object' &&
    Array.isArray((out as { list?: unknown }).list)
  ) {
    return (out as { list: unknown[] }).list;
  }
  return out;
}
