/**
 * The element types of the editor, derived from the schema files: node types from `node.json`, action
 * types from `action.json`, landing sections from `landing/section.json` (empty until that file exists). Each
 * type's slots, example (first instance in the gallery fixture) and smallest valid element come from its schema;
 * nothing here names a particular node, action or section type.
 */
import type { ValidateFunction } from 'ajv';
import * as validators from '../../../schemas/generated/validators.js';
import gallery from '../../../screens/pages/developer/gallery.json';
import { resolveRef, schemaAt, schemasById, type JsonSchema } from './schema-store';
import { findElementProps, slotPointers, type Family, type IdLookup, type SlotInfo } from './schema-slots';
import { smallestElement } from './schema-skeleton';

export type { Family, SlotInfo, JsonSchema };
export { slotPointers } from './schema-slots';

export interface ElementType {
  family: Family;
  /** The discriminator's value, e.g. `image`, `navigate`, `closeModal`. */
  name: string;
  title: string;
  description: string;
  /** Its schema file's JSON (refs unresolved). */
  schema: JsonSchema;
  /** First instance in the gallery fixture that validates (actions: the first step of that type). */
  example?: Record<string, unknown>;
  /** Properties holding child elements of a family shown in the outline (nodes, landing sections). */
  slots: SlotInfo[];
  /** Properties holding elements of any family, action lists included (the forms edit those). */
  lists: SlotInfo[];
  required: string[];
}

export interface Catalog {
  types(family: Family): ElementType[];
  get(family: Family, name: string): ElementType | undefined;
  discriminator(family: Family): string;
  familyOf(el: unknown): Family | undefined;
  rootSlots(kind: string): SlotInfo[];
  resolve(schema: JsonSchema, ref: string): JsonSchema;
  skeleton(family: Family, name: string): Record<string, unknown>;
  /** The precompiled validator of one element of the family (undefined when `npm run gen` exports none). */
  validator(family: Family): ValidateFunction | undefined;
}

/** One line per family: its root schema (a oneOf of member refs) and generated validator. */
const FAMILIES: Record<Family, { root: string; discriminator: string; validator: string }> = {
  node: { root: 'node.json', discriminator: 'type', validator: 'validateNode' },
  action: { root: 'action.json', discriminator: 'action', validator: 'validateAction' },
  'landing-section': { root: 'landing/section.json', discriminator: 'section', validator: 'validateLandingSection' },
};
const FAMILY_ORDER = Object.keys(FAMILIES) as Family[];
/** Families whose elements the outline shows (action lists are edited in the forms). */
const OUTLINE_FAMILIES = new Set<Family>(['node', 'landing-section']);

const allValidators = validators as unknown as Record<string, ValidateFunction | undefined>;

function discriminatorOf(family: Family): string {
  const root = schemaAt(FAMILIES[family].root) as { discriminator?: { propertyName?: string } } | undefined;
  return root?.discriminator?.propertyName ?? FAMILIES[family].discriminator;
}

/** Member schemas of every family, keyed for the slot lookup. */
function buildMembers() {
  const byId = new Map<string, { family: Family; name?: string }>();
  const members = new Map<Family, Array<{ name: string; schema: JsonSchema }>>();
  for (const family of FAMILY_ORDER) {
    const root = schemaAt(FAMILIES[family].root);
    const list: Array<{ name: string; schema: JsonSchema }> = [];
    members.set(family, list);
    if (!root?.$id) continue;
    byId.set(root.$id, { family });
    const disc = discriminatorOf(family);
    for (const branch of root.oneOf ?? []) {
      if (typeof branch.$ref !== 'string') continue;
      const schema = resolveRef(root, branch.$ref);
      const name = (schema.properties?.[disc] as JsonSchema | undefined)?.const;
      if (typeof name !== 'string' || !schema.$id) continue;
      byId.set(schema.$id, { family, name });
      list.push({ name, schema });
    }
  }
  return { byId, members };
}

/** Every object of the gallery outside its `state` (sample data), in document order. */
function galleryObjects(): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      out.push(v as Record<string, unknown>);
      for (const [k, child] of Object.entries(v)) if (!(v === gallery && k === 'state')) walk(child);
    }
  };
  walk(gallery);
  return out;
}

/**
 * Element lists inside plain objects taken from the example (tab panels, an icon's onClick) are dropped: a new
 * element starts without children, whatever the gallery shows in its copy.
 */
function emptyNestedLists(el: Record<string, unknown>, lists: SlotInfo[]): Record<string, unknown> {
  const out = structuredClone(el);
  for (const list of lists.filter((l) => l.prop.includes('/'))) {
    for (const ptr of slotPointers(out, list)) {
      const tokens = ptr.split('/').slice(1);
      const leaf = tokens.pop()!;
      const parent = tokens.reduce<unknown>((o, t) => (o as Record<string, unknown> | undefined)?.[t], out);
      if (parent && typeof parent === 'object') delete (parent as Record<string, unknown>)[leaf];
    }
  }
  return out;
}

const built = buildMembers();
/** What a schema file is to the catalog (a family root or one type's schema), by `$id`. */
export const idLookup: IdLookup = (id) => built.byId.get(id);

function buildCatalog(): Catalog {
  const { members } = built;
  const lookup = idLookup;
  const objects = galleryObjects();
  // The gallery screen's own title key: it exists in every text set (`npm run validate` checks the gallery).
  const placeholderKey = String((gallery as { title: string }).title);
  const types = new Map<Family, ElementType[]>();
  for (const family of FAMILY_ORDER) {
    const disc = discriminatorOf(family);
    const validate = allValidators[FAMILIES[family].validator];
    types.set(
      family,
      members.get(family)!.map(({ name, schema }) => {
        const lists = findElementProps(schema, schema.$id!, lookup);
        const example = objects.find((o) => o[disc] === name && (!validate || validate(o)));
        return {
          family,
          name,
          title: String(schema.title ?? name),
          description: String(schema.description ?? ''),
          schema,
          example,
          slots: lists.filter((s) => OUTLINE_FAMILIES.has(s.family)),
          lists,
          required: schema.required ?? [],
        };
      }),
    );
  }
  const skeletons = new Map<string, Record<string, unknown>>();

  const catalog: Catalog = {
    types: (family) => types.get(family) ?? [],
    get: (family, name) => types.get(family)?.find((t) => t.name === name),
    discriminator: discriminatorOf,
    familyOf(el) {
      if (!el || typeof el !== 'object' || Array.isArray(el)) return undefined;
      const rec = el as Record<string, unknown>;
      return FAMILY_ORDER.find((f) => {
        const v = rec[discriminatorOf(f)];
        return typeof v === 'string' && !!catalog.get(f, v);
      });
    },
    rootSlots(kind) {
      const doc = [...schemasById.values()].find(
        (s) => s.$id?.includes('/documents/') && (s.properties?.kind as JsonSchema | undefined)?.const === kind,
      );
      if (!doc?.$id) return [];
      return findElementProps(doc, doc.$id, lookup).filter((s) => OUTLINE_FAMILIES.has(s.family));
    },
    resolve: (schema, ref) => resolveRef(schema, ref),
    validator: (family) => allValidators[FAMILIES[family].validator],
    skeleton(family, name) {
      const key = `${family}:${name}`;
      const cached = skeletons.get(key);
      if (cached) return structuredClone(cached);
      const type = catalog.get(family, name);
      if (!type) throw new Error(`no ${family} type '${name}' in the schemas`);
      const small = emptyNestedLists(
        smallestElement({
          schema: type.schema,
          example: type.example,
          placeholderKey,
          elementProps: new Set(type.lists.map((l) => l.prop)),
        }),
        type.lists,
      );
      const validate = catalog.validator(family);
      // The example is the fallback when a constraint the walk cannot see (minItems of a slot...) refuses the small one.
      const chosen = !validate || validate(small) || !type.example ? small : type.example;
      skeletons.set(key, chosen);
      return structuredClone(chosen);
    },
  };
  return catalog;
}

export const catalog: Catalog = buildCatalog();
