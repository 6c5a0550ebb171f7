import type jsep from 'jsep';
import { parse, type Ast } from './parse';
import { createHelpers, Unreadable, type Helper, type HelperEnv } from './helpers';

export interface Evaluation {
  value: unknown;
  warnings: string[];
}

/** Names that lead to prototypes or constructors: never readable, never writable. */
export const FORBIDDEN_KEYS = new Set([
  '__proto__',
  'constructor',
  'prototype',
  '__defineGetter__',
  '__defineSetter__',
  '__lookupGetter__',
  '__lookupSetter__',
]);

const defaultHelpers = createHelpers();

class ExprError extends Error {}

const isPlainObject = (v: unknown): v is Record<string, unknown> => {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
};

/** Only own data of plain objects, arrays and strings is readable: no getters of host objects, no inherited members. */
function readMember(obj: unknown, key: unknown): unknown {
  if (typeof key !== 'string' && typeof key !== 'number')
    throw new ExprError(`cannot use ${typeof key} as a property name`);
  const k = String(key);
  if (FORBIDDEN_KEYS.has(k)) throw new ExprError(`access to "${k}" is not allowed`);
  if (obj == null) return undefined;
  if (Array.isArray(obj) || typeof obj === 'string') {
    if (k === 'length') return obj.length;
    return /^\d+$/.test(k) ? (obj as ArrayLike<unknown>)[Number(k)] : undefined;
  }
  if (isPlainObject(obj)) {
    if (!Object.hasOwn(obj, k)) return undefined;
    const desc = Object.getOwnPropertyDescriptor(obj, k);
    return desc && 'value' in desc ? desc.value : undefined;
  }
  return undefined;
}

const BINARY: Record<string, (a: any, b: any) => unknown> = {
  // Loose equality on purpose: backends send 1 and "1" for the same flag (isShow, isDelay).
  '==': (a, b) => a == b,
  '!=': (a, b) => a != b,
  '===': (a, b) => a === b,
  '!==': (a, b) => a !== b,
  '<': (a, b) => a < b,
  '>': (a, b) => a > b,
  '<=': (a, b) => a <= b,
  '>=': (a, b) => a >= b,
  '+': (a, b) => a + b,
  '-': (a, b) => a - b,
  '*': (a, b) => a * b,
  '/': (a, b) => a / b,
  '%': (a, b) => a % b,
};

const plainValue = (v: unknown) => {
  // Functions never leave a call: nothing in scope can hand code to a widget.
  if (typeof v === 'function') throw new ExprError('functions are not values');
  return v;
};

function run(node: Ast, scope: Record<string, unknown>, helpers: Record<string, Helper>, warnings: string[]): unknown {
  switch (node.type) {
    case 'Literal': {
      const v = (node as jsep.Literal).value;
      if (v instanceof RegExp) throw new ExprError('regular expressions are not supported');
      return v;
    }
    case 'Identifier': {
      const name = (node as jsep.Identifier).name;
      if (name === 'undefined') return undefined;
      if (FORBIDDEN_KEYS.has(name)) throw new ExprError(`access to "${name}" is not allowed`);
      if (Object.hasOwn(scope, name)) return plainValue(scope[name]);
      if (Object.hasOwn(helpers, name)) throw new ExprError(`${name} is a function: call it as ${name}(...)`);
      throw new ExprError(`unknown name "${name}"`);
    }
    case 'MemberExpression': {
      const m = node as jsep.MemberExpression;
      const obj = run(m.object, scope, helpers, warnings);
      const key = m.computed ? run(m.property, scope, helpers, warnings) : (m.property as jsep.Identifier).name;
      return plainValue(readMember(obj, key));
    }
    case 'ArrayExpression':
      return (node as jsep.ArrayExpression).elements.map((e) => (e ? run(e, scope, helpers, warnings) : undefined));
    case 'ObjectExpression': {
      const out: Record<string, unknown> = {};
      for (const p of (node as unknown as { properties: { key: string; value: Ast }[] }).properties) {
        if (FORBIDDEN_KEYS.has(p.key)) throw new ExprError(`object key "${p.key}" is not allowed`);
        out[p.key] = run(p.value, scope, helpers, warnings);
      }
      return out;
    }
    case 'UnaryExpression': {
      const u = node as jsep.UnaryExpression;
      const v = run(u.argument, scope, helpers, warnings) as any;
      if (u.operator === '!') return !v;
      if (u.operator === '-') return -v;
      if (u.operator === '+') return +v;
      throw new ExprError(`operator ${u.operator} is not supported`);
    }
    case 'BinaryExpression': {
      const b = node as jsep.BinaryExpression;
      if (b.operator === '&&') return run(b.left, scope, helpers, warnings) && run(b.right, scope, helpers, warnings);
      if (b.operator === '||') return run(b.left, scope, helpers, warnings) || run(b.right, scope, helpers, warnings);
      if (b.operator === '??') return run(b.left, scope, helpers, warnings) ?? run(b.right, scope, helpers, warnings);
      const f = BINARY[b.operator];
      if (!f) throw new ExprError(`operator ${b.operator} is not supported`);
      return f(run(b.left, scope, helpers, warnings), run(b.right, scope, helpers, warnings));
    }
    case 'ConditionalExpression': {
      const c = node as jsep.ConditionalExpression;
      return run(c.test, scope, helpers, warnings)
        ? run(c.consequent, scope, helpers, warnings)
        : run(c.alternate, scope, helpers, warnings);
    }
    case 'CallExpression': {
      const c = node as jsep.CallExpression;
      if (c.callee.type !== 'Identifier')
        throw new ExprError('only helper functions can be called, e.g. len(x), not x.method()');
      const name = (c.callee as jsep.Identifier).name;
      if (!Object.hasOwn(helpers, name)) throw new ExprError(`unknown function "${name}"`);
      const args = c.arguments.map((a) => run(a, scope, helpers, warnings));
      const out = helpers[name](...args);
      if (out instanceof Unreadable) {
        warnings.push(
          `${name}(${c.arguments.map(sourceOf).join(', ')}): ${JSON.stringify(out.value)?.slice(0, 60)} is not ${out.what}`,
        );
        return out.fallback;
      }
      return plainValue(out);
    }
    default:
      throw new ExprError(`${node.type} is not supported`);
  }
}

/** An argument as it was written (`state.c.amount`), so a warning names the field it read. */
function sourceOf(node: Ast): string {
  switch (node.type) {
    case 'Identifier':
      return (node as jsep.Identifier).name;
    case 'Literal':
      return JSON.stringify((node as jsep.Literal).value);
    case 'MemberExpression': {
      const m = node as jsep.MemberExpression;
      return m.computed
        ? `${sourceOf(m.object)}[${sourceOf(m.property)}]`
        : `${sourceOf(m.object)}.${(m.property as jsep.Identifier).name}`;
    }
    case 'CallExpression': {
      const c = node as jsep.CallExpression;
      return `${sourceOf(c.callee)}(${c.arguments.map(sourceOf).join(', ')})`;
    }
    default:
      return '…';
  }
}

/**
 * Evaluates an expression of the safe language against a scope. Never throws:
 * a parse or evaluation error gives `undefined` and a warning naming the expression.
 */
export function evaluate(
  expr: string,
  scope: Record<string, unknown>,
  env?: HelperEnv | Record<string, Helper>,
): Evaluation {
  if (typeof expr !== 'string' || !expr.trim()) return { value: undefined, warnings: ['empty expression'] };
  const ast = parse(expr);
  if (ast instanceof Error) return { value: undefined, warnings: [`cannot parse "${expr}": ${ast.message}`] };
  const helpers = !env ? defaultHelpers : isHelperTable(env) ? env : createHelpers(env);
  const warnings: string[] = [];
  try {
    return { value: run(ast, scope, helpers, warnings), warnings };
  } catch (e) {
    const msg = e instanceof ExprError ? e.message : `failed: ${(e as Error)?.message ?? String(e)}`;
    return { value: undefined, warnings: [...warnings, `"${expr}": ${msg}`] };
  }
}

const isHelperTable = (env: object): env is Record<string, Helper> =>
  typeof (env as Record<string, unknown>).amount === 'function';
