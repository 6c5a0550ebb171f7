/**
 * The validator @rjsf is given. It never reports errors (the editor's problems, worded by the precompiled schema
 * validators and the cross-document rules, are shown at the fields instead), and answers `isValid` with a small
 * structural match, which @rjsf uses only to tell which branch of a oneOf/anyOf a value is (a rich document's
 * paragraph or list). Nothing is compiled at run time: the console's CSP forbids `new Function`.
 */
import type { RJSFSchema, ValidatorType } from '@rjsf/utils';

type S = RJSFSchema & Record<string, unknown>;

function typeMatches(type: unknown, v: unknown): boolean {
  const types = Array.isArray(type) ? type : [type];
  return types.some((t) => {
    switch (t) {
      case 'string':
        return typeof v === 'string';
      case 'number':
        return typeof v === 'number';
      case 'integer':
        return Number.isInteger(v);
      case 'boolean':
        return typeof v === 'boolean';
      case 'array':
        return Array.isArray(v);
      case 'object':
        return !!v && typeof v === 'object' && !Array.isArray(v);
      case 'null':
        return v === null;
      default:
        return true;
    }
  });
}

/** Whether `v` fits `s` by type, const, enum, required and properties (patterns and bounds are not checked). */
export function matches(s: unknown, v: unknown, depth = 0): boolean {
  if (s === true || s === undefined) return true;
  if (s === false || !s || typeof s !== 'object' || depth > 12) return s !== false;
  const schema = s as S;
  if (schema.type !== undefined && !typeMatches(schema.type, v)) return false;
  if ('const' in schema && JSON.stringify(schema.const) !== JSON.stringify(v)) return false;
  if (Array.isArray(schema.enum) && !schema.enum.some((e) => JSON.stringify(e) === JSON.stringify(v))) return false;
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    const o = v as Record<string, unknown>;
    if (schema.required?.some((k) => !(k in o))) return false;
    const props = (schema.properties ?? {}) as Record<string, unknown>;
    for (const [k, val] of Object.entries(o)) {
      if (k in props) {
        if (!matches(props[k], val, depth + 1)) return false;
      } else if (schema.additionalProperties === false) return false;
    }
  }
  if (Array.isArray(v) && schema.items && typeof schema.items === 'object')
    if (!v.every((x) => matches(schema.items, x, depth + 1))) return false;
  if (Array.isArray(schema.allOf) && !schema.allOf.every((b) => matches(b, v, depth + 1))) return false;
  if (Array.isArray(schema.anyOf) && !schema.anyOf.some((b) => matches(b, v, depth + 1))) return false;
  if (Array.isArray(schema.oneOf) && schema.oneOf.filter((b) => matches(b, v, depth + 1)).length !== 1) return false;
  return true;
}

export const formValidator: ValidatorType = {
  validateFormData: () => ({ errors: [], errorSchema: {} }),
  isValid: (schema, formData) => matches(schema, formData),
  rawValidation: () => ({ errors: [] }),
};
