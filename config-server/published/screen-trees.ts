/**
 * The parsed expressions a published screen carries beside its document (`expressions`, by source, trimmed), made
 * here once per publish so the browser evaluates without a parser (renderer/core/expressions/known-trees.ts), as
 * text-messages.ts does for ICU copy. Every `{{ }}` binding of any string (the renderer resolves them anywhere in a
 * screen, free-form params included) and every value of a field the schemas type as a bare expression (`when`,
 * `cond`, `disabled`, ...: read from the schemas, so a new node's expression field is covered without a change here).
 * A source that does not parse ships as `{ z: message }` (the publish checks refuse it; a kept draft still draws).
 */
import { treeOfSource, type ExpressionTree, type ExpressionTrees } from '../../renderer/core/index.js';
import { readSchemaFiles } from '../validation/load-schemas.js';
import { bindingsOf } from '../validation/template-strings.js';

const BARE = /(^|\/)common\/(expression|when)\.json$/;

let bareFields: Set<string> | undefined;

/** Names of the properties whose schema is a bare expression, in any schema file. */
export function bareExpressionFields(): Set<string> {
  if (bareFields) return bareFields;
  const names = new Set<string>();
  const visit = (s: unknown, base: string): void => {
    if (Array.isArray(s)) return s.forEach((x) => visit(x, base));
    if (!s || typeof s !== 'object') return;
    const props = (s as { properties?: Record<string, { $ref?: unknown }> }).properties;
    if (props && typeof props === 'object')
      for (const [name, p] of Object.entries(props))
        if (typeof p?.$ref === 'string' && BARE.test(new URL(p.$ref, base).pathname)) names.add(name);
    Object.values(s).forEach((x) => visit(x, base));
  };
  for (const f of readSchemaFiles()) visit(f.schema, f.schema.$id);
  return (bareFields = names);
}

/** Every expression of a screen document, parsed. */
export function screenTrees(doc: unknown): ExpressionTrees {
  const out: Record<string, ExpressionTree> = {};
  const bare = bareExpressionFields();
  const add = (source: string) => {
    const key = source.trim();
    if (key && !Object.hasOwn(out, key))
      Object.defineProperty(out, key, { value: treeOfSource(key), enumerable: true });
  };
  const walk = (v: unknown, field?: string) => {
    if (typeof v === 'string') {
      if (field !== undefined && bare.has(field)) add(v);
      if (v.includes('{{')) for (const b of bindingsOf(v)) add(b.expr);
    } else if (Array.isArray(v)) v.forEach((x) => walk(x));
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, k);
  };
  walk(doc);
  return out;
}
