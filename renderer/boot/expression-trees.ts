/**
 * A screen's expressions made ready to evaluate before it draws. A published screen carries them parsed
 * (`expressions`, by source: the server's, at publish), so the page needs no parser. One without them, a screen kept
 * from before they were published or a draft preview's, waits for the parser's own chunk instead: drawn late, never
 * blank or wrong.
 */
import { addTrees, hasParser } from '../core/expressions/known-trees';
import type { PublishedScreen } from './boot-types';
import { logError } from './log-error';

/** Undefined when the screen can be evaluated now; else the parser's download. */
export function treesReady(doc: PublishedScreen): Promise<void> | undefined {
  if (doc.expressions && typeof doc.expressions === 'object') addTrees(doc.expressions);
  else if (!hasParser())
    // The worker precaches the chunk with the app: a screen kept offline from before still evaluates.
    return import('../core/expressions/source-parser').then(
      (m) => m.installSourceParser(),
      (e: unknown) => logError(`expression parser not loaded: ${(e as Error)?.message ?? e}`),
    );
  return undefined;
}
