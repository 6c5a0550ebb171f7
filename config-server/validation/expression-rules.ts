/**
 * Expressions are checked at validate: every `{{ }}` binding, `when` and `cond` (any value the schemas type
 * as an expression) of a screen or landing template is parsed with the renderer's own parser, so a broken one fails
 * `npm run validate`, the console's validate and publish instead of reaching borrowers, where the renderer only logs
 * it and draws nothing. An error names the file, the JSON pointer and the position in the string as written.
 *
 * Beyond syntax it refuses only what the evaluator can never run (`a b`, `this`): what a name reads is decided at
 * run time (state, the answer of a call), so unknown names are not errors here.
 */
import type jsep from 'jsep';
import { parse, type Ast } from '../../renderer/core/index.js';
import type { Reference } from './collect-references.js';
import { bindingsOf, templatesIn, unclosedAt } from './template-strings.js';
import type { DocumentError } from './validation-types.js';

/** Kinds whose strings the renderer evaluates. */
const EVALUATED_KINDS = new Set(['screen', 'landing-template']);

/** What renderer/core/expressions/evaluate.ts runs; anything else parses but always fails there. */
const RUNNABLE = new Set([
  'Literal',
  'Identifier',
  'MemberExpression',
  'ArrayExpression',
  'ObjectExpression',
  'UnaryExpression',
  'BinaryExpression',
  'ConditionalExpression',
  'CallExpression',
]);
const WHAT: Record<string, string> = {
  Compound: 'two expressions side by side (a missing operator or comma?)',
  ThisExpression: '`this` is not part of the language',
  SequenceExpression: 'a comma outside a call or list',
};

/** The first construct in `node` the evaluator does not run, in words. */
function unrunnable(node: unknown): string | undefined {
  if (!node || typeof node !== 'object') return undefined;
  const n = node as Ast;
  if (typeof n.type === 'string' && !RUNNABLE.has(n.type)) return WHAT[n.type] ?? `${n.type} is not supported`;
  if (n.type === 'Literal' && (n as jsep.Literal).value instanceof RegExp)
    return 'regular expressions are not supported';
  for (const v of Object.values(n)) {
    const found = Array.isArray(v)
      ? v.map(unrunnable).find(Boolean)
      : v && typeof v === 'object'
        ? unrunnable(v)
        : undefined;
    if (found) return found;
  }
  return undefined;
}

/** Why `expr` cannot run and where (index in `expr`), or undefined when it parses into something runnable. */
export function expressionProblem(expr: string): { at: number; message: string } | undefined {
  if (!expr.trim()) return { at: 0, message: 'empty expression' };
  const ast = parse(expr);
  if (ast instanceof Error) {
    const e = ast as Error & { index?: number; description?: string };
    return { at: typeof e.index === 'number' ? e.index : 0, message: e.description ?? e.message };
  }
  let why: string | undefined;
  try {
    why = unrunnable(ast);
  } catch {
    // A chain of thousands of operators parses (jsep builds it in a loop) but is too deep to walk.
    why = 'nested too deeply: split it into shorter expressions';
  }
  return why ? { at: expr.length - expr.trimStart().length, message: why } : undefined;
}

const shown = (s: string) => JSON.stringify(s.length > 80 ? `${s.slice(0, 77)}...` : s);

/** `doc`'s bindings (every string with `{{`) and its bare expressions (`when`, `cond`: from the schema walk). */
export function checkExpressions(
  file: string,
  kind: unknown,
  doc: unknown,
  references: readonly Reference[],
): DocumentError[] {
  if (typeof kind !== 'string' || !EVALUATED_KINDS.has(kind)) return [];
  const errors: DocumentError[] = [];
  const report = (pointer: string, at: number, message: string, value: string) =>
    errors.push({ file, pointer, message: `expression error at ${at}: ${message} in ${shown(value)}` });

  const bare = references.filter((r) => r.kind === 'expression' && !r.template && typeof r.value === 'string');
  const barePointers = new Set(bare.map((r) => r.pointer));
  for (const ref of bare) {
    const value = ref.value as string;
    const problem = expressionProblem(value);
    // A bare expression is evaluated as it is: `{{ }}` there is a mistake the parser reports.
    if (problem) report(ref.pointer, problem.at, problem.message, value);
  }
  for (const { value, pointer } of templatesIn(doc)) {
    if (barePointers.has(pointer)) continue;
    for (const b of bindingsOf(value)) {
      const problem = expressionProblem(b.expr);
      if (problem) report(pointer, b.at + problem.at, problem.message, value);
    }
    const open = unclosedAt(value);
    if (open >= 0) report(pointer, open, '`{{` without its closing `}}` (borrowers would see it as text)', value);
  }
  return errors;
}
