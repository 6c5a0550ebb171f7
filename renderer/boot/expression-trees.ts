/**
 * A screen's expressions made ready to evaluate before it draws. A published screen carries them parsed
 * (`expressions`, by source: the server's, at publish), so the page needs no parser. One without them, a screen kept
 * from before they were published or a draft preview's, waits for the parser's own chunk instead: drawn late, never
 * blank or wrong.
 */
import { addTrees, hasParser, installParser } from '../core/expressions/known-trees';
import type { PublishedScreen } from './boot-types';
import { logError } from './log-error';

/** Undefined when the screen can be evaluated now; else the parser's download. */
export function treesReady(doc: PublishedScreen): Promise<void> | undefined {
  if (doc.expressions && typeof doc.expressions === 'object') addTrees(doc.expressions);
  else if (!hasParser()) return loadParser();
  return undefined;
}

/**
 * Loads and installs the parser (also the draft preview's: drafts were never published). The worker precaches its
 * chunk with the app: a screen kept offline from before still evaluates. The chunk is the parser alone, installed
 * from here, so the first load's modules stay in the chunks they were in.
 */
export function loadParser(): Promise<void> {
  return import('../core/expressions/to-tree').then(
    (m) => void installParser(m.treeOfSource),
    (e: unknown) => logError(`expression parser not loaded: ${(e as Error)?.message ?? e}`),
  );
}
