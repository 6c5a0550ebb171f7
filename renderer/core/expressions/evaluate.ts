import { treeOf, type ExpressionTree } from './known-trees';
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

type Tree = ExpressionTree;
type Env = { h: Record<string, Helper>; w: string[]; s: Record<string, unknown> };

function name(n: string, env: Env): unknown {
  if (n === 'undefined') return undefined;
  if (FORBIDDEN_KEYS.has(n)) throw new ExprError(`access to "${n}" is not allowed`);
  if (Object.hasOwn(env.s, n)) return plainValue(env.s[n]);
  if (Object.hasOwn(env.h, n)) throw new ExprError(`${n} is a function: call it as ${n}(...)`);
  throw new ExprError(`unknown name "${n}"`);
}

/** Runs a tree (known-trees.ts): the published form of an expression, the same language as its source. */
function run(t: Tree, env: Env): unknown {
  if (t === null || typeof t !== 'object') return t;
  if ('p' in t) {
    let v = name(t.p[0], env);
    for (let i = 1; i < t.p.length; i++) v = plainValue(readMember(v, t.p[i]));
    return v;
  }
  if ('s' in t) return t.s;
  if ('b' in t) {
    const op = t.b;
    if (op === '&&') return run(t.l, env) && run(t.r, env);
    if (op === '||') return run(t.l, env) || run(t.r, env);
    if (op === '??') return run(t.l, env) ?? run(t.r, env);
    const f = BINARY[op];
    if (!f) throw new ExprError(`operator ${op} is not supported`);
    return f(run(t.l, env), run(t.r, env));
  }
  if ('f' in t) {
    const n = t.f;
    if (!Object.hasOwn(env.h, n)) throw new ExprError(`unknown function "${n}"`);
    const out = env.h[n](...t.x.map((a) => run(a, env)));
    if (out instanceof Unreadable) {
      env.w.push(
        `${n}(${t.x.map(sourceOf).join(', ')}): ${JSON.stringify(out.value)?.slice(0, 60)} is not ${out.what}`,
      );
      return out.fallback;
    }
    return plainValue(out);
  }
  if ('m' in t) return plainValue(readMember(run(t.m, env), 'i' in t ? run(t.i, env) : t.k));
  if ('q' in t) return run(t.q, env) ? run(t.y, env) : run(t.n, env);
  if ('u' in t) {
    const v = run(t.e, env) as any;
    return t.u === '!' ? !v : t.u === '-' ? -v : +v;
  }
  if ('a' in t) return t.a.map((e) => run(e, env));
  if ('o' in t) {
    const out: Record<string, unknown> = {};
    t.o.forEach((k, i) => {
      if (FORBIDDEN_KEYS.has(k)) throw new ExprError(`object key "${k}" is not allowed`);
      out[k] = run(t.v[i], env);
    });
    return out;
  }
  throw new ExprError('x' in t ? t.x : 'not an expression');
}

/** An argument as it was written (`state.c.amount`), so a warning names the field it read. */
function sourceOf(t: Tree): string {
  if (t === null || typeof t !== 'object') return JSON.stringify(t);
  if ('s' in t) return JSON.stringify(t.s);
  if ('p' in t) return t.p.join('.');
  if ('m' in t) return 'i' in t ? `${sourceOf(t.m)}[${sourceOf(t.i)}]` : `${sourceOf(t.m)}.${t.k}`;
  if ('f' in t) return `${t.f}(${t.x.map(sourceOf).join(', ')})`;
  return '…';
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
  const tree = treeOf(expr);
  if (tree === undefined) return { value: undefined, warnings: [`"${expr}" came without its parsed tree`] };
  if (tree && typeof tree === 'object' && 'z' in tree)
    return { value: undefined, warnings: [`cannot parse "${expr}": ${tree.z}`] };
  const helpers = !env ? defaultHelpers : isHelperTable(env) ? env : createHelpers(env);
  const warnings: string[] = [];
  try {
    return { value: run(tree, { h: helpers, w: warnings, s: scope }), warnings };
  } catch (e) {
    const msg = e instanceof ExprError ? e.message : `failed: ${(e as Error)?.message ?? String(e)}`;
    return { value: undefined, warnings: [...warnings, `"${expr}": ${msg}`] };
  }
}

const isHelperTable = (env: object): env is Record<string, Helper> =>
  typeof (env as Record<string, unknown>).amount === 'function';
