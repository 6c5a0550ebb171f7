/**
 * JSON Patch diff (RFC 6902) via fast-json-patch. Imported from its CommonJS build by path:
 * the package also ships its TypeScript sources next to index.js, and tsx would load those.
 */
import { compare } from 'fast-json-patch/commonjs/duplex.js';
import type { Operation } from 'fast-json-patch/commonjs/core.js';

export type JsonPatch = Operation[];

/** The operations turning `before` into `after` (a missing side counts as `{}`). */
export function jsonDiff(before: unknown, after: unknown): JsonPatch {
  return compare((before ?? {}) as object, (after ?? {}) as object);
}
