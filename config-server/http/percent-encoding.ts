/**
 * Malformed percent-encoding (`%`, `%ZZ`, a cut UTF-8 sequence such as `%E0%A4%A`) anywhere in a request's path or
 * query is the client's mistake: one check in front of every route answers 400 naming the part, before express's
 * param decoding throws a URIError that would otherwise end as a 500 with a stack trace in the log (an
 * anonymous client could flood the log that way). The public fast path asks the same question and leaves such a
 * request to express, so every answer comes from here.
 */
import type { RequestHandler } from 'express';
import { HttpError } from './http-error.js';

/** The part of a request target whose percent-encoding is malformed. */
export interface MalformedPart {
  part: 'path' | 'query';
  /** The query parameter whose name or value is malformed (its name as far as it decodes, at most 40 characters). */
  param?: string;
}

const decodes = (s: string) => {
  try {
    decodeURIComponent(s);
    return true;
  } catch {
    return false;
  }
};

/** Undefined when every `%` of `url` (path and query, `+` being a space) starts a valid UTF-8 escape. */
export function malformedPart(url: string): MalformedPart | undefined {
  // Most requests have no `%` at all: one scan and done.
  if (!url.includes('%')) return undefined;
  const q = url.indexOf('?');
  if (!decodes(q < 0 ? url : url.slice(0, q))) return { part: 'path' };
  if (q < 0) return undefined;
  for (const pair of url.slice(q + 1).split('&')) {
    if (!pair.includes('%') || decodes(pair)) continue;
    const eq = pair.indexOf('=');
    const name = eq < 0 ? pair : pair.slice(0, eq);
    // Only the name is ever echoed: values may be a borrower's token.
    return { part: 'query', param: decodes(name) ? decodeURIComponent(name).slice(0, 40) : '(malformed name)' };
  }
  return undefined;
}

/** 400 naming the part; never logged as a server error (the error middleware logs only 5xx). */
export const rejectMalformedEncoding: RequestHandler = (req, _res, next) => {
  const bad = malformedPart(req.url);
  if (!bad) return next();
  const where = bad.part === 'path' ? 'the path' : `query parameter ${JSON.stringify(bad.param)}`;
  throw new HttpError(
    400,
    `Malformed percent-encoding in ${where}: each % must start an escape such as %20 or %E2%82%B9`,
    bad,
  );
};
