/**
 * Walks a document alongside its schema and collects every value that sits at a position the
 * schemas mark as a reference to another document: a text key, an endpoint name, a bridge
 * message or a route path (by `$ref` to the common schema), plus `t('key')` calls inside
 * expressions and templates. Schema positions, not field names, decide what a value is, so a new
 * node type that uses `$ref: ../common/text-key.json` is checked without touching this file.
 * Limit-bearing props (`$ref: ../common/limit.json`) and `market.*` paths read by expressions are
 * collected the same way, for the one-place-for-constants rules.
 */
import type Ajv2020 from 'ajv/dist/2020.js';
import { pointerToken } from '../http/json-pointer.js';

export type ReferenceKind = 'text' | 'endpoint' | 'bridge' | 'route' | 'limit' | 'market' | 'expression';

export interface Reference {
  kind: ReferenceKind;
  /**
   * For `limit`: the prop's value as written (a number or a binding); for `market`: the path after `market.`;
   * for `expression`: an expression or template string as written.
   */
  value: string | number;
  /** JSON pointer of the value inside the document. */
  pointer: string;
  /** For `expression`: a template (text with `{{ }}` parts, plain text without) rather than a bare expression. */
  template?: boolean;
}

const COMMON = 'https://schemas.cashloan.dev/sdui/common/';
const REFERENCE_SCHEMAS: Record<string, ReferenceKind> = {
  [`${COMMON}text-key.json`]: 'text',
  [`${COMMON}endpoint-name.json`]: 'endpoint',
  [`${COMMON}bridge-message.json`]: 'bridge',
  [`${COMMON}route-path.json`]: 'route',
};
const LIMIT_SCHEMA = `${COMMON}limit.json`;
const TEMPLATE_SCHEMA = `${COMMON}template.json`;
const EXPRESSION_SCHEMAS = new Set([`${COMMON}expression.json`, TEMPLATE_SCHEMA, `${COMMON}when.json`]);
/** `market.limits.x` inside an expression or template: the dotted path after `market.`. */
export const MARKET_PATH = /(?:^|[^A-Za-z0-9_$.])market((?:\.[A-Za-z_$][A-Za-z0-9_$]*)+)/g;
/** `t('key')` / `t("key")` inside an expression or a `{{ }}` template. */
const T_CALL = /(?:^|[^A-Za-z0-9_$.])t\(\s*(['"])([^'"]+)\1/g;

type Schema = Record<string, unknown>;
interface Location {
  /** `$id` of the schema file. */
  base: string;
  /** JSON pointer inside that file. */
  ptr: string;
  schema: unknown;
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

function resolvePointer(root: unknown, ptr: string): unknown {
  if (!ptr) return root;
  let node = root;
  for (const raw of ptr.replace(/^\//, '').split('/')) {
    const token = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    node = isObject(node) || Array.isArray(node) ? (node as Record<string, unknown>)[token] : undefined;
  }
  return node;
}

/** Keywords under which a branch can hold something to walk; a branch without them (`{required}`) holds none. */
const WALKABLE = ['$ref', 'properties', 'additionalProperties', 'items', 'oneOf', 'anyOf', 'allOf'];

/**
 * Collects references from `doc`, validated against the schema with `$id` `schemaId`. `ajv` must
 * be a non-strict instance holding every schema (it compiles union branches out of context).
 */
export function collectReferences(ajv: Ajv2020, schemaId: string, doc: unknown): Reference[] {
  const refs: Reference[] = [];
  const seen = new Set<string>();

  const schemaFile = (id: string): unknown => ajv.getSchema(id)?.schema;
  const matches = (loc: Location, instance: unknown): boolean => {
    const v = ajv.getSchema(`${loc.base}#${loc.ptr}`);
    return !!v && (v(instance) as boolean);
  };
  const scanExpression = (value: unknown, pointer: string, template: boolean) => {
    if (typeof value !== 'string') return;
    refs.push(template ? { kind: 'expression', value, pointer, template } : { kind: 'expression', value, pointer });
    for (const m of value.matchAll(T_CALL)) refs.push({ kind: 'text', value: m[2], pointer });
    for (const m of value.matchAll(MARKET_PATH)) refs.push({ kind: 'market', value: m[1].slice(1), pointer });
  };
  const child = (loc: Location, ...tokens: (string | number)[]): Location => ({
    base: loc.base,
    ptr: loc.ptr + tokens.map((t) => '/' + pointerToken(t)).join(''),
    schema: tokens.reduce<unknown>(
      (s, t) => (isObject(s) || Array.isArray(s) ? (s as Schema)[t] : undefined),
      loc.schema,
    ),
  });

  const walk = (loc: Location, instance: unknown, pointer: string): void => {
    const s = loc.schema;
    if (!isObject(s)) return;
    // A recursive schema (node.json) meets the same instance once per position only.
    const key = `${loc.base}#${loc.ptr}@${pointer}`;
    if (seen.has(key)) return;
    seen.add(key);

    if (typeof s.$ref === 'string') {
      const target = new URL(s.$ref, loc.base);
      const fragment = decodeURIComponent(target.hash.replace(/^#/, ''));
      target.hash = '';
      const base = target.href;
      const kind = REFERENCE_SCHEMAS[base];
      if (kind && !fragment && typeof instance === 'string') refs.push({ kind, value: instance, pointer });
      if (EXPRESSION_SCHEMAS.has(base) && !fragment) scanExpression(instance, pointer, base === TEMPLATE_SCHEMA);
      if (base === LIMIT_SCHEMA && !fragment && (typeof instance === 'number' || typeof instance === 'string')) {
        refs.push({ kind: 'limit', value: instance, pointer });
        // A limit is a literal number or one `{{ }}` binding: a template.
        scanExpression(instance, pointer, true);
      }
      walk({ base, ptr: fragment, schema: resolvePointer(schemaFile(base), fragment) }, instance, pointer);
    }

    for (const keyword of ['allOf'] as const) {
      if (Array.isArray(s[keyword]))
        (s[keyword] as unknown[]).forEach((_, i) => walk(child(loc, keyword, i), instance, pointer));
    }
    for (const keyword of ['oneOf', 'anyOf'] as const) {
      const branches = s[keyword];
      if (!Array.isArray(branches) || !branches.some((b) => isObject(b) && WALKABLE.some((k) => k in b))) continue;
      const picked = pickBranches(loc, keyword, branches.length, instance);
      for (const i of picked) walk(child(loc, keyword, i), instance, pointer);
    }

    if (isObject(instance)) {
      const props = isObject(s.properties) ? s.properties : {};
      for (const [name, value] of Object.entries(instance)) {
        if (name in props) walk(child(loc, 'properties', name), value, `${pointer}/${pointerToken(name)}`);
        else if (isObject(s.additionalProperties))
          walk(child(loc, 'additionalProperties'), value, `${pointer}/${pointerToken(name)}`);
      }
    }
    if (Array.isArray(instance) && isObject(s.items)) {
      instance.forEach((item, i) => walk(child(loc, 'items'), item, `${pointer}/${i}`));
    }
  };

  /**
   * Which branches of a oneOf/anyOf the instance follows: by the discriminator's const when the
   * union has one (so a broken node's valid children are still checked), else by validation.
   */
  const pickBranches = (loc: Location, keyword: string, count: number, instance: unknown): number[] => {
    const s = loc.schema as Schema;
    const all = [...Array(count).keys()];
    const tag = isObject(s.discriminator) ? (s.discriminator.propertyName as string) : undefined;
    if (tag && isObject(instance)) {
      const byTag = all.filter((i) => {
        const branch = resolveBranch(child(loc, keyword, i));
        const prop =
          isObject(branch?.schema) && isObject((branch.schema as Schema).properties)
            ? ((branch.schema as Schema).properties as Schema)[tag]
            : undefined;
        return isObject(prop) && prop.const === instance[tag];
      });
      return byTag.slice(0, 1);
    }
    const valid = all.filter((i) => matches(child(loc, keyword, i), instance));
    return keyword === 'oneOf' ? valid.slice(0, 1) : valid;
  };

  /** Follows a branch that is only a `$ref` to the schema it names. */
  const resolveBranch = (loc: Location): Location | undefined => {
    const s = loc.schema;
    if (!isObject(s) || typeof s.$ref !== 'string') return loc;
    const target = new URL(s.$ref, loc.base);
    const fragment = decodeURIComponent(target.hash.replace(/^#/, ''));
    target.hash = '';
    return resolveBranch({
      base: target.href,
      ptr: fragment,
      schema: resolvePointer(schemaFile(target.href), fragment),
    });
  };

  walk({ base: schemaId, ptr: '', schema: schemaFile(schemaId) }, doc, '');
  // when.json refers to expression.json: the same string is reached twice.
  return [...new Map(refs.map((r) => [`${r.kind}|${r.pointer}|${r.value}`, r])).values()];
}
