import type { Request } from 'express';
import { HttpError } from '../http/http-error.js';
import { parseEtags } from '../http/conditional.js';
import type { DocumentRecord } from '../store/config-store.js';

/**
 * The revision a write may replace, from the request's preconditions (no lost updates):
 * an existing document needs `If-Match: <its ETag>`; a new one `If-None-Match: *`.
 * Returns null for "create". Missing → 428, not matching → 412.
 */
export function expectedRevision(req: Request, current: DocumentRecord | undefined): number | null {
  const ifMatch = parseEtags(req.get('if-match'));
  const ifNoneMatch = parseEtags(req.get('if-none-match'));
  const name = current ? `${current.kind}/${current.id}` : 'the document';
  if (!current) {
    if (ifNoneMatch.includes('*')) return null;
    if (ifMatch.length)
      throw new HttpError(412, `${req.params.kind}/${req.params.id} does not exist: create it with If-None-Match: *`);
    throw new HttpError(
      428,
      'Creating a document needs the header If-None-Match: * (so you never overwrite one created meanwhile)',
    );
  }
  if (ifNoneMatch.includes('*')) {
    throw new HttpError(
      412,
      `${name} already exists: load it and send its ETag in If-Match`,
      { currentEtag: current.etag },
      { ETag: current.etag },
    );
  }
  if (!ifMatch.length) {
    throw new HttpError(
      428,
      `Saving ${name} needs the header If-Match with the ETag you loaded it with (GET /admin/api/documents/${current.kind}/${current.id})`,
      { currentEtag: current.etag },
    );
  }
  if (ifMatch.includes('*'))
    throw new HttpError(428, `If-Match: * is not accepted: send the ETag of ${name} you loaded`);
  if (!ifMatch.includes(current.etag)) {
    throw new HttpError(
      412,
      `${name} was changed by someone else since you loaded it (last by ${current.draft?.updatedBy ?? current.published?.createdBy}): reload, reapply your edit and save again`,
      { currentEtag: current.etag },
      { ETag: current.etag },
    );
  }
  return current.revision;
}
