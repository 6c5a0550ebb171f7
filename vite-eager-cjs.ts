/**
 * Build step for the borrower app: the CommonJS libraries in the first chunk (react, react-dom, scheduler)
 * are wrapped by the bundler as `__commonJSMin(((exports, module) => { ... }))`, a function the browser's JavaScript
 * engine compiles only when it is first called, on the main thread, while the entry module evaluates: react-dom's
 * ~180 KB body was most of that evaluation, one task of 61-142 ms on the bench's phone (4× CPU) after the drawn page was
 * up (50-57 ms with this step). Written as a parenthesized `function` instead, V8 compiles it eagerly with the script
 * (off the main thread while the file streams in: its "PIFE" heuristic). Same code otherwise: a wrapper whose own body
 * reads `this` or `arguments` (where the two forms differ) is left as it is.
 */
import { parseAst, type Plugin } from 'vite';

interface AstNode {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isNode = (v: unknown): v is AstNode => !!v && typeof (v as AstNode).type === 'string';
const children = (n: AstNode): AstNode[] =>
  Object.values(n).flatMap((v) => (Array.isArray(v) ? v.filter(isNode) : isNode(v) ? [v] : []));

/** `this` or `arguments` of the arrow itself (not of a function nested in it). */
function readsOwnThis(n: AstNode): boolean {
  if (n.type === 'ThisExpression' || (n.type === 'Identifier' && n.name === 'arguments')) return true;
  if (n.type === 'FunctionExpression' || n.type === 'FunctionDeclaration') return false;
  return children(n).some(readsOwnThis);
}

/** The chunk's CommonJS wrappers (an arrow in double parentheses, the bundler's mark) as parenthesized functions. */
export function eagerCjsWrappers(code: string): string {
  const edits: { from: number; to: number; text: string }[] = [];
  const visit = (n: AstNode) => {
    const arg = (n.arguments as AstNode[] | undefined)?.[0];
    if (
      n.type === 'CallExpression' &&
      (n.arguments as AstNode[]).length === 1 &&
      arg?.type === 'ArrowFunctionExpression' &&
      (arg.body as AstNode).type === 'BlockStatement' &&
      code.slice(arg.start - 2, arg.start) === '((' &&
      !readsOwnThis(arg.body as AstNode)
    ) {
      const params = (arg.params as AstNode[]).map((p) => code.slice(p.start, p.end)).join(',');
      edits.push({ from: arg.start, to: (arg.body as AstNode).start, text: `function(${params})` });
    }
    children(n).forEach(visit);
  };
  visit(parseAst(code) as unknown as AstNode);
  let out = code;
  for (const e of edits.sort((a, b) => b.from - a.from)) out = out.slice(0, e.from) + e.text + out.slice(e.to);
  return out;
}

/** Rewrites every emitted chunk (after minification, which would drop the parentheses again). */
export function eagerCjs(): Plugin {
  return {
    name: 'eager-cjs-wrappers',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const item of Object.values(bundle))
        if (item.type === 'chunk' && item.code.includes('=>{')) item.code = eagerCjsWrappers(item.code);
    },
  };
}
