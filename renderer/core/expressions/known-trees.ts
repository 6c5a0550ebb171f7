/**
 * Where the evaluator finds an expression's tree: the trees a published screen carries (`addTrees`, by source), else
 * the source parser when one is installed (the server, the console, or the browser after `source-parser.ts` loaded
 * for a screen that came without trees). A borrower's first load has no parser: its screens bring their trees.
 */
import type { ExpressionTree, ExpressionTrees } from '../../../schemas/generated/types';

export type { ExpressionTree, ExpressionTrees };

const known = new Map<string, ExpressionTree>();
/** Parsed from source here (server, console): bounded, as a long-running server meets many drafts' expressions. */
const parsed = new Map<string, ExpressionTree>();
const PARSED_MAX = 2000;
let parser: Parser | undefined;

/** Keeps a published screen's trees (every screen the page shows: a few hundred at most). */
export function addTrees(trees: ExpressionTrees | undefined) {
  for (const source in trees) {
    const tree = trees[source];
    if (tree !== undefined) known.set(source, tree);
  }
}

type Parser = (source: string) => ExpressionTree;

/** Sets the source parser (undefined: none, as on a borrower's first load); returns the one it replaces. */
export function installParser(parse: Parser | undefined): Parser | undefined {
  const before = parser;
  parser = parse;
  parsed.clear();
  return before;
}

export const hasParser = () => !!parser;

/** The tree of `source` (trimmed), or undefined when no screen brought it and there is no parser here. */
export function treeOf(source: string): ExpressionTree | undefined {
  const key = source.trim();
  let tree = known.get(key) ?? parsed.get(key);
  if (tree === undefined && parser) {
    if (parsed.size >= PARSED_MAX) parsed.clear();
    parsed.set(key, (tree = parser(key)));
  }
  return tree;
}
