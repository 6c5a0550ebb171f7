/**
 * The outline's rows: every element of the outline families (nodes, landing sections), depth first in document
 * order, with what a row shows (type, copy in the console locale, `when`, problem count) and what it needs for
 * the keyboard and drag and drop (its slot, index, container).
 */
import type { Catalog, Family } from './schema-catalog';
import type { JsonSchema } from './schema-store';
import { elementOf, slotsOf } from './element-slots';
import { getAt } from './json-pointer';
import { lockReason, mayRefuseRemoval } from './removal-lock';

export interface Row {
  pointer: string;
  depth: number;
  family: Family;
  name: string;
  /** Pointer of the slot (array) holding this element. */
  slot: string;
  /** The slot's property, shown when its owner has more than one slot (`empty`, `tabs[].children`). */
  slotProp: string;
  /** Position in the slot (-1 in a one-element slot). */
  index: number;
  /** Pointer of the element (or `''`, the document) holding the slot. */
  parent: string;
  /** The element has slots of its own (it can be folded and take children). */
  container: boolean;
  /** Pointers of its own slots, in schema order (empty ones too: a drop can go there). */
  slots: string[];
  /** The node's copy in the console locale, else its id (else its key or bound value). */
  label: string;
  when?: string;
  problems: number;
  /** Why it cannot be removed or moved out of its slot. */
  locked?: string;
}

const TEXT_KEY = /common\/text-key\.json$/;
const TEMPLATE = /common\/template\.json$/;

function labelOf(el: Record<string, unknown>, schema: JsonSchema | undefined, texts: Record<string, string>): string {
  const props = Object.entries(schema?.properties ?? {});
  const keys = props.filter(([, p]) => TEXT_KEY.test(String(p.$ref ?? ''))).map(([k]) => el[k]);
  const copy = keys.find((k) => typeof k === 'string' && typeof texts[k] === 'string');
  if (copy) return texts[copy as string];
  if (typeof el.id === 'string') return el.id;
  const fallback = [...keys, ...props.filter(([, p]) => TEMPLATE.test(String(p.$ref ?? ''))).map(([k]) => el[k])];
  return (fallback.find((v) => typeof v === 'string') as string | undefined) ?? '';
}

/** A slot's place in its owner for people: `/empty` → `empty`, `/tabs/1/children` → `tabs[1].children`. */
const slotLabel = (rel: string) =>
  rel
    .slice(1)
    .split('/')
    .map((t, i) => (/^\d+$/.test(t) ? `[${t}]` : `${i ? '.' : ''}${t.replace(/~1/g, '/').replace(/~0/g, '~')}`))
    .join('');

/** Every element of the outline families, depth first in document order. */
export function outlineRows(
  doc: unknown,
  catalog: Catalog,
  texts: Record<string, string>,
  problems?: ReadonlyMap<string, number>,
): Row[] {
  const rows: Row[] = [];
  const walk = (owner: string, depth: number) => {
    const slots = slotsOf(doc, owner, catalog);
    for (const slot of slots) {
      const value = getAt(doc, slot.pointer);
      const items = slot.info.many ? (Array.isArray(value) ? value : []) : value === undefined ? [] : [value];
      const tryLocks = items.length > 0 && mayRefuseRemoval(doc, slot, catalog);
      items.forEach((el, i) => {
        const pointer = slot.info.many ? `${slot.pointer}/${i}` : slot.pointer;
        const id = elementOf(el, catalog);
        if (!id) return;
        const rec = el as Record<string, unknown>;
        const own = slotsOf(doc, pointer, catalog).map((s) => s.pointer);
        rows.push({
          pointer,
          depth,
          family: id.family,
          name: id.name,
          slot: slot.pointer,
          slotProp: slots.length > 1 ? slotLabel(slot.pointer.slice(owner.length)) : '',
          index: slot.info.many ? i : -1,
          parent: owner,
          container: own.length > 0,
          slots: own,
          label: labelOf(rec, catalog.get(id.family, id.name)?.schema, texts),
          when: typeof rec.when === 'string' ? rec.when : undefined,
          problems: problems?.get(pointer) ?? 0,
          locked: tryLocks ? lockReason(doc, pointer, catalog) : undefined,
        });
        walk(pointer, depth + 1);
      });
    }
  };
  walk('', 1);
  return rows;
}
