/**
 * Money from a backend is read by one reader (renderer/core/money/amount.ts through the `amount`,
 * `amountValue`, `amountDigits` and `sumAmounts` helpers), which knows the market's separators. The older
 * number helpers do not: `thousands("700.000")` shows 700, `stripDots("1.250.000,50")` sends 125000050 and
 * `sum` reads "350.000" as 350. They stay for market constants (`thousands(market.userCount, market.number)`);
 * anywhere else in a screen or template they are refused, naming the file, the pointer and the helper to use.
 */
import type jsep from 'jsep';
import { parse, type Ast } from '../../renderer/core/index.js';
import type { Reference } from './collect-references.js';
import { bindingsOf, templatesIn } from './template-strings.js';
import type { DocumentError } from './validation-types.js';

/** The bypassing helper → what reads the same value through the money reader. */
const BYPASS: Record<string, string> = {
  thousands: 'amount(x) (or amountValue(x) in a condition)',
  money: "amount(x), with the API map's read.minorUnits for amounts in minor units",
  stripDots: 'amountDigits(x)',
};
const MONEY_FIELD = /amount|fee|total|price|principal|interest/i;
const QUICK = /\b(thousands|money|stripDots|sum)\s*\(/;

/** The `{{ }}` parts of a template, or the whole string when it is a plain expression. */
function expressionsOf(text: string): string[] {
  return text.includes('{{') ? bindingsOf(text).map((b) => b.expr) : [text];
}

/** Whether a value reads only market constants and literals (nothing a backend, the URL or a borrower sent). */
function constantOnly(node: Ast | undefined): boolean {
  if (!node) return true;
  switch (node.type) {
    case 'Literal':
      return true;
    case 'Identifier':
      return (node as jsep.Identifier).name === 'market';
    case 'MemberExpression': {
      const m = node as jsep.MemberExpression;
      return constantOnly(m.object) && (!m.computed || constantOnly(m.property));
    }
    case 'BinaryExpression':
    case 'LogicalExpression': {
      const b = node as jsep.BinaryExpression;
      return constantOnly(b.left) && constantOnly(b.right);
    }
    case 'UnaryExpression':
      return constantOnly((node as jsep.UnaryExpression).argument);
    default:
      return false;
  }
}

/** Bypassing calls in one expression, as messages. */
function bypassesIn(node: unknown, out: string[]): void {
  if (!node || typeof node !== 'object') return;
  const n = node as Ast;
  if (n.type === 'CallExpression') {
    const c = n as jsep.CallExpression;
    const name = c.callee.type === 'Identifier' ? (c.callee as jsep.Identifier).name : '';
    const [first, second] = c.arguments;
    if (Object.hasOwn(BYPASS, name) && !constantOnly(first)) {
      out.push(
        `${name}() reads a value that is not a market constant: read backend, URL and state amounts with ${BYPASS[name]}`,
      );
    } else if (
      name === 'sum' &&
      !constantOnly(first) &&
      second?.type === 'Literal' &&
      MONEY_FIELD.test(String((second as jsep.Literal).value))
    ) {
      out.push(
        `sum() adds amounts (${JSON.stringify((second as jsep.Literal).value)}) without the money reader: use sumAmounts(list, field)`,
      );
    }
  }
  for (const v of Object.values(n)) {
    if (Array.isArray(v)) v.forEach((x) => bypassesIn(x, out));
    else if (v && typeof v === 'object') bypassesIn(v, out);
  }
}

/** `doc`'s templates plus the plain expressions (conditions) its schema walk found. */
export function checkMoneyBindings(file: string, doc: unknown, references: readonly Reference[]): DocumentError[] {
  const errors: DocumentError[] = [];
  const conditions = references.filter(
    (r) => r.kind === 'expression' && typeof r.value === 'string' && !r.value.includes('{{'),
  );
  for (const ref of [
    ...templatesIn(doc),
    ...conditions.map((r) => ({ value: r.value as string, pointer: r.pointer })),
  ]) {
    if (!QUICK.test(ref.value)) continue;
    for (const expr of expressionsOf(ref.value)) {
      const ast = parse(expr);
      if (ast instanceof Error) continue;
      const found: string[] = [];
      bypassesIn(ast, found);
      for (const message of found)
        errors.push({ file, pointer: ref.pointer, message: `money binding "${expr.trim().slice(0, 80)}": ${message}` });
    }
  }
  return errors;
}
