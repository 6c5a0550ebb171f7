/**
 * The published path: each expression of the corpus (cases/*.json) as the server ships it (parsed at publish, sent as
 * JSON, checked by its schema) evaluates to what its source does, with the same warnings, in a page that has no parser.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluate } from './evaluate';
import { resolveWithWarnings } from './template';
import { addTrees, installParser, treeOf } from './known-trees';
import { treeOfSource } from './to-tree';
import { validateExpressionTrees } from '../../../schemas/generated/validators.js';
import type { ExpressionTrees } from '../../../schemas/generated/types';

interface Case {
  name: string;
  expr?: string;
  template?: unknown;
  scope: Record<string, unknown>;
}

const caseFiles = import.meta.glob<string>('./cases/*.json', { eager: true, query: '?raw', import: 'default' });
const cases: Case[] = Object.keys(caseFiles)
  .sort()
  .flatMap((f) => JSON.parse(caseFiles[f]) as Case[]);

/** Every expression a case evaluates: its `expr`, or each `{{ }}` of its template's strings. */
function sourcesOf(c: Case): string[] {
  if (c.expr !== undefined) return [c.expr];
  const out: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v === 'string') for (const m of v.matchAll(/\{\{([\s\S]+?)\}\}/g)) out.push(m[1]);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(c.template);
  return out;
}

const run = (c: Case) => (c.expr !== undefined ? evaluate(c.expr, c.scope) : resolveWithWarnings(c.template, c.scope));
/** A case's outcome with JSON's view of values (undefined vs missing), and whether objects kept a plain prototype. */
const outcome = (c: Case) => {
  const r = run(c);
  return {
    value: r.value === undefined ? 'undefined' : JSON.stringify(r.value),
    proto: r.value && typeof r.value === 'object' ? Object.getPrototypeOf(r.value) === Object.prototype : null,
    warnings: r.warnings,
  };
};

// From source (the parser installed, as on the server) first; the published trees are made the server's way.
const fromSource = new Map(cases.map((c) => [c, outcome(c)]));
const published: Record<string, unknown> = {};
for (const c of cases)
  for (const s of sourcesOf(c))
    if (s.trim() && !Object.hasOwn(published, s.trim()))
      Object.defineProperty(published, s.trim(), { value: treeOfSource(s.trim()), enumerable: true });
// What the page receives: JSON text, parsed.
const shipped = JSON.parse(JSON.stringify(published)) as ExpressionTrees;

describe('pre-parsed expressions', () => {
  let parser: ReturnType<typeof installParser>;
  beforeAll(() => {
    parser = installParser(undefined);
  });
  afterAll(() => void installParser(parser));

  it('the corpus ships trees its schema accepts', () => {
    expect(Object.keys(shipped).length).toBeGreaterThan(80);
    expect(validateExpressionTrees(shipped), JSON.stringify(validateExpressionTrees.errors)).toBe(true);
  });

  it('without the trees and without a parser, an expression is undefined with a warning', () => {
    const r = evaluate('state.a == 1', { state: { a: 1 } });
    expect(r.value).toBeUndefined();
    expect(r.warnings).toEqual(['"state.a == 1" came without its parsed tree']);
  });

  it.each(cases.map((c) => [c.name, c] as const))('%s: the shipped tree evaluates as its source', (_, c) => {
    addTrees(shipped);
    for (const s of sourcesOf(c)) if (s.trim()) expect(treeOf(s)).toEqual(shipped[s.trim()]);
    expect(outcome(c)).toEqual(fromSource.get(c));
  });

  it('a tree the schema refuses is refused before it is kept', () => {
    expect(validateExpressionTrees({ 'a.b': { p: [] } })).toBe(false);
    expect(validateExpressionTrees({ 'a()': { f: 'a' } })).toBe(false);
    expect(validateExpressionTrees({ x: { b: '**', l: 1, r: 2 } })).toBe(false);
  });
});
