import express, { type RequestHandler } from 'express';
import { HttpError } from './http-error.js';
import { nulAt } from './nul-characters.js';
import { pointerToken } from './json-pointer.js';

export const JSON_BODY_LIMIT = '256kb';
export const JSON_MAX_DEPTH = 64;

/**
 * Where a raw JSON text first nests deeper than `maxDepth`, as a JSON pointer (null when it does not).
 * String-aware and measured before parsing, so a hostile `[[[[...` cannot make any later recursive walk
 * (validation, diff) blow the stack, and the editor is told which part of the document to flatten.
 */
export function tooDeepAt(text: string, maxDepth: number): string | null {
  const stack: { arr: boolean; key: string; index: number }[] = [];
  let inString = false;
  let start = 0;
  let lastString = '';
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) {
        inString = false;
        lastString = text.slice(start, i);
      }
    } else if (c === 34) {
      inString = true;
      start = i + 1;
    } else if (c === 58 /* : */ && stack.length) stack[stack.length - 1].key = lastString;
    else if (c === 44 /* , */ && stack.length && stack[stack.length - 1].arr) stack[stack.length - 1].index++;
    else if (c === 123 || c === 91 /* { [ */) {
      stack.push({ arr: c === 91, key: '', index: 0 });
      if (stack.length > maxDepth) {
        const tokens = stack.slice(0, -1).map((f) => (f.arr ? String(f.index) : pointerToken(f.key)));
        return tokens.map((t) => `/${t}`).join('');
      }
    } else if (c === 125 || c === 93) stack.pop();
  }
  return null;
}

/**
 * express.json with the body cap, the depth cap and no NUL characters (nul-characters.ts); errors leave through the
 * error middleware.
 */
export function jsonBody(opts: { limit?: string; maxDepth?: number } = {}): RequestHandler {
  const maxDepth = opts.maxDepth ?? JSON_MAX_DEPTH;
  const parse = express.json({
    limit: opts.limit ?? JSON_BODY_LIMIT,
    verify: (_req, _res, buf) => {
      const at = tooDeepAt(buf.toString('utf8'), maxDepth);
      if (at !== null) {
        const message = `nested deeper than ${maxDepth} levels: flatten this part of the document`;
        throw new HttpError(400, `JSON body ${message} (at ${at || '/'})`, { errors: [{ instancePath: at, message }] });
      }
    },
  });
  return (req, res, next) =>
    parse(req, res, (err?: unknown) => {
      if (err) return next(err);
      const at = nulAt(req.body);
      if (at === null) return next();
      const message = 'a NUL character (\\u0000) is not accepted in any text';
      next(
        new HttpError(400, `JSON body has ${message} (at ${at || '/'})`, { errors: [{ instancePath: at, message }] }),
      );
    });
}
