/**
 * A NUL character (U+0000) has no place in anything the console sends, and PostgreSQL cannot store one in text or
 * JSON: left through, it reaches the database and fails there as a 500. Refused up front instead, naming where it is:
 * the JSON pointer in a body, or the path or query parameter of the request target.
 */
import type { RequestHandler } from 'express';
import { HttpError } from './http-error.js';
import { pointerToken } from './json-pointer.js';

/** The JSON pointer of the first string or key holding a NUL character (null when none does). */
export function nulAt(value: unknown, at = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? at : null;
  if (!value || typeof value !== 'object') return null;
  for (const [k, v] of Object.entries(value)) {
    const here = `${at}/${pointerToken(k)}`;
    if (k.includes('\u0000')) return here;
    const found = nulAt(v, here);
    if (found !== null) return found;
  }
  return null;
}

/** Where a request target (path and query, already checked for malformed escapes) decodes to a NUL character. */
export function nulInTarget(url: string): { part: 'path' | 'query'; param?: string } | undefined {
  if (!/%00/.test(url)) return undefined;
  const q = url.indexOf('?');
  if (decodeURIComponent(q < 0 ? url : url.slice(0, q)).includes('\u0000')) return { part: 'path' };
  for (const pair of url.slice(q + 1).split('&')) {
    if (!decodeURIComponent(pair).includes('\u0000')) continue;
    // Only the name is ever echoed, as for malformed escapes: values may be secrets.
    const name = decodeURIComponent(pair.split('=')[0]).replace(/\u0000/g, '');
    return { part: 'query', param: name.slice(0, 40) };
  }
  return undefined;
}

/** 400 naming the part of the request target that holds a NUL character (`%00`). */
export const rejectNulInTarget: RequestHandler = (req, _res, next) => {
  const bad = nulInTarget(req.url);
  if (!bad) return next();
  const where = bad.part === 'path' ? 'the path' : `query parameter ${JSON.stringify(bad.param)}`;
  throw new HttpError(400, `A NUL character (%00) in ${where} is not accepted`, bad);
};
