/**
 * The shapes every validation rule shares: what a rule reads (a loaded document) and what it reports (an error naming
 * the file and JSON pointer). Kept apart so the rules and the validator that runs them import types, not each other.
 */

export interface DocumentError {
  /** Where the document came from, e.g. `screens/pages/complaint-list.json`. */
  file: string;
  /** JSON pointer inside the document (`''` for the whole document). */
  pointer: string;
  /** What is wrong and what to do. */
  message: string;
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
