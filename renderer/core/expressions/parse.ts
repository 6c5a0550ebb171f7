import jsep from 'jsep';
import { objectLiteralPlugin } from './object-literal-plugin';

jsep.plugins.register(objectLiteralPlugin);
// Bitwise and exponent operators have no use in screen documents; removing them keeps the language small.
for (const op of ['|', '^', '&', '<<', '>>', '>>>', '**']) jsep.removeBinaryOp(op);
for (const op of ['~']) jsep.removeUnaryOp(op);

export type Ast = jsep.Expression;

// Screens re-evaluate the same few hundred expressions on every render: parse each once.
const cache = new Map<string, Ast | Error>();
const CACHE_MAX = 2000;

/** Parses an expression; returns the AST or the parse error (never throws). */
export function parse(expr: string): Ast | Error {
  const hit = cache.get(expr);
  if (hit) return hit;
  let out: Ast | Error;
  try {
    out = jsep(expr);
  } catch (e) {
    out = e instanceof Error ? e : new Error(String(e));
  }
  if (cache.size >= CACHE_MAX) cache.clear();
  cache.set(expr, out);
  return out;
}
