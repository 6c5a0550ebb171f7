import type { ErrorRequestHandler, RequestHandler } from 'express';
import { HttpError } from './http-error.js';
import { StoreError, type StoreErrorKind } from '../store/store-errors.js';

interface BodyParserError extends Error {
  type?: string;
  status?: number;
  limit?: number;
}

/** Maps body-parser's typed errors to what the client did wrong, in words a client developer can act on. */
function fromBodyParser(err: BodyParserError): HttpError | undefined {
  switch (err.type) {
    case 'entity.parse.failed':
      return new HttpError(400, `Malformed JSON body: ${err.message}`);
    case 'entity.too.large':
      return new HttpError(413, `Request body too large: the limit is ${err.limit} bytes`);
    case 'entity.verify.failed':
      return err instanceof HttpError ? err : new HttpError(400, err.message);
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new HttpError(415, err.message);
    case 'request.aborted':
      return new HttpError(400, 'Request aborted by the client');
    default:
      return undefined;
  }
}

const STORE_STATUS: Record<StoreErrorKind, number> = { 'not-found': 404, conflict: 409, stale: 412, unavailable: 503 };

/** A store's refusal in HTTP terms: the status of its kind, the current ETag and when to retry as headers. */
export function fromStoreError(err: StoreError): HttpError {
  const headers: Record<string, string> = {};
  if (err.hints?.etag) headers.ETag = err.hints.etag;
  if (err.hints?.retryAfterSeconds) headers['Retry-After'] = String(err.hints.retryAfterSeconds);
  return new HttpError(
    STORE_STATUS[err.kind],
    err.message,
    err.details,
    Object.keys(headers).length ? headers : undefined,
  );
}

/** JSON 404 for an unknown path under an API prefix (instead of the HTML history fallback). */
export const notFoundJson: RequestHandler = (req) => {
  throw new HttpError(404, `No such endpoint: ${req.method} ${req.originalUrl.split('?')[0]}`);
};

/**
 * The one error middleware: every failure leaves as JSON `{error: {status, message, details?}}`.
 * Stack traces go to the log only, never to the client.
 */
export function errorMiddleware(log: (msg: string, err: unknown) => void = defaultLog): ErrorRequestHandler {
  return (err, req, res, next) => {
    if (res.headersSent) return next(err);
    let httpErr: HttpError;
    if (err instanceof HttpError && !(err as BodyParserError).type) httpErr = err;
    else if (err instanceof StoreError) httpErr = fromStoreError(err);
    else if ((err as BodyParserError)?.type && fromBodyParser(err)) httpErr = fromBodyParser(err)!;
    // Express's param decoding; percent-encoding.ts answers first, this is the net under it: a client's error, no log.
    else if (err instanceof URIError)
      httpErr = new HttpError(400, 'Malformed percent-encoding in the path: each % must start an escape such as %20', {
        part: 'path',
      });
    else if (typeof err?.status === 'number' && err.status >= 400 && err.status < 500 && err.expose) {
      httpErr = new HttpError(err.status, String(err.message));
    } else {
      // The path only: the query may hold the borrower's token (logs never carry it).
      log(`${req.method} ${req.originalUrl.split('?')[0]} failed`, err);
      httpErr = new HttpError(500, 'Internal server error');
    }
    for (const [k, v] of Object.entries(httpErr.headers ?? {})) res.setHeader(k, v);
    res.setHeader('Cache-Control', 'no-store');
    const body: { status: number; message: string; details?: unknown } = {
      status: httpErr.status,
      message: httpErr.message,
    };
    if (httpErr.details !== undefined) body.details = httpErr.details;
    // Validation failures also carry `errors` at the top level, the shape editors' tools expect.
    const errors = (httpErr.details as { errors?: unknown } | undefined)?.errors;
    res.status(httpErr.status).json(Array.isArray(errors) ? { error: body, errors } : { error: body });
  };
}

function defaultLog(msg: string, err: unknown) {
  console.error(msg, err);
}
