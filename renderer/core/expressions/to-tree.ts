/**
 * The parser's side of pre-parsed expressions: source → the compact tree of `schemas/common/expression-tree.json`.
 * The server runs it at publish for every expression of a screen (config-server/published/screen-trees.ts); the
 * browser only where a screen came without trees (kept from before, a draft preview) or in the console, from a lazy
 * chunk (`source-parser.ts`), so jsep is not part of a borrower's first load. What the evaluator would refuse
 * becomes a node that fails the same way when it is reached (`x`), so a tree evaluates as its source did.
 */
import type jsep from 'jsep';
import type { ExpressionTree } from '../../../schemas/generated/types';
import { parse, type Ast } from './parse';

const UNARY = new Set(['!', '-', '+']);
const BINARY = new Set(['==', '!=', '===', '!==', '<', '>', '<=', '>=', '+', '-', '*', '/', '%', '&&', '||', '??']);

type Tree = ExpressionTree;

/** A literal: JSON keeps numbers, but not Infinity (`1e999`), which is written as the division that makes it. */
function literal(v: unknown): Tree {
  if (typeof v === 'string') return { s: v };
  if (typeof v === 'number' && !Number.isFinite(v)) return { b: '/', l: v > 0 ? 1 : -1, r: 0 };
  if (typeof v === 'number' || typeof v === 'boolean' || v === null) return v;
  return { x: v instanceof RegExp ? 'regular expressions are not supported' : 'Literal is not supported' };
}

function toTree(node: Ast | null): Tree {
  // A hole in a list literal (`[1,,2]`) reads as undefined.
  if (!node) return { p: ['undefined'] };
  switch (node.type) {
    case 'Literal':
      return literal((node as jsep.Literal).value);
    case 'Identifier':
      return { p: [(node as jsep.Identifier).name] };
    case 'MemberExpression': {
      const m = node as jsep.MemberExpression;
      const object = toTree(m.object);
      if (m.computed) return { m: object, i: toTree(m.property) };
      const key = (m.property as jsep.Identifier).name;
      return object && typeof object === 'object' && 'p' in object ? { p: [...object.p, key] } : { m: object, k: key };
    }
    case 'ArrayExpression':
      return { a: (node as jsep.ArrayExpression).elements.map(toTree) };
    case 'ObjectExpression': {
      const properties = (node as unknown as { properties: { key: string; value: Ast }[] }).properties;
      return { o: properties.map((p) => p.key), v: properties.map((p) => toTree(p.value)) };
    }
    case 'UnaryExpression': {
      const u = node as jsep.UnaryExpression;
      if (!UNARY.has(u.operator)) return { x: `operator ${u.operator} is not supported` };
      return { u: u.operator as '!', e: toTree(u.argument) };
    }
    case 'BinaryExpression': {
      const b = node as jsep.BinaryExpression;
      if (!BINARY.has(b.operator)) return { x: `operator ${b.operator} is not supported` };
      return { b: b.operator as '==', l: toTree(b.left), r: toTree(b.right) };
    }
    case 'ConditionalExpression': {
      const c = node as jsep.ConditionalExpression;
      return { q: toTree(c.test), y: toTree(c.consequent), n: toTree(c.alternate) };
    }
    case 'CallExpression': {
      const c = node as jsep.CallExpression;
      if (c.callee.type !== 'Identifier')
        return { x: 'only helper functions can be called, e.g. len(x), not x.method()' };
      return { f: (c.callee as jsep.Identifier).name, x: c.arguments.map(toTree) };
    }
    default:
      return { x: `${node.type} is not supported` };
  }
}

/** The tree of one expression's source; one that does not parse is `{ z: the parser's message }`. */
export function treeOfSource(source: string): Tree {
  const ast = parse(source);
  return ast instanceof Error ? { z: ast.message } : toTree(ast);
}
