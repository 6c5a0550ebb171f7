import type { ConfigStore } from '../store/config-store.js';

/**
 * An event that is not a document change (login, logout, API tokens, uploads, users) in the same append-only
 * audit log: no document, so kind, id, version and diff are null; `note` says what and from where.
 */
export function auditEvent(store: ConfigStore, actor: string, action: string, note: string): Promise<void> {
  return store.appendAudit({ actor, action, kind: null, id: null, version: null, diff: null, note });
}
