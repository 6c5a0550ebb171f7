/**
 * The expression parser (jsep) for where expressions come as source: the server, the console's draft preview, tests,
 * and the app for a screen that came without pre-parsed trees (boot/expression-trees.ts loads this chunk then).
 * Never on a borrower's first load.
 */
import { installParser } from './known-trees';
import { treeOfSource } from './to-tree';

/** From now on an expression without a published tree is parsed from its source. */
export function installSourceParser() {
  installParser(treeOfSource);
}

export { treeOfSource };
