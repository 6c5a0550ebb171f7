/**
 * What a store refuses, in the store's own words: a document or release that does not exist, a change that conflicts
 * with another (a draft missing, an open release), a write based on a version that is no longer current, or a database
 * that cannot be reached. The store knows nothing of HTTP; the error middleware maps each kind to its status.
 */
export type StoreErrorKind = 'not-found' | 'conflict' | 'stale' | 'unavailable';

export class StoreError extends Error {
  constructor(
    readonly kind: StoreErrorKind,
    message: string,
    /** Machine-readable facts for the client (e.g. `{ currentEtag }`, `{ release }`). */
    readonly details?: unknown,
    /** What the client should know besides (e.g. the current `ETag`, `Retry-After`). */
    readonly hints?: { etag?: string; retryAfterSeconds?: number },
  ) {
    super(message);
    this.name = 'StoreError';
  }
}

export const notFound = (message: string, details?: unknown) => new StoreError('not-found', message, details);
export const conflict = (message: string, details?: unknown) => new StoreError('conflict', message, details);

/** A write based on a revision someone else has since replaced: the client reloads (its current ETag is given). */
export const stale = (message: string, etag: string, withHeader = false) =>
  new StoreError('stale', message, { currentEtag: etag }, withHeader ? { etag } : undefined);

export const noDocument = (kind: string, id: string) => notFound(`No document ${kind}/${id}`);
export const noDraftToPublish = (kind: string, id: string) => conflict(`${kind}/${id} has no draft to publish`);
export const changedBeforePublish = (kind: string, id: string, etag: string) =>
  stale(`${kind}/${id} changed since you loaded it: review the new draft before publishing`, etag);
export const alreadyExists = (kind: string, id: string) =>
  new StoreError('stale', `${kind}/${id} already exists: load it and send its ETag in If-Match`);
