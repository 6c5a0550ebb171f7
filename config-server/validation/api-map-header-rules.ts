/**
 * An API map may not make the app or the server send a header HTTP itself manages (forbidden-headers.ts): the
 * `headers` it fixes and the `headersFromQuery` it copies from the page URL are refused at validation and
 * publish, each at its JSON pointer. Case-insensitive: `host` is `Host`.
 */
import { FORBIDDEN_HEADERS, isForbiddenHeader } from '../http/forbidden-headers.js';
import type { DocumentError, KnownDocument } from './validation-types.js';

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const escape = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

const why = (name: string) =>
  `header ${JSON.stringify(name)} is managed by HTTP itself (${FORBIDDEN_HEADERS.join(', ')}, any letter case): ` +
  'an API map may not set it; use an application header such as X-Token';

export function checkApiMapHeaders(known: KnownDocument[]): DocumentError[] {
  const errors: DocumentError[] = [];
  for (const map of known.filter((k) => k.kind === 'api-map')) {
    if (isObject(map.doc.headers)) {
      for (const name of Object.keys(map.doc.headers)) {
        if (isForbiddenHeader(name)) errors.push({ file: map.file, pointer: `/headers/${escape(name)}`, message: why(name) });
      }
    }
    if (Array.isArray(map.doc.headersFromQuery)) {
      map.doc.headersFromQuery.forEach((h, i) => {
        if (isObject(h) && typeof h.header === 'string' && isForbiddenHeader(h.header)) {
          errors.push({ file: map.file, pointer: `/headersFromQuery/${i}/header`, message: why(h.header) });
        }
      });
    }
  }
  return errors;
}
