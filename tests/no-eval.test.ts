import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The page runs under a CSP without 'unsafe-eval': code generation anywhere in the shipped JS
 * (ours or a library's) would break in production. This greps what the browser really gets.
 */
const DIST = 'dist/renderer';
const FORBIDDEN: [string, RegExp][] = [
  ['eval(', /(^|[^.\w$])eval\s*\(/],
  ['new Function', /new\s+Function\s*\(/],
  ['Function("...")', /(^|[^.\w$])Function\s*\(\s*["'`]/],
];

export function findCodeGeneration(source: string): string[] {
  const hits: string[] = [];
  for (const [name, re] of FORBIDDEN) {
    const m = re.exec(source);
    if (m) hits.push(`${name} at ${m.index}: …${source.slice(Math.max(0, m.index - 40), m.index + 40)}…`);
  }
  return hits;
}

function shippedJs(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? shippedJs(join(dir, e.name)) : /\.(m?js)$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

describe('no eval in the shipped bundle', () => {
  it('the scanner catches each form of code generation', () => {
    expect(findCodeGeneration('a=1;eval("x")')).toHaveLength(1);
    expect(findCodeGeneration('const f = new Function("a", "return a")').length).toBeGreaterThan(0);
    expect(findCodeGeneration('x=Function("return this")()')).toHaveLength(1);
    expect(findCodeGeneration('obj.evaluate(x); medieval(y); myFunction("z")')).toEqual([]);
  });

  it('dist/renderer JS contains no eval / new Function', () => {
    if (!existsSync(join(DIST, 'index.html'))) {
      execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build'], { stdio: 'pipe', timeout: 180_000 });
    }
    const files = shippedJs(DIST);
    expect(files.length).toBeGreaterThan(0);
    const problems = files.flatMap((f) => findCodeGeneration(readFileSync(f, 'utf8')).map((h) => `${f}: ${h}`));
    expect(problems).toEqual([]);
  });
});
