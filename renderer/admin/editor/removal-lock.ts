/**
 * Which elements must stay where they are: taking one out of its slot would add a schema problem at that slot or a
 * container above it (a landing template's required registration parts, a slot with minItems). Found by trying the
 * removal on a copy and validating it with the precompiled validators, so the rule lives in the schema only.
 */
import type { Catalog } from './schema-catalog';
import { schemaAt, type JsonSchema } from './schema-store';
import { elementOf, kindOf, placeOf, slotName, takeOut, type SlotRef } from './element-slots';
import { getAt, isWithin } from './json-pointer';
import { validateDocument } from '../../core/validation/validate-document';

/** The schema that declares `slot` (its owner element's, or the document's). */
function ownerSchema(doc: unknown, slot: SlotRef, catalog: Catalog): JsonSchema | undefined {
  if (slot.owner === '') return schemaAt(`documents/${kindOf(doc)}.json`);
  const id = elementOf(getAt(doc, slot.owner), catalog);
  return id && catalog.get(id.family, id.name)?.schema;
}

/** Only containers whose schema can refuse a removal are tried (a validation per row would cost too much). */
export function mayRefuseRemoval(doc: unknown, slot: SlotRef, catalog: Catalog): boolean {
  const schema = ownerSchema(doc, slot, catalog);
  if (!slot.info.many && schema?.required?.includes(slot.info.prop)) return true;
  return /"(contains|minContains|minItems)"/.test(JSON.stringify(schema ?? {}));
}

/**
 * Why taking the element at `pointer` out of its slot breaks the document: new schema problems at its slot or
 * any container above it (its siblings' own problems only shift, so they are not compared).
 */
export function lockReason(doc: unknown, pointer: string, catalog: Catalog): string | undefined {
  const place = placeOf(doc, pointer, catalog);
  if (!place) return undefined;
  const kind = kindOf(doc);
  const above = (p: { pointer: string }) => isWithin(place.slot.pointer, p.pointer);
  const before = new Set(
    validateDocument(kind, doc)
      .filter(above)
      .map((p) => `${p.pointer} ${p.message}`),
  );
  const added = validateDocument(kind, takeOut(doc, place))
    .filter(above)
    .find((p) => !before.has(`${p.pointer} ${p.message}`));
  return added && `The ${slotName(place.slot)} needs it: ${added.pointer || '/'} ${added.message}.`;
}
