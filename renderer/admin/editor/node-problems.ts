/**
 * The draft's problems, placed on the outline: each schema problem (the precompiled validators, as the JSON view
 * shows them) and each problem the server sent back with a rejected save belongs to the deepest outline element
 * at or above its pointer, so the row shows a badge and the property form shows the message at its field. A save
 * with problems is refused with a summary that names every pointer: nothing invalid is saved unseen.
 */
import type { Catalog } from './schema-catalog';
import { elementOf } from './element-slots';
import { formatPointer, getAt, parsePointer } from './json-pointer';
import { validateDocument, type DocumentProblem } from '../../core/validation/validate-document';

const OUTLINE = new Set(['node', 'landing-section']);

/** Pointer of the deepest node or landing section at or above `pointer` (`''`: the document itself). */
export function nodeOfPointer(doc: unknown, pointer: string, catalog: Catalog): string {
  let tokens: string[];
  try {
    tokens = parsePointer(pointer);
  } catch {
    return '';
  }
  for (let k = tokens.length; k > 0; k--) {
    const at = formatPointer(tokens.slice(0, k));
    const id = elementOf(getAt(doc, at), catalog);
    if (id && OUTLINE.has(id.family)) return at;
  }
  return '';
}

/** Local schema problems of the draft, then the server's (without repeating one the draft check already shows). */
export function draftProblems(kind: string, doc: unknown, server: readonly DocumentProblem[] = []): DocumentProblem[] {
  const local = validateDocument(kind, doc);
  const seen = new Set(local.map((p) => `${p.pointer} ${p.message}`));
  return [...local, ...server.filter((p) => !seen.has(`${p.pointer} ${p.message}`))];
}

/** Problems by the node they belong to (`''` for the document's own fields). */
export function problemsByNode(
  doc: unknown,
  problems: readonly DocumentProblem[],
  catalog: Catalog,
): Map<string, DocumentProblem[]> {
  const out = new Map<string, DocumentProblem[]>();
  for (const p of problems) {
    const node = nodeOfPointer(doc, p.pointer, catalog);
    out.set(node, [...(out.get(node) ?? []), p]);
  }
  return out;
}

export const problemCounts = (byNode: ReadonlyMap<string, readonly DocumentProblem[]>) =>
  new Map([...byNode].map(([k, v]) => [k, v.length]));

/**
 * The problems of one element with pointers relative to it (`/src`, `/onClick/0/endpoint`), as the property
 * form names its fields; a problem at the element itself gets `''`.
 */
export function problemsOfElement(
  byNode: ReadonlyMap<string, readonly DocumentProblem[]>,
  element: string,
): DocumentProblem[] {
  return (byNode.get(element) ?? []).map((p) => ({ pointer: p.pointer.slice(element.length), message: p.message }));
}

/** Why a save is refused, naming each pointer (at most `max`, then how many more), or null when there is none. */
export function saveRefusal(problems: readonly DocumentProblem[], max = 5): string | null {
  if (!problems.length) return null;
  const listed = problems.slice(0, max).map((p) => `${p.pointer || '/'}: ${p.message}`);
  const more = problems.length > max ? `; and ${problems.length - max} more` : '';
  return `Not saved: ${problems.length} problem${problems.length === 1 ? '' : 's'} to fix first. ${listed.join('; ')}${more}.`;
}

/**
 * The server's problems about the draft as it was checked (`checked`), kept for the draft now (`doc`) only where they
 * still sit on the same thing: the object holding the value (a node, an action step) is unchanged at the same
 * pointer, or, at the document's own fields, the value is. A problem whose node was moved, edited or removed is
 * dropped: shown by its old pointer it would mark whatever node moved into that place. "Check with all drafts"
 * again finds it where it is now.
 */
export function problemsStillPlaced(
  checked: unknown,
  doc: unknown,
  problems: readonly DocumentProblem[],
): DocumentProblem[] {
  if (checked === doc) return [...problems];
  return problems.filter((p) => {
    let tokens: string[];
    try {
      tokens = parsePointer(p.pointer);
    } catch {
      return false;
    }
    for (let k = tokens.length; k > 0; k--) {
      const at = formatPointer(tokens.slice(0, k));
      const holder = getAt(checked, at);
      if (holder && typeof holder === 'object' && !Array.isArray(holder)) return sameValue(getAt(doc, at), holder);
    }
    return sameValue(getAt(checked, p.pointer), getAt(doc, p.pointer));
  });
}

// Edits in the screen editor keep untouched objects; JSON typed in the code view parses to new ones.
const sameValue = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);
