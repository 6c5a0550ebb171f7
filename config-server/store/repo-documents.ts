import { schemaErrors } from '../validation/document-rules.js';
import { validStateCheckWith } from '../validation/state-validation.js';
import type { ValidationSettings } from '../validation/validation-types.js';
import { loadDocuments, screensDir } from '../validation/validate-documents.js';
import { contentHash } from './content-hash.js';
import type { ConfigStore, NewDocument } from './config-store.js';

export const IMPORT_USER = 'repo-import';

const describe = (errors: { file: string; pointer?: string; instancePath?: string; message: string }[]) =>
  errors.map((e) => `  ${e.file}#${e.pointer ?? e.instancePath ?? ''}: ${e.message}`).join('\n');

/** The documents under `dir` (default `screens/`), with their repo paths; malformed files throw, naming them. */
export function readRepoDocuments(dir: string = screensDir): NewDocument[] {
  const { docs, errors } = loadDocuments(dir);
  if (errors.length) throw new Error(`Cannot read the repository documents:\n${describe(errors)}`);
  return docs.map(({ file, doc }) => {
    const d = doc as { kind?: unknown; id?: unknown };
    if (typeof d?.kind !== 'string' || typeof d?.id !== 'string')
      throw new Error(`${file}: a document needs a string kind and id`);
    return { kind: d.kind, id: d.id, file, content: doc };
  });
}

/**
 * First start: an empty store publishes the repository documents as version 1 of each,
 * after the whole set validates (with the server's settings). An invalid set is refused with every error listed.
 */
export async function importOnFirstStart(
  store: ConfigStore,
  dir?: string,
  validation: ValidationSettings = {},
): Promise<number> {
  if (!(await store.isEmpty())) return 0;
  const docs = readRepoDocuments(dir);
  try {
    if (!(await store.importPublished(docs, { user: IMPORT_USER }, validStateCheckWith(validation)))) return 0;
  } catch (e) {
    // The publish check's refusal lists the documents' errors; anything else is rethrown as it is.
    const errors = (e as { details?: { errors?: [] } } | undefined)?.details?.errors || undefined;
    if (errors) throw new Error(`The repository documents do not validate, nothing was imported:\n${describe(errors)}`);
    throw e;
  }
  return docs.length;
}

export interface ImportReport {
  created: string[];
  updated: string[];
  unchanged: string[];
  /** A colleague's draft differs from the repository version: left alone unless forced. */
  skipped: string[];
  invalid: { file: string; errors: { instancePath: string; message: string }[] }[];
}

/** `npm run config:import`: every repository document that differs from the store becomes a draft. */
export async function importChangedAsDrafts(
  store: ConfigStore,
  opts: { dir?: string; force?: boolean; user?: string } = {},
): Promise<ImportReport> {
  const report: ImportReport = { created: [], updated: [], unchanged: [], skipped: [], invalid: [] };
  const user = opts.user ?? IMPORT_USER;
  for (const doc of readRepoDocuments(opts.dir)) {
    const errors = schemaErrors(doc.kind, doc.content);
    if (errors.length) {
      report.invalid.push({ file: doc.file, errors });
      continue;
    }
    const rec = await store.getDocument(doc.kind, doc.id);
    const hash = contentHash(doc.content);
    if (rec && (rec.draft?.hash ?? rec.published?.hash) === hash) {
      report.unchanged.push(doc.file);
      continue;
    }
    if (rec?.draft && rec.draft.updatedBy !== user && !opts.force) {
      report.skipped.push(`${doc.file} (draft by ${rec.draft.updatedBy} from ${rec.draft.updatedAt})`);
      continue;
    }
    await store.saveDraft(rec ? { ...doc, file: rec.file } : doc, rec ? rec.revision : null, { user });
    (rec ? report.updated : report.created).push(doc.file);
  }
  return report;
}
