/**
 * Where elements sit in a document, for the outline and its edits: what an object is (family and type, by the
 * family's discriminator), which slots an element or the document root has (from the catalog, i.e. the schemas),
 * and which slot holds a given pointer. Only outline families count here: action lists are edited in the forms.
 */
import type { Catalog, Family, SlotInfo } from './schema-catalog';
import { slotPointers } from './schema-slots';
import { formatPointer, getAt, parsePointer, setAt, splitPointer, updateArrayAt } from './json-pointer';

export interface ElementId {
  family: Family;
  name: string;
}

/** A slot of one element (or of the document root, owner `''`) at a concrete pointer. */
export interface SlotRef {
  pointer: string;
  info: SlotInfo;
  /** Pointer of the element (or `''`, the document) that holds the slot. */
  owner: string;
  /** The owner's type name, or the document kind for a root slot ("screen"). */
  ownerName: string;
}

const OUTLINE: ReadonlySet<Family> = new Set<Family>(['node', 'landing-section']);

export function elementOf(el: unknown, catalog: Catalog): ElementId | undefined {
  const family = catalog.familyOf(el);
  if (!family) return undefined;
  const name = (el as Record<string, unknown>)[catalog.discriminator(family)];
  return typeof name === 'string' ? { family, name } : undefined;
}

export const kindOf = (doc: unknown) => String((doc as { kind?: unknown } | null)?.kind ?? '');

/** The outline slots of the element at `owner` (or of the document root when `owner` is `''`), in schema order. */
export function slotsOf(doc: unknown, owner: string, catalog: Catalog): SlotRef[] {
  const value = getAt(doc, owner);
  let infos: SlotInfo[];
  let ownerName: string;
  if (owner === '') {
    ownerName = kindOf(doc);
    infos = catalog.rootSlots(ownerName);
  } else {
    const id = elementOf(value, catalog);
    if (!id) return [];
    ownerName = id.name;
    infos = catalog.get(id.family, id.name)?.slots ?? [];
  }
  return infos
    .filter((info) => OUTLINE.has(info.family))
    .flatMap((info) => slotPointers(value, info).map((rel) => ({ pointer: owner + rel, info, owner, ownerName })));
}

/** The slot at `pointer`: found on the nearest element above it (plain objects such as a tab are passed over). */
export function findSlot(doc: unknown, pointer: string, catalog: Catalog): SlotRef | undefined {
  const tokens = parsePointer(pointer);
  for (let k = tokens.length - 1; k >= 0; k--) {
    const owner = formatPointer(tokens.slice(0, k));
    if (k > 0 && !elementOf(getAt(doc, owner), catalog)) continue;
    return slotsOf(doc, owner, catalog).find((s) => s.pointer === pointer);
  }
  return undefined;
}

/** The slot holding the element at `pointer` and its index there (-1 in a one-element slot). */
export function placeOf(doc: unknown, pointer: string, catalog: Catalog): { slot: SlotRef; index: number } | undefined {
  const single = findSlot(doc, pointer, catalog);
  if (single && !single.info.many) return { slot: single, index: -1 };
  const { parent, key } = splitPointer(pointer);
  const slot = findSlot(doc, parent, catalog);
  return slot?.info.many && /^\d+$/.test(key) ? { slot, index: Number(key) } : undefined;
}

const FAMILY_WORD: Record<Family, string> = { node: 'nodes', action: 'steps', 'landing-section': 'sections' };

/** How a slot is named in a sentence: `"children" of stack`, `"body" of the screen`. */
export const slotName = (s: SlotRef) =>
  `"${s.info.prop.replace(/\/\*\//g, '[].')}" of ${s.owner === '' ? 'the ' : ''}${s.ownerName}`;

/** Why `el` cannot go into `slot`, or undefined when the slot's schema takes it. */
export function refusal(slot: SlotRef, el: unknown, catalog: Catalog): string | undefined {
  const id = elementOf(el, catalog);
  if (!id) return `The ${slotName(slot)} holds ${FAMILY_WORD[slot.info.family]}; this is not one.`;
  if (id.family !== slot.info.family)
    return `The ${slotName(slot)} holds ${FAMILY_WORD[slot.info.family]}, not ${FAMILY_WORD[id.family]}.`;
  const { accepts } = slot.info;
  if (accepts !== 'any' && !accepts.includes(id.name))
    return `The ${slotName(slot)} takes only ${accepts.join(', ')}: not ${id.name}.`;
  return undefined;
}

/** The document without the element at `place`. */
export function takeOut(doc: unknown, place: { slot: SlotRef; index: number }): unknown {
  return place.index < 0
    ? setAt(doc, place.slot.pointer, undefined)
    : updateArrayAt(doc, place.slot.pointer, (a) => a.splice(place.index, 1));
}
