import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { screensDir, validateDirectory } from './validate-documents.js';

/** Each test edits a fresh copy of the default documents, as `npm run validate` reads them. */
let dir: string;
beforeEach(() => {
  dir = join(mkdtempSync(join(tmpdir(), 'sdui-money-')), 'screens');
  cpSync(screensDir, dir, { recursive: true });
});
afterEach(() => rmSync(join(dir, '..'), { recursive: true, force: true }));

const CONFIRM = 'pages/loans/loan-confirm.json';
/** Replaces one binding of the loan confirmation screen as an editor would in its JSON. */
function rewrite(from: string, to: string) {
  const file = join(dir, CONFIRM);
  const text = readFileSync(file, 'utf8');
  expect(text).toContain(from);
  writeFileSync(file, text.replace(from, to));
}
const moneyErrors = () => validateDirectory(dir).errors.filter((e) => e.message.startsWith('money binding'));

describe('money bindings go through the money reader', () => {
  it('accepts the default documents (market constants may use thousands)', () => {
    expect(validateDirectory(dir).errors).toEqual([]);
  });

  it('refuses thousands() on a backend amount, naming the file, the pointer and the helper to use', () => {
    rewrite(
      '{{ amount(state.c.amount) }}',
      '{{ market.currency.symbol }}{{ thousands(state.c.amount, market.number) }}',
    );
    const errors = moneyErrors();
    expect(errors).toHaveLength(1);
    expect(errors[0].file).toBe(`screens/${CONFIRM}`);
    expect(errors[0].pointer).toMatch(/^\/body\/.*\/value$/);
    expect(errors[0].message).toContain('thousands() reads a value that is not a market constant');
    expect(errors[0].message).toContain('amount(x)');
  });

  it('refuses stripDots() on an amount sent to the backend and sum() of amounts', () => {
    rewrite('"{{ amountDigits(state.c.amount) }}"', '"{{ stripDots(state.c.amount) }}"');
    rewrite('{{ amount(item.amount) }}', "{{ amount(sum(state.c.repay_plans, 'amount')) }}");
    const messages = moneyErrors().map((e) => e.message);
    expect(messages).toHaveLength(2);
    expect(messages.some((m) => m.includes('stripDots()') && m.includes('amountDigits(x)'))).toBe(true);
    expect(
      messages.some((m) => m.includes('sum() adds amounts ("amount")') && m.includes('sumAmounts(list, field)')),
    ).toBe(true);
  });

  it('refuses a bypass in a condition too', () => {
    rewrite('"when": "state.c.periods"', `"when": "thousands(state.c.amount) != ''"`);
    expect(moneyErrors()).toHaveLength(1);
  });
});
