/** What a borrower reads of a parsed message: its literal text, walked through every plural and select case. */
import type { MessageAst } from './parse-message.js';

/** Every literal string of the message, cases included (ICU syntax, argument names and `#` are not text). */
export function literalsOf(ast: MessageAst): string[] {
  const out: string[] = [];
  const walk = (parts: MessageAst) => {
    for (const p of parts) {
      if (typeof p === 'string') out.push(p);
      else if ('c' in p) Object.values(p.c).forEach(walk);
    }
  };
  walk(ast);
  return out;
}

/**
 * Characters of the longest rendition: each plural or select takes its longest case, `#` counts as one digit and an
 * argument as nothing (its value is unknown here), so the figure is a lower bound.
 */
export function longestLength(ast: MessageAst): number {
  let n = 0;
  for (const p of ast) {
    if (typeof p === 'string') n += [...p].length;
    else if ('h' in p) n += 1;
    else if ('c' in p) n += Math.max(0, ...Object.values(p.c).map(longestLength));
  }
  return n;
}
