import { evaluate, FORBIDDEN_KEYS } from './evaluate';
import type { Helper, HelperEnv } from './helpers';

const WHOLE = /^\s*\{\{([\s\S]+?)\}\}\s*$/;
const PART = /\{\{([\s\S]+?)\}\}/g;

const text = (v: unknown) => (v == null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/**
 * Deep-resolves `{{ expr }}` inside strings, arrays and objects. A string that is exactly one
 * `{{ expr }}` yields the raw value; mixed strings join the parts as text (undefined → "").
 * Warnings of every expression are collected; nothing throws.
 */
export function resolveTemplate(
  value: unknown,
  scope: Record<string, unknown>,
  env?: HelperEnv | Record<string, Helper>,
  warnings: string[] = [],
): unknown {
  if (typeof value === 'string') {
    if (!value.includes('{{')) return value;
    const whole = WHOLE.exec(value);
    if (whole && !whole[1].includes('{{')) {
      const r = evaluate(whole[1], scope, env);
      warnings.push(...r.warnings);
      return r.value;
    }
    return value.replace(PART, (_, expr: string) => {
      const r = evaluate(expr, scope, env);
      warnings.push(...r.warnings);
      return text(r.value);
    });
  }
  if (Array.isArray(value)) return value.map((v) => resolveTemplate(v, scope, env, warnings));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      // A document's JSON can carry an own "__proto__" key; copying it would set the prototype.
      if (FORBIDDEN_KEYS.has(k)) {
        warnings.push(`key "${k}" dropped`);
        continue;
      }
      out[k] = resolveTemplate(v, scope, env, warnings);
    }
    return out;
  }
  return value;
}

/** Resolve with the warnings returned next to the value (the shape `evaluate` has). */
export function resolveWithWarnings(
  value: unknown,
  scope: Record<string, unknown>,
  env?: HelperEnv | Record<string, Helper>,
) {
  const warnings: string[] = [];
  return { value: resolveTemplate(value, scope, env, warnings), warnings };
}
