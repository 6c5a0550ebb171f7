/**
 * The draft's two faces kept in step: the JSON text and the editor's history of document states, whose present
 * is the text parsed whenever the text parses. Typed JSON that parses to another document is an undo step (a run
 * of typing is one, by group); an editor edit or an undo rewrites the text from the document.
 */
import { parseJson } from '../../core/validation/validate-document';
import { pushHistory, type History } from './history';
import { getAt } from './json-pointer';

export const pretty = (v: unknown) => JSON.stringify(v, null, 2) + '\n';

export function sameJson(a: string, b: string): boolean {
  try {
    return JSON.stringify(JSON.parse(a)) === JSON.stringify(JSON.parse(b));
  } catch {
    return false;
  }
}

export interface Buffer {
  text: string;
  history: History;
}

/** New text (typed or loaded): its document joins the history when it parses and differs. */
export function withText(b: Buffer, text: string, group?: string): Buffer {
  const parsed = parseJson(text);
  if (parsed.problems.length || JSON.stringify(parsed.doc) === JSON.stringify(b.history.present.doc))
    return { ...b, text };
  const kept = b.history.present.selected;
  const selected = kept && getAt(parsed.doc, kept) !== undefined ? kept : '';
  return { text, history: pushHistory(b.history, { doc: parsed.doc, selected }, group) };
}

/** An edit from the screen editor. */
export const withDoc = (b: Buffer, doc: unknown, selected: string, group?: string): Buffer => ({
  text: pretty(doc),
  history: pushHistory(b.history, { doc, selected }, group),
});

/** An undo or redo step: the text follows the document. */
export function stepped(b: Buffer, step: (h: History) => History): Buffer {
  const history = step(b.history);
  return history === b.history ? b : { text: pretty(history.present.doc), history };
}
