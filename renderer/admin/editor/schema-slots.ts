/**
 * Which properties of an element's schema hold other elements, found from the schema alone: an array whose
 * `items` is a `$ref` to a family root (`../node.json`: any node), to one member (`../nodes/text.json`: that type)
 * or a oneOf/anyOf of members (those types); a single element when the property itself is such a reference.
 * Arrays of plain objects are searched too (tabs' `tabs[].children`), written `tabs/*\/children`.
 */
import { refTargetId, type JsonSchema } from './schema-store';

export type Family = 'node' | 'action' | 'landing-section';

export interface SlotInfo {
  /** Property name, or a relative path with `*` for every index of an array of plain objects (`tabs/*\/children`). */
  prop: string;
  many: boolean;
  family: Family;
  accepts: string[] | 'any';
}

/** What a schema file `$id` is to the catalog: a family root, or the schema of one element type. */
export type IdLookup = (id: string) => { family: Family; name?: string } | undefined;

function refOf(s: JsonSchema, base: string, lookup: IdLookup) {
  if (typeof s.$ref !== 'string') return undefined;
  const id = refTargetId(s.$ref, base);
  return id ? lookup(id) : undefined;
}

/** The family and accepted types when `s` is a reference (or a choice of references) to elements. */
export function elementRef(
  s: JsonSchema | undefined,
  base: string,
  lookup: IdLookup,
): Pick<SlotInfo, 'family' | 'accepts'> | undefined {
  if (!s || typeof s !== 'object') return undefined;
  const direct = refOf(s, base, lookup);
  if (direct) return { family: direct.family, accepts: direct.name ? [direct.name] : 'any' };
  const choice = s.oneOf ?? s.anyOf;
  if (!Array.isArray(choice) || choice.length === 0) return undefined;
  const hits = choice.map((c) => refOf(c, base, lookup));
  const first = hits[0];
  if (!first || hits.some((h) => !h || h.family !== first.family)) return undefined;
  if (hits.some((h) => !h!.name)) return { family: first.family, accepts: 'any' };
  return { family: first.family, accepts: hits.map((h) => h!.name!) };
}

/** Every element-holding property of `schema` (whose file is `base`), outline families and actions alike. */
export function findElementProps(
  schema: JsonSchema,
  base: string,
  lookup: IdLookup,
  prefix = '',
  depth = 0,
): SlotInfo[] {
  const out: SlotInfo[] = [];
  if (depth > 4 || !schema.properties) return out;
  for (const [key, p] of Object.entries(schema.properties)) {
    const single = elementRef(p, base, lookup);
    if (single) {
      out.push({ prop: prefix + key, many: false, ...single });
      continue;
    }
    const items = p.items;
    const many = p.type === 'array' ? elementRef(items, base, lookup) : undefined;
    if (many) out.push({ prop: prefix + key, many: true, ...many });
    else if (p.type === 'array' && items?.properties)
      out.push(...findElementProps(items, base, lookup, `${prefix}${key}/*/`, depth + 1));
    else if (p.properties) out.push(...findElementProps(p, base, lookup, `${prefix}${key}/`, depth + 1));
  }
  return out;
}

/**
 * The concrete relative pointers of a slot in one element: `children` → [`/children`]; `tabs/*\/children` →
 * [`/tabs/0/children`, `/tabs/1/children`] for the tabs the element has (an absent array has none).
 */
export function slotPointers(element: unknown, slot: SlotInfo): string[] {
  let paths: Array<{ ptr: string; value: unknown }> = [{ ptr: '', value: element }];
  for (const seg of slot.prop.split('/')) {
    paths =
      seg === '*'
        ? paths.flatMap(({ ptr, value }) =>
            Array.isArray(value) ? value.map((v, i) => ({ ptr: `${ptr}/${i}`, value: v })) : [],
          )
        : paths.map(({ ptr, value }) => ({
            ptr: `${ptr}/${seg.replace(/~/g, '~0').replace(/\//g, '~1')}`,
            value: value && typeof value === 'object' ? (value as Record<string, unknown>)[seg] : undefined,
          }));
  }
  return paths.map((p) => p.ptr);
}
