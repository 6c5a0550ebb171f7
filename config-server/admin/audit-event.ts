import { HttpError } from '../http/http-error.js';
import type { ConfigStore } from '../store/config-store.js';

/**
 * An event that is not a document change (login, logout, API tokens, uploads, users) in the same append-only
 * audit log: no document, so kind, id, version and diff are null; `note` says what and from where.
 */
export function auditEvent(store: ConfigStore, actor: string, action: string, note: string): Promise<void> {
  return store.appendAudit({ actor, action, kind: null, id: null, version: null, diff: null, note });
}

/** What the store itself appends to a publish's note for the approvals that let it through (approval-records.ts). */
const APPROVAL_MARK = /\[approved by/i;

/**
 * A note or reason a person writes into the audit: it may not say what only the server says, or a publisher could
 * write "[approved by …]" for an approval nobody gave. 400 naming the field.
 */
export function ownWords(text: string, field: string): string {
  if (APPROVAL_MARK.test(text))
    throw new HttpError(
      400,
      `${field} may not contain "[approved by": the audit adds that itself, naming the approvals that counted`,
      { field },
    );
  return text;
}
