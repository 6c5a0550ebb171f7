/**
 * The outline's model (pure): the structural edits on a document's element tree (and its rows, from
 * outline-rows.ts). Every edit returns a new root (untouched subtrees keep their identity) with the pointer to
 * select, or a sentence saying why it was refused: a slot takes only what its schema accepts, nothing moves into
 * itself, and a `locked` element (its removal would break its container's schema) stays in its slot.
 */
import type { Catalog } from './schema-catalog';
import { elementOf, findSlot, placeOf, refusal, slotName, slotsOf, takeOut, type SlotRef } from './element-slots';
import { afterRemoval, getAt, isWithin, setAt, updateArrayAt } from './json-pointer';
import { lockReason } from './removal-lock';

export { outlineRows, type Row } from './outline-rows';

export type Edit = { doc: unknown; selected: string } | { error: string };

export function insert(doc: unknown, slotPointer: string, index: number, element: unknown, catalog: Catalog): Edit {
  const slot = findSlot(doc, slotPointer, catalog);
  if (!slot) return { error: `Nothing at ${slotPointer} takes elements.` };
  const refused = refusal(slot, element, catalog);
  if (refused) return { error: refused };
  if (!slot.info.many) {
    if (getAt(doc, slotPointer) !== undefined)
      return { error: `The ${slotName(slot)} holds one element: it is taken.` };
    return { doc: setAt(doc, slotPointer, element), selected: slotPointer };
  }
  const items = getAt(doc, slotPointer);
  const at = Math.max(0, Math.min(index, Array.isArray(items) ? items.length : 0));
  return { doc: updateArrayAt(doc, slotPointer, (a) => a.splice(at, 0, element)), selected: `${slotPointer}/${at}` };
}

/** After a removal, the next sibling is selected, else the previous one, else the container. */
export function remove(doc: unknown, pointer: string, catalog: Catalog): Edit {
  const place = placeOf(doc, pointer, catalog);
  if (!place) return { error: `No element at ${pointer}.` };
  const locked = lockReason(doc, pointer, catalog);
  if (locked) return { error: `It cannot be removed. ${locked}` };
  const next = takeOut(doc, place);
  const left = place.index < 0 ? [] : (getAt(next, place.slot.pointer) as unknown[]);
  const selected =
    place.index >= 0 && left.length
      ? `${place.slot.pointer}/${Math.min(place.index, left.length - 1)}`
      : place.slot.owner;
  return { doc: next, selected };
}

/** `index` is a position in the target slot as it is now (drop before the element there). */
export function move(doc: unknown, from: string, toSlot: string, index: number, catalog: Catalog): Edit {
  const place = placeOf(doc, from, catalog);
  if (!place) return { error: `No element at ${from}.` };
  if (isWithin(toSlot, from)) return { error: 'An element cannot go inside itself.' };
  const target = findSlot(doc, toSlot, catalog);
  if (!target) return { error: `Nothing at ${toSlot} takes elements.` };
  const el = getAt(doc, from);
  const refused = refusal(target, el, catalog);
  if (refused) return { error: refused };
  if (toSlot !== place.slot.pointer) {
    const locked = lockReason(doc, from, catalog);
    if (locked) return { error: `It cannot leave its place. ${locked}` };
  }
  const sameSlot = toSlot === place.slot.pointer && place.index >= 0;
  const at = sameSlot && place.index < index ? index - 1 : index;
  if (sameSlot && at === place.index) return { doc, selected: from };
  const slotAfter = place.index >= 0 ? afterRemoval(toSlot, from)! : toSlot;
  return insert(takeOut(doc, place), slotAfter, at, el, catalog);
}

function sibling(doc: unknown, pointer: string, catalog: Catalog, step: -1 | 1): Edit {
  const place = placeOf(doc, pointer, catalog);
  if (!place || place.index < 0) return { error: `No element at ${pointer} that can move up or down.` };
  const count = (getAt(doc, place.slot.pointer) as unknown[]).length;
  const to = place.index + step;
  if (to < 0 || to >= count)
    return { error: `It is already the ${step < 0 ? 'first' : 'last'} in the ${slotName(place.slot)}.` };
  return move(doc, pointer, place.slot.pointer, step < 0 ? to : to + 1, catalog);
}

export const moveUp = (doc: unknown, pointer: string, catalog: Catalog) => sibling(doc, pointer, catalog, -1);
export const moveDown = (doc: unknown, pointer: string, catalog: Catalog) => sibling(doc, pointer, catalog, 1);

/** Into the previous sibling's first slot that accepts it, at the end. */
export function indent(doc: unknown, pointer: string, catalog: Catalog): Edit {
  const place = placeOf(doc, pointer, catalog);
  if (!place || place.index < 0) return { error: `No element at ${pointer} that can be indented.` };
  if (place.index === 0) return { error: 'There is no element above it in its slot to go into.' };
  const prev = `${place.slot.pointer}/${place.index - 1}`;
  const el = getAt(doc, pointer);
  const slots = slotsOf(doc, prev, catalog);
  const slot = slots.find((s) => !refusal(s, el, catalog) && (s.info.many || getAt(doc, s.pointer) === undefined));
  if (!slot) {
    const name = elementOf(getAt(doc, prev), catalog)?.name ?? 'element';
    return {
      error: slots.length
        ? `The ${name} above takes no ${elementOf(el, catalog)?.name ?? 'such element'} (${slots.map((s) => refusal(s, el, catalog) ?? `${slotName(s)} is taken`).join(' ')})`
        : `The ${name} above holds no other elements.`,
    };
  }
  const items = getAt(doc, slot.pointer);
  return move(doc, pointer, slot.pointer, Array.isArray(items) ? items.length : 0, catalog);
}

/** Out of its container, just after it. */
export function outdent(doc: unknown, pointer: string, catalog: Catalog): Edit {
  const place = placeOf(doc, pointer, catalog);
  if (!place) return { error: `No element at ${pointer}.` };
  if (place.slot.owner === '') return { error: 'It is already at the top level.' };
  const outer = placeOf(doc, place.slot.owner, catalog);
  if (!outer || outer.index < 0) return { error: 'Its container sits in a one-element slot: move it instead.' };
  return move(doc, pointer, outer.slot.pointer, outer.index + 1, catalog);
}

/** Every element id of the document, so a copy's ids can be made unique. */
function idsIn(value: unknown, catalog: Catalog, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => idsIn(v, catalog, into));
  else if (value && typeof value === 'object') {
    const id = (value as { id?: unknown }).id;
    if (typeof id === 'string' && elementOf(value, catalog)) into.add(id);
    Object.values(value).forEach((v) => idsIn(v, catalog, into));
  }
  return into;
}

/** A copy just after the original; ids in the copy get a `-copy` suffix, since ids are unique in a screen. */
export function duplicate(doc: unknown, pointer: string, catalog: Catalog): Edit {
  const place = placeOf(doc, pointer, catalog);
  if (!place || place.index < 0) return { error: `No element at ${pointer} that can be duplicated here.` };
  const taken = idsIn(doc, catalog);
  const rename = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(rename);
    if (!v || typeof v !== 'object') return v;
    const out = Object.fromEntries(Object.entries(v).map(([k, x]) => [k, rename(x)]));
    if (typeof out.id === 'string' && elementOf(v, catalog)) {
      let n = 1;
      let id = `${out.id}-copy`;
      while (taken.has(id)) id = `${out.id}-copy${++n}`;
      taken.add(id);
      out.id = id;
    }
    return out;
  };
  return insert(doc, place.slot.pointer, place.index + 1, rename(getAt(doc, pointer)), catalog);
}

export interface Target {
  slot: string;
  index: number;
  /** Where it goes, in words: `inside stack ("children")`, `after text`. */
  label: string;
}

/**
 * Where the palette inserts, given the selection: into the selected container's slots (at the end), then after
 * the selected element in its own slot; with nothing selected, at the end of each root slot.
 */
export function insertTargets(doc: unknown, selected: string, catalog: Catalog): Target[] {
  const end = (s: SlotRef) => {
    const v = getAt(doc, s.pointer);
    return Array.isArray(v) ? v.length : 0;
  };
  const owner = selected && getAt(doc, selected) !== undefined ? selected : '';
  const inside = slotsOf(doc, owner, catalog).map((s) => ({
    slot: s.pointer,
    index: end(s),
    label: owner === '' ? `at the end of ${slotName(s)}` : `inside, at the end of ${slotName(s)}`,
  }));
  const place = owner ? placeOf(doc, owner, catalog) : undefined;
  const name = owner ? elementOf(getAt(doc, owner), catalog)?.name : undefined;
  const after =
    place && place.index >= 0
      ? [
          {
            slot: place.slot.pointer,
            index: place.index + 1,
            label: `after this ${name} in the ${slotName(place.slot)}`,
          },
        ]
      : [];
  return [...inside, ...after];
}
