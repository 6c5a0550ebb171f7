/**
 * Schema check of a document in the browser, through the validators `npm run gen` precompiled
 * (ajv standalone code): the console runs under the same CSP as the borrower page, no ajv compile.
 * The server re-validates on save and on publish (with the cross-document rules), so this is the
 * fast feedback while typing, not the gate.
 */
import { kindValidators } from '../../schemas/generated/kind-validators.js';
import type { Problem } from './admin-types';

export function validateDocument(kind: string, doc: unknown): Problem[] {
  const validate = kindValidators[kind];
  if (!validate) return [];
  if (validate(doc)) return [];
  return (validate.errors ?? []).map((e) => ({
    instancePath: e.instancePath,
    message:
      e.keyword === 'additionalProperties'
        ? `${e.message} (${String((e.params as { additionalProperty?: unknown }).additionalProperty)})`
        : (e.message ?? 'is invalid'),
  }));
}

/** Parses editor text; a syntax error becomes one problem at the document root. */
export function parseJson(text: string): { doc?: unknown; problems: Problem[] } {
  try {
    return { doc: JSON.parse(text), problems: [] };
  } catch (e) {
    return { problems: [{ instancePath: '', message: `not valid JSON: ${(e as Error).message}` }] };
  }
}
