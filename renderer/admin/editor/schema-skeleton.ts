/**
 * The smallest element of a type the schemas accept: its required properties (and the first `anyOf`/`oneOf`
 * branch's, e.g. a text needs `key` or `value`), each taken from the gallery example when it has one, else made
 * up from the property's schema. The caller checks the result with the precompiled validator and keeps the
 * example when the small one fails (a constraint this walk cannot see).
 */
import { resolveRef, type JsonSchema } from './schema-store';

export interface SkeletonInput {
  schema: JsonSchema;
  /** The type's gallery example (already valid), if any. */
  example?: Record<string, unknown>;
  /** A text key that exists in every text set (copy slots get it until ops pick one). */
  placeholderKey: string;
  /** Properties holding elements: left empty (`[]`) when required, never filled from the example. */
  elementProps: Set<string>;
}

/** Strings tried, in order, against a `pattern` nobody annotated with an example (RegExp only: no eval). */
const STRING_CANDIDATES = ['x', 'value', 'a1', '/', 'https://example.com/', '{{ state.value }}', 'x.y', '#000'];

/** Follows `$ref` chains, keeping the referring schema's own keywords (its `minimum`, `description`...). */
function deref(s: JsonSchema, base: string): { s: JsonSchema; base: string; ids: string[] } {
  const ids: string[] = [];
  let cur = s;
  let curBase = base;
  for (let i = 0; i < 8 && typeof cur.$ref === 'string'; i++) {
    const target = resolveRef(cur, cur.$ref, curBase);
    if (target.$id) (ids.push(target.$id), (curBase = target.$id));
    const { $ref: _r, ...own } = cur;
    cur = { ...target, ...own, $id: undefined };
  }
  return { s: cur, base: curBase, ids };
}

function typeList(s: JsonSchema): string[] {
  return Array.isArray(s.type) ? s.type : typeof s.type === 'string' ? [s.type] : [];
}

/** A value of `s`, smallest sensible; undefined when nothing can be made up. */
export function valueOf(raw: JsonSchema, base: string, placeholderKey: string, depth = 0): unknown {
  if (depth > 6) return undefined;
  const { s, base: b, ids } = deref(raw, base);
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum) && s.enum.length) return s.enum[0];
  if ('default' in s) return s.default;
  if (ids.some((id) => id.endsWith('/text-key.json'))) return placeholderKey;
  const types = typeList(s);
  if (types.includes('number') || types.includes('integer')) {
    return typeof s.minimum === 'number' ? s.minimum : 0;
  }
  if (types.includes('boolean')) return false;
  if (types.includes('array')) {
    const min = typeof s.minItems === 'number' ? s.minItems : 0;
    const item = s.items ? valueOf(s.items, b, placeholderKey, depth + 1) : undefined;
    // Values the array must contain (`contains: {const}`, alone or in an allOf), e.g. a form's required parts.
    const contained = [s, ...((s.allOf as JsonSchema[] | undefined) ?? [])]
      .map((c) => (c.contains as JsonSchema | undefined)?.const)
      .filter((v) => v !== undefined);
    if (contained.length) return contained;
    return min && item !== undefined ? Array.from({ length: min }, () => item) : [];
  }
  if (types.includes('object') || s.properties) return objectOf(s, b, placeholderKey, undefined, new Set(), depth + 1);
  if (types.includes('string') || types.length === 0) {
    const pattern = typeof s.pattern === 'string' ? new RegExp(s.pattern, 'u') : undefined;
    const minLength = typeof s.minLength === 'number' ? s.minLength : 0;
    return STRING_CANDIDATES.find((c) => c.length >= minLength && (!pattern || pattern.test(c)));
  }
  return undefined;
}

/** Required properties plus one branch's: the first branch the example satisfies, else the first. */
function requiredOf(s: JsonSchema, example?: Record<string, unknown>): string[] {
  const branches = s.anyOf ?? s.oneOf ?? [];
  const branch = branches.find((b) => example && (b.required ?? []).every((k) => k in example)) ?? branches[0];
  return [...new Set([...(s.required ?? []), ...(branch?.required ?? [])])];
}

function objectOf(
  s: JsonSchema,
  base: string,
  placeholderKey: string,
  example: Record<string, unknown> | undefined,
  elementProps: Set<string>,
  depth: number,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of requiredOf(s, example)) {
    if (elementProps.has(key)) out[key] = [];
    else if (example && key in example) out[key] = example[key];
    else {
      const prop = s.properties?.[key];
      const v = prop ? valueOf(prop, base, placeholderKey, depth) : undefined;
      if (v !== undefined) out[key] = v;
    }
  }
  return out;
}

/** The smallest element of the type (see the module comment); the discriminator comes from its `const`. */
export function smallestElement(input: SkeletonInput): Record<string, unknown> {
  const { schema, example, placeholderKey, elementProps } = input;
  return objectOf(schema, schema.$id ?? '', placeholderKey, example, elementProps, 0);
}
