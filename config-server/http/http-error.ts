/**
 * The one error type a request handler throws on purpose. The error middleware turns it into
 * `{error: {status, message, details?}}`; anything else becomes a generic 500 without internals.
 */
export class HttpError extends Error {
  readonly status: number;
  readonly details?: unknown;
  /** Extra response headers (e.g. `Retry-After`, `ETag` on a 412). */
  readonly headers?: Record<string, string>;

  constructor(status: number, message: string, details?: unknown, headers?: Record<string, string>) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.details = details;
    this.headers = headers;
  }
}
