import type { FieldRule } from '../../schemas/generated/types';
import type { Runtime } from '../runtime/contract';

/** What rules need from the runtime: limits and patterns may be `{{ market.limits.* }}` bindings. */
export type RuleRuntime = Pick<Runtime, 'limit' | 'resolve'>;

const literal: RuleRuntime = {
  limit: (v, fallback) => (typeof v === 'number' ? v : fallback),
  resolve: <T>(v: unknown) => v as T,
};

const isEmpty = (v: unknown) =>
  v === undefined || v === null || v === false || v === '' || v === 0 || (Array.isArray(v) && v.length === 0);

const lengthOf = (v: unknown) => (Array.isArray(v) ? v.length : String(v).length);

/** The text key of the first rule the value breaks, or null when it keeps them all. */
export function firstBrokenRule(
  rules: FieldRule[] | undefined,
  value: unknown,
  rt: RuleRuntime = literal,
): string | null {
  for (const rule of rules ?? []) {
    if (rule.required && isEmpty(value)) return rule.message;
    // Format rules judge what was entered; an empty optional field is fine.
    if (isEmpty(value)) continue;
    if (rule.minLength !== undefined && lengthOf(value) < rt.limit(rule.minLength, 0)) return rule.message;
    if (rule.maxLength !== undefined && lengthOf(value) > rt.limit(rule.maxLength, Infinity)) return rule.message;
    if (rule.pattern !== undefined && !Array.isArray(value)) {
      let re: RegExp;
      try {
        re = new RegExp(`^(?:${String(rt.resolve(rule.pattern))})$`);
      } catch {
        // A broken pattern is a document error; failing closed tells the editor at once.
        return rule.message;
      }
      if (!re.test(String(value))) return rule.message;
    }
  }
  return null;
}
