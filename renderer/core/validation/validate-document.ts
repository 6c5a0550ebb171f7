/**
 * Schema check of a document in the browser, through the validators `npm run gen` precompiled (ajv
 * standalone code): the page and the console run under a CSP without 'unsafe-eval', so nothing is compiled
 * here. The app imports this module lazily, so the first screen does not wait for the validator code. The
 * server checks again on save and on publish, with the cross-document rules: this is the fast feedback, not
 * the gate. Problems are worded as the server words them (format-ajv-errors.ts).
 */
import { kindValidators } from '../../../schemas/generated/kind-validators.js';
import { validateExpressionTrees } from '../../../schemas/generated/validators.js';
import type { DocumentProblem } from './document-problem';
import { formatAjvErrors } from './format-ajv-errors';
import { withRegistrationWording } from '../landing/registration-parts';

export type { DocumentProblem };

/** The schema problems of one document of `kind` (empty when it is valid). */
export function validateDocument(kind: string, doc: unknown): DocumentProblem[] {
  const validate = kindValidators[kind];
  if (!validate)
    return [
      {
        pointer: '',
        message: `unknown document kind '${kind}': use one of ${Object.keys(kindValidators).sort().join(', ')}`,
      },
    ];
  return validate(doc) ? [] : withRegistrationWording(kind, doc, formatAjvErrors(validate.errors));
}

/** The documents a boot bundle carries, by field, with their kinds. */
const BUNDLE_KINDS = {
  market: 'market',
  textSet: 'text-set',
  routeMap: 'route-map',
  apiMap: 'api-map',
  bridgeMap: 'bridge-map',
};

/** Every document of a boot bundle; each pointer starts at the bundle (`/market/limits/...`). */
export function validateBundle(bundle: Record<string, unknown>): DocumentProblem[] {
  return Object.entries(BUNDLE_KINDS).flatMap(([field, kind]) =>
    validateDocument(kind, bundle[field]).map((p) => ({ pointer: `/${field}${p.pointer}`, message: p.message })),
  );
}

/**
 * A screen as the config API serves it: the document, and beside it its pre-parsed `expressions` (their own schema,
 * common/expression-trees.json); pointers of those start at `/expressions`.
 */
export function validatePublishedScreen(screen: Record<string, unknown>): DocumentProblem[] {
  const { expressions, ...doc } = screen;
  const problems = validateDocument('screen', doc);
  if (expressions !== undefined && !validateExpressionTrees(expressions))
    for (const p of formatAjvErrors(validateExpressionTrees.errors))
      problems.push({ pointer: `/expressions${p.pointer}`, message: p.message });
  return problems;
}

/** Parses editor text; a syntax error becomes one problem at the document root. */
export function parseJson(text: string): { doc?: unknown; problems: DocumentProblem[] } {
  try {
    return { doc: JSON.parse(text), problems: [] };
  } catch (e) {
    return { problems: [{ pointer: '', message: `not valid JSON: ${(e as Error).message}` }] };
  }
}
