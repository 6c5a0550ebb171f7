/**
 * An element type's schema file turned into what @rjsf renders (forms generated from the schemas).
 * @rjsf resolves only `$ref`s inside the schema it is given, so common types are inlined here, each marked with the
 * file it came from (`x-editor: 'text-key'`) so the field for it is picked by what the value is, not by where it
 * sits. Element lists are not inlined (they recurse): outline slots are hidden, action lists get the list editor.
 * The form never validates: problems come worded by the editor's validation and are placed at their fields.
 */
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { resolveRef, type JsonSchema } from './schema-store';
import { elementRef, type Family, type IdLookup } from './schema-slots';

/** The custom editors a string-like value can get; anything else is @rjsf's own widget. */
export type EditorKind =
  'text-key' | 'template' | 'expression' | 'limit' | 'route-path' | 'endpoint-name' | 'image' | 'mixed' | 'json';

/** Common schema file (by name) → the editor of its values. `when` is an expression. */
const COMMON_EDITORS: Record<string, EditorKind> = {
  'text-key': 'text-key',
  template: 'template',
  when: 'expression',
  expression: 'expression',
  limit: 'limit',
  'route-path': 'route-path',
  'endpoint-name': 'endpoint-name',
};

export interface FormSchema {
  schema: RJSFSchema;
  uiSchema: UiSchema;
  /** Top-level properties the form shows (problems elsewhere are listed above the form). */
  shown: Set<string>;
  /** Top-level properties edited by the action list editor. */
  actionLists: Set<string>;
}

interface Walk {
  lookup: IdLookup;
  outline: ReadonlySet<Family>;
}

/** `onClick` → `On click`, `itemTemplate` → `Item template`: labels for people who do not read JSON. */
export function humanize(name: string): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[-_]/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase();
}

const isRequiredOnly = (branches: unknown) =>
  Array.isArray(branches) &&
  branches.every((b) => b && typeof b === 'object' && Object.keys(b).every((k) => k === 'required'));

const baseName = (id: string) => id.replace(/^.*\//, '').replace(/\.json$/, '');

/** Follows a `$ref` chain, the referring schema's own keywords winning; the first common file names the editor. */
function inline(s: JsonSchema, base: string): { s: JsonSchema; base: string; editor?: EditorKind } {
  let cur = s;
  let curBase = base;
  let editor: EditorKind | undefined;
  for (let i = 0; i < 8 && typeof cur.$ref === 'string'; i++) {
    const target = resolveRef(cur, cur.$ref, curBase);
    if (target.$id) {
      editor ??= COMMON_EDITORS[baseName(target.$id)];
      curBase = target.$id;
    }
    const { $id: _i, $schema: _s, title: _t, ...body } = target;
    const { $ref: _r, ...own } = cur;
    cur = { ...body, ...own };
  }
  return { s: cur, base: curBase, editor };
}

const SCALARS = new Set(['string', 'number', 'integer', 'boolean']);

function isScalarBranch(b: JsonSchema, base: string): boolean {
  const { s } = inline(b, base);
  const types = Array.isArray(s.type) ? s.type : [s.type];
  return types.every((t) => typeof t === 'string' && SCALARS.has(t));
}

function convert(raw: JsonSchema, base: string, w: Walk, key?: string): { schema: RJSFSchema; ui: UiSchema } {
  const { s, base: b, editor } = inline(raw, base);
  const title = typeof s.title === 'string' ? s.title : key ? humanize(key) : undefined;
  const common = { ...(title ? { title } : {}), ...(s.description ? { description: s.description } : {}) };
  if (s.contentMediaType && String(s.contentMediaType).startsWith('image/'))
    return { schema: { ...common, type: 'string', 'x-editor': 'image' } as RJSFSchema, ui: {} };
  if (editor) {
    // The pattern stays for the pickers' own checks (a new text key's name); the form itself never validates.
    const pattern = typeof s.pattern === 'string' ? { pattern: s.pattern } : {};
    return { schema: { ...common, ...pattern, type: 'string', 'x-editor': editor } as RJSFSchema, ui: {} };
  }
  const { anyOf, oneOf, ...rest } = s;
  let out: JsonSchema = { ...rest, ...common };
  const choice = anyOf ?? oneOf;
  if (choice && !isRequiredOnly(choice)) {
    // One value that is a number or a binding (`width`), a string or a number (`value`): one text box.
    if (choice.every((c) => isScalarBranch(c, b)))
      return { schema: { ...common, type: 'string', 'x-editor': 'mixed' } as RJSFSchema, ui: {} };
    const converted = choice.map((c, i) => convert(c, b, w, `${key ?? 'option'} ${i + 1}`).schema);
    out = { ...out, [anyOf ? 'anyOf' : 'oneOf']: converted };
    return { schema: out as RJSFSchema, ui: {} };
  }
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  if (!types.length && !s.properties && !s.items && !('const' in s) && !s.enum)
    return { schema: { ...common, type: 'string', 'x-editor': 'json' } as RJSFSchema, ui: {} };
  if (s.properties || types.includes('object')) return objectOf(out, b, w);
  if (types.includes('array') && s.items) {
    const item = convert(s.items, b, w);
    return { schema: { ...out, items: item.schema } as RJSFSchema, ui: { items: item.ui } };
  }
  return { schema: out as RJSFSchema, ui: {} };
}

function objectOf(s: JsonSchema, base: string, w: Walk, root?: { discriminator: string }) {
  const properties: Record<string, RJSFSchema> = {};
  const ui: UiSchema = {};
  const shown = new Set<string>();
  const actionLists = new Set<string>();
  const props = s.properties ?? {};
  const endpointProp = Object.keys(props).find((k) => inline(props[k], base).editor === 'endpoint-name');
  for (const [key, p] of Object.entries(props)) {
    const title = humanize(key);
    const many = p.type === 'array' ? elementRef(p.items, base, w.lookup) : undefined;
    const single = elementRef(p, base, w.lookup);
    const list = many ?? single;
    if (list) {
      properties[key] = { type: many ? 'array' : 'object', title, description: p.description } as RJSFSchema;
      const editable = list.family === 'action' && many;
      ui[key] = editable ? { 'ui:field': 'actionList' } : { 'ui:field': 'hidden', 'ui:widget': 'hidden' };
      if (editable) (actionLists.add(key), shown.add(key));
      continue;
    }
    if (root && key === root.discriminator) {
      properties[key] = { ...(p as RJSFSchema) };
      ui[key] = { 'ui:field': 'hidden', 'ui:widget': 'hidden' };
      continue;
    }
    const free = p.type === 'object' && !p.properties;
    if (free && endpointProp) {
      // The call's params: rows from the endpoint's declared `params` in the API map.
      properties[key] = { type: 'object', title, description: p.description } as RJSFSchema;
      ui[key] = { 'ui:field': 'endpointParams', 'ui:options': { endpointProp } };
    } else if (free && !p.additionalProperties) {
      // A free object (a bridge payload): @rjsf shows only declared keys, so each key gets a value box.
      properties[key] = {
        type: 'object',
        title,
        description: p.description,
        additionalProperties: { type: 'string', 'x-editor': 'json' },
      } as RJSFSchema;
    } else {
      const c = convert(p, base, w, key);
      properties[key] = c.schema;
      if (Object.keys(c.ui).length) ui[key] = c.ui;
    }
    shown.add(key);
  }
  const { anyOf, oneOf, ...rest } = s;
  const keep = isRequiredOnly(anyOf ?? oneOf) ? {} : { ...(anyOf ? { anyOf } : {}), ...(oneOf ? { oneOf } : {}) };
  let additional: RJSFSchema | undefined;
  if (s.additionalProperties && typeof s.additionalProperties === 'object') {
    const c = convert(s.additionalProperties as JsonSchema, base, w);
    additional = c.schema;
    if (Object.keys(c.ui).length) ui.additionalProperties = c.ui;
  }
  const schema = {
    ...rest,
    ...keep,
    type: 'object',
    properties,
    ...(additional ? { additionalProperties: additional } : {}),
  } as RJSFSchema;
  return { schema, ui, shown, actionLists };
}

/** The form of one element type: its schema file converted, the discriminator and outline slots hidden. */
export function formSchemaOf(typeSchema: JsonSchema, discriminator: string, lookup: IdLookup): FormSchema {
  const w: Walk = { lookup, outline: new Set<Family>(['node', 'landing-section']) };
  const { $id, $schema: _s, title: _t, description: _d, ...body } = typeSchema;
  const { schema, ui, shown, actionLists } = objectOf(body, $id ?? '', w, { discriminator });
  return { schema, uiSchema: ui, shown, actionLists };
}
