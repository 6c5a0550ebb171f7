import type { DocSummary } from '../admin-types';

/**
 * A document with a draft as the list answers it (`GET /documents`): published v1 by `x`, drafted by `ed` in market ID,
 * no approval yet, unless `more` says otherwise.
 */
export const draftSummary = (kind: string, id: string, more: Partial<DocSummary> = {}): DocSummary => ({
  kind,
  id,
  file: `${kind}/${id}.json`,
  etag: `"${id}"`,
  markets: ['ID'],
  locale: null,
  publishedVersion: 1,
  publishedAt: null,
  publishedBy: 'x',
  hasDraft: true,
  draftUpdatedAt: null,
  draftUpdatedBy: 'ed',
  editors: ['ed'],
  approvals: [],
  ...more,
});
