/**
 * The shapes every validation rule shares: what a rule reads (a loaded document) and what it reports (an error naming
 * the file and JSON pointer). Kept apart so the rules and the validator that runs them import types, not each other.
 */
import type { DocumentProblem } from '../../renderer/core/index.js';

/** A problem as the browser reports it, plus the file: the server checks many documents at once. */
export interface DocumentError extends DocumentProblem {
  /** Where the document came from, e.g. `screens/pages/complaint-list.json`. */
  file: string;
}

/** A document as read from disk or the store, before it is checked. */
export interface LoadedDocument {
  file: string;
  doc: unknown;
}

/** A document as the cross-document rules see it. */
export interface KnownDocument {
  file: string;
  kind: string;
  id: string;
  doc: Record<string, unknown>;
  /** Whether it passed its schema; fields of an invalid document are read defensively. */
  valid: boolean;
}

/** What validation takes from the server's settings (the same on every path: CLI, admin validate, publish). */
export interface ValidationSettings {
  /**
   * Backend origins an API map may name (`SSR_BACKEND_ORIGINS`, read by http/security-settings.ts); same-origin
   * paths are always allowed. Absent: none, the strictest answer.
   */
  backendOrigins?: readonly string[];
}
