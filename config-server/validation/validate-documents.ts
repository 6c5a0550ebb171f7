/**
 * Validation of a set of documents, in two levels: ajv per document by its `kind`,
 * then the cross-document rules. Pure: no console, no exit; the CLI (`npm run validate`) and the
 * config store's publish both call it and decide what to do with the errors.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';
import { createAjv, documentKinds, readSchemaFiles } from './load-schemas.js';
import { formatAjvErrors, withRegistrationWording } from '../../renderer/core/index.js';
import { checkMoneyBindings } from './money-binding-rules.js';
import { checkExpressions } from './expression-rules.js';
import { collectReferences, type Reference } from './collect-references.js';
import { checkCrossDocumentRules } from './cross-document-rules.js';
import type { DocumentError, KnownDocument, LoadedDocument, ValidationSettings } from './validation-types.js';
import { fromRoot } from '../project-root.js';
import { pointerToken } from '../http/json-pointer.js';

export type { DocumentError, KnownDocument, LoadedDocument, ValidationSettings };

export const screensDir = fromRoot('screens/');

/** Reads every `*.json` under `dir`. A file that is not JSON becomes an error naming it, never an exception. */
export function loadDocuments(dir: string = screensDir): { docs: LoadedDocument[]; errors: DocumentError[] } {
  const docs: LoadedDocument[] = [];
  const errors: DocumentError[] = [];
  const root = dirname(dir.replace(/[\\/]+$/, ''));
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (name.endsWith('.json')) {
        const file = relative(root, p).split(sep).join('/');
        const text = readFileSync(p, 'utf8');
        try {
          docs.push({ file, doc: JSON.parse(text) });
        } catch (e) {
          errors.push({
            file,
            pointer: '',
            message: `not valid JSON: ${describeJsonError(e as Error, text)}. Fix the syntax (a missing comma, quote or bracket).`,
          });
        }
      }
    }
  };
  walk(dir);
  return { docs, errors };
}

function describeJsonError(e: Error, text: string): string {
  const m = /position (\d+)/.exec(e.message);
  const base = e.message.replace(/^JSON\.parse: /, '').replace(/ in JSON at position \d+.*$/, '');
  if (!m) return base;
  const before = text.slice(0, Number(m[1]));
  const line = before.split('\n').length;
  const column = before.length - before.lastIndexOf('\n');
  return `${base} at line ${line}, column ${column}`;
}

let shared:
  { ajv: ReturnType<typeof createAjv>; matcher: ReturnType<typeof createAjv>; kinds: Map<string, string> } | undefined;
/** Schemas do not change while the process runs: compile them once. */
function schemas() {
  if (!shared) {
    const files = readSchemaFiles();
    const kinds = new Map([...documentKinds(files)].map(([kind, f]) => [kind, f.schema.$id]));
    shared = { ajv: createAjv(files), matcher: createAjv(files, { strict: false }), kinds };
  }
  return shared;
}

/** The kinds a document may have, e.g. `screen`, `text-set`. */
export const documentKindNames = (): string[] => [...schemas().kinds.keys()].sort();

/**
 * `unreadConstants` also reports market constants nothing reads: a rule for the repository's documents
 * (`npm run validate`, CI), not for a publish, so ops can add a constant before the screen that reads it.
 * `backendOrigins`: the origins an API map may name (the server's SSR_BACKEND_ORIGINS); none when absent.
 */
export function validateDocuments(
  docs: LoadedDocument[],
  opts: { unreadConstants?: boolean } & ValidationSettings = {},
): DocumentError[] {
  const { ajv, matcher, kinds } = schemas();
  const errors: DocumentError[] = [];
  const known: KnownDocument[] = [];
  const references = new Map<string, Reference[]>();

  for (const d of docs) {
    const doc = d.doc as Record<string, unknown> | null;
    if (!doc || typeof doc !== 'object' || Array.isArray(doc)) {
      errors.push({
        file: d.file,
        pointer: '',
        message: 'a document must be a JSON object with kind, id and schemaVersion',
      });
      continue;
    }
    const deep = tooDeep(doc);
    if (deep !== undefined) {
      errors.push({
        file: d.file,
        pointer: deep,
        message: `nested more than ${MAX_DEPTH} levels deep here: flatten the nodes (no screen needs this many)`,
      });
      continue;
    }
    const schemaId = typeof doc.kind === 'string' ? kinds.get(doc.kind) : undefined;
    if (!schemaId) {
      const got = doc.kind === undefined ? 'missing kind' : `unknown kind ${JSON.stringify(doc.kind)}`;
      errors.push({
        file: d.file,
        pointer: '/kind',
        message: `${got}: set kind to one of ${documentKindNames().join(', ')}`,
      });
      continue;
    }
    const validate = ajv.getSchema(schemaId)!;
    const valid = validate(doc) as boolean;
    for (const m of withRegistrationWording(doc.kind, doc, formatAjvErrors(validate.errors)))
      errors.push({ file: d.file, ...m });
    if (typeof doc.id === 'string') {
      known.push({ file: d.file, kind: doc.kind as string, id: doc.id, doc, valid });
      const stem = basename(d.file, '.json');
      if (
        d.file.endsWith('.json') &&
        ['screen', 'text-set', 'market'].includes(doc.kind as string) &&
        stem !== doc.id
      ) {
        errors.push({
          file: d.file,
          pointer: '/id',
          message: `id ${JSON.stringify(doc.id)} differs from the file name "${stem}": rename the file or the id so they match`,
        });
      }
    }
    const refs = collectReferences(matcher, schemaId, doc);
    references.set(d.file, refs);
    errors.push(...checkExpressions(d.file, doc.kind, doc, refs));
    errors.push(...checkMoneyBindings(d.file, doc, refs));
  }
  return [...errors, ...checkCrossDocumentRules(known, references, opts)];
}

/**
 * Levels of JSON nesting a document may have: the deepest default document has 25. The schema check and the rules walk
 * a document recursively, and a few hundred levels overflowed the stack, so a document deeper than this is refused
 * by name and pointer before they run.
 */
const MAX_DEPTH = 100;

/** The pointer of the first value nested deeper than MAX_DEPTH, else undefined. Walked with a list, not recursion. */
function tooDeep(doc: object): string | undefined {
  const todo: [unknown, string, number][] = [[doc, '', 0]];
  for (let next = todo.pop(); next; next = todo.pop()) {
    const [value, pointer, depth] = next;
    if (!value || typeof value !== 'object') continue;
    if (depth >= MAX_DEPTH) return pointer;
    for (const [k, v] of Object.entries(value)) todo.push([v, `${pointer}/${pointerToken(k)}`, depth + 1]);
  }
  return undefined;
}

/** Loads and validates every document under `dir`. */
export function validateDirectory(
  dir: string = screensDir,
  settings: ValidationSettings = {},
): { count: number; errors: DocumentError[] } {
  const { docs, errors } = loadDocuments(dir);
  return {
    count: docs.length + errors.length,
    errors: [...errors, ...validateDocuments(docs, { ...settings, unreadConstants: true })],
  };
}
