import express from 'express';
import { HttpError } from './http-error.js';

export const JSON_BODY_LIMIT = '256kb';
export const JSON_MAX_DEPTH = 64;

/**
 * Nesting depth of a raw JSON text, string-aware, measured before parsing so a hostile
 * `[[[[...` cannot make any later recursive walk (validation, diff) blow the stack.
 */
export function jsonDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91 /* { [ */) {
      if (++depth > max) max = depth;
    } else if (c === 125 || c === 93) depth--;
  }
  return max;
}

/** express.json with the body cap and the depth cap; errors leave through the error middleware. */
export function jsonBody(opts: { limit?: string; maxDepth?: number } = {}) {
  const maxDepth = opts.maxDepth ?? JSON_MAX_DEPTH;
  return express.json({
    limit: opts.limit ?? JSON_BODY_LIMIT,
    verify: (_req, _res, buf) => {
      if (jsonDepth(buf.toString('utf8')) > maxDepth) {
        throw new HttpError(400, `JSON body nested deeper than ${maxDepth} levels`);
      }
    },
  });
}
