/**
 * Finding `{{ }}` bindings in documents, for the rules that read them (money bindings, expression syntax). The
 * renderer resolves `{{ }}` inside any string of a screen, free-form objects (api params, navigate queries) included,
 * so these walk every string, not only the schema's template positions.
 */
import { pointerToken } from '../http/json-pointer.js';

/** Every string holding `{{` anywhere in a document, with its JSON pointer. */
export function templatesIn(doc: unknown, pointer = '', out: { value: string; pointer: string }[] = []) {
  if (typeof doc === 'string') {
    if (doc.includes('{{')) out.push({ value: doc, pointer });
  } else if (Array.isArray(doc)) doc.forEach((v, i) => templatesIn(v, `${pointer}/${i}`, out));
  else if (doc && typeof doc === 'object') {
    for (const [k, v] of Object.entries(doc)) templatesIn(v, `${pointer}/${pointerToken(k)}`, out);
  }
  return out;
}

/** One `{{ expr }}` of a template: the expression and where it starts in the string. */
export interface Binding {
  expr: string;
  /** Index of the expression's first character in the template string. */
  at: number;
}

/** The bindings of a template as the renderer's template.ts reads them (`{{` to the nearest `}}`). */
export function bindingsOf(text: string): Binding[] {
  return [...text.matchAll(/\{\{([\s\S]+?)\}\}/g)].map((m) => ({ expr: m[1], at: m.index + 2 }));
}

/** Where a `{{` with no `}}` after it starts (shown to borrowers as raw text), or -1. */
export function unclosedAt(text: string): number {
  const rest = text.replace(/\{\{([\s\S]+?)\}\}/g, (m) => ' '.repeat(m.length));
  return rest.indexOf('{{');
}
