import { createHash } from 'node:crypto';

/** JSON with object keys sorted, so the same document always hashes the same whatever its key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.keys(value as object)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** sha256 of the canonical JSON, hex: the identity of a document version's content. */
export function contentHash(doc: unknown): string {
  return createHash('sha256').update(canonicalJson(doc)).digest('hex');
}

/** Strong HTTP entity tag of a response body. */
export function bodyEtag(body: Buffer | string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
}
