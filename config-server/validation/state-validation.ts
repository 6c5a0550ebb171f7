/**
 * Validation of a whole document state with the server's settings (which backend origins an API map may
 * name). The admin validate, publish, rollback, release completion and the first-start import all come through
 * here with the same settings, so what passes `POST /admin/api/validate` is what a publish accepts.
 */
import { HttpError } from '../http/http-error.js';
import type { NewDocument, PublishCheck } from '../store/config-store.js';
import type { StateError } from './publish-checks.js';
import { validateDocuments } from './validate-documents.js';
import type { ValidationSettings } from './validation-types.js';

/** Every error of a whole document set: ajv per document plus the cross-document rules. */
export function stateErrorsWith(docs: NewDocument[], settings: ValidationSettings): StateError[] {
  const byFile = new Map(docs.map((d) => [d.file, d]));
  return validateDocuments(
    docs.map((d) => ({ file: d.file, doc: d.content })),
    settings,
  ).map((e) => {
    const d = byFile.get(e.file);
    return { file: e.file, kind: d?.kind, id: d?.id, instancePath: e.pointer, message: e.message };
  });
}

/** Rejects (422, nothing written) a change whose resulting published state would not validate. */
export const validStateCheckWith =
  (settings: ValidationSettings): PublishCheck =>
  ({ wouldBe }) => {
    const errors = stateErrorsWith(wouldBe, settings);
    if (errors.length) {
      throw new HttpError(
        422,
        `Nothing was published: the published state would have ${errors.length} error(s); fix them in the drafts first`,
        { errors },
      );
    }
  };
