/**
 * An API map may not make the app or the server send a header HTTP itself manages (forbidden-headers.ts): the
 * `headers` it fixes and the `headersFromQuery` it copies from the page URL are refused at validation and
 * publish, each at its JSON pointer. Case-insensitive: `host` is `Host`. Names and values carry no control
 * character either: a CR/LF in a value would start a header (or a request) of the document's choosing. A fixed
 * value is visible ASCII and spaces only: Node refuses to send anything past U+00FF ("Invalid character in header
 * content"), so such a map would fail every server-side first call, and Latin-1 beyond ASCII is read differently by
 * different backends; no header we send needs it.
 */
import { FORBIDDEN_HEADERS, isForbiddenHeader } from '../http/forbidden-headers.js';
import type { DocumentError, KnownDocument } from './validation-types.js';
import { pointerToken } from '../http/json-pointer.js';

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

const why = (name: string) =>
  `header ${JSON.stringify(name)} is managed by HTTP itself (${FORBIDDEN_HEADERS.join(', ')}, any letter case): ` +
  'an API map may not set it; use an application header such as X-Token';

/** Control characters (CR, LF, NUL, tab, DEL, ...): never part of a header name or value we send. */
const CONTROL = /[\u0000-\u001f\u007f]/;
const controlIn = (what: string, text: string) => {
  const at = text.search(CONTROL);
  return `header ${what} has a control character (code ${text.charCodeAt(at)} at ${at}): CR, LF and the like could start another header; remove it`;
};

/** The first character of a value that is not visible ASCII or a space, once control characters are ruled out. */
const NOT_VISIBLE_ASCII = /[^\u0020-\u007e]/u;
const outsideAscii = (name: string, value: string) => {
  const at = value.search(NOT_VISIBLE_ASCII);
  const code = value.codePointAt(at)!.toString(16).toUpperCase().padStart(4, '0');
  return (
    `header value of ${JSON.stringify(name)} has a character outside visible ASCII (U+${code} at ${at}): ` +
    'HTTP cannot carry it reliably and Node refuses to send it; write it in ASCII (percent- or base64-encode it if the backend expects that)'
  );
};

export function checkApiMapHeaders(known: KnownDocument[]): DocumentError[] {
  const errors: DocumentError[] = [];
  for (const map of known.filter((k) => k.kind === 'api-map')) {
    if (isObject(map.doc.headers)) {
      for (const name of Object.keys(map.doc.headers)) {
        const pointer = `/headers/${pointerToken(name)}`;
        if (isForbiddenHeader(name)) errors.push({ file: map.file, pointer, message: why(name) });
        if (CONTROL.test(name))
          errors.push({ file: map.file, pointer, message: controlIn(`name ${JSON.stringify(name)}`, name) });
        const value = map.doc.headers[name];
        if (typeof value === 'string' && CONTROL.test(value))
          errors.push({ file: map.file, pointer, message: controlIn(`value of ${JSON.stringify(name)}`, value) });
        else if (typeof value === 'string' && NOT_VISIBLE_ASCII.test(value))
          errors.push({ file: map.file, pointer, message: outsideAscii(name, value) });
      }
    }
    if (Array.isArray(map.doc.headersFromQuery)) {
      map.doc.headersFromQuery.forEach((h, i) => {
        if (isObject(h) && typeof h.header === 'string' && isForbiddenHeader(h.header)) {
          errors.push({ file: map.file, pointer: `/headersFromQuery/${i}/header`, message: why(h.header) });
        }
        if (isObject(h) && typeof h.header === 'string' && CONTROL.test(h.header)) {
          errors.push({
            file: map.file,
            pointer: `/headersFromQuery/${i}/header`,
            message: controlIn(`name ${JSON.stringify(h.header)}`, h.header),
          });
        }
      });
    }
  }
  return errors;
}
