import { HttpError } from '../http/http-error.js';
import { marketsOf } from './document-rules.js';
import type { NewDocument, PublishCheck, PublishCheckInput } from '../store/config-store.js';
import { validateDocuments } from './validate-documents.js';

export interface StateError {
  file: string;
  kind?: string;
  id?: string;
  instancePath: string;
  message: string;
}

/** Every error of a whole document set: ajv per document plus the cross-document rules. */
export function stateErrors(docs: NewDocument[]): StateError[] {
  const byFile = new Map(docs.map((d) => [d.file, d]));
  return validateDocuments(docs.map((d) => ({ file: d.file, doc: d.content }))).map((e) => {
    const d = byFile.get(e.file);
    return { file: e.file, kind: d?.kind, id: d?.id, instancePath: e.pointer, message: e.message };
  });
}

/** Rejects (422, nothing written) a change whose resulting published state would not validate. */
export const validStateCheck: PublishCheck = ({ wouldBe }) => {
  const errors = stateErrors(wouldBe);
  if (errors.length) {
    throw new HttpError(422, `Nothing was published: the published state would have ${errors.length} error(s); fix them in the drafts first`, { errors });
  }
};

const markets = (docs: NewDocument[]) =>
  docs.filter((d) => d.kind === 'market').map((d) => d.content as Record<string, unknown>);

/**
 * Four eyes: when any market touched by the change set asks for it (before or after the change),
 * someone other than the publisher must have edited the set.
 */
export function fourEyesCheck(publisher: string, current: NewDocument[]): PublishCheck {
  return ({ wouldBe, changes }: PublishCheckInput) => {
    const all = [...markets(current), ...markets(wouldBe)];
    const strict = new Set(all.filter((m) => m.fourEyes === true).map((m) => String(m.id)));
    if (!strict.size) return;
    const touched = new Set(changes.flatMap((c) => [...marketsOf(c.kind, c.before, all), ...marketsOf(c.kind, c.after, all)]));
    const needing = [...touched].filter((m) => strict.has(m));
    if (!needing.length) return;
    const editors = new Set(changes.flatMap((c) => c.editors));
    if ([...editors].every((e) => e === publisher)) {
      throw new HttpError(
        403,
        `Four eyes: market ${needing.join(', ')} needs a second person. ${publisher} is the only editor of this change set, so another publisher must publish it (or a colleague must edit it first)`,
        { markets: needing, editors: [...editors] },
      );
    }
  };
}

export const allChecks = (...checks: PublishCheck[]): PublishCheck => (input) => checks.forEach((c) => c(input));
