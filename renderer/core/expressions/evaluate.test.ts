import { describe, expect, it } from 'vitest';
import { evaluate } from './evaluate';
import { resolveWithWarnings } from './template';

interface Case {
  name: string;
  expr?: string;
  template?: unknown;
  scope: Record<string, unknown>;
  expect: unknown;
  /** `expect: null` plus `undefined: true` means the value must be undefined (JSON has no undefined). */
  undefined?: boolean;
  warn?: boolean;
  checkPollution?: boolean;
}

// Raw text + JSON.parse: a bundler's JSON import would turn a "__proto__" key into a prototype.
const caseFiles = import.meta.glob<string>('./cases/*.json', { eager: true, query: '?raw', import: 'default' });
const files = Object.keys(caseFiles).sort();

describe.each(files)('expression cases %s', (file) => {
  const cases: Case[] = JSON.parse(caseFiles[file]);
  it.each(cases.map((c) => [c.name, c] as const))('%s', (_, c) => {
    const r = c.expr !== undefined ? evaluate(c.expr, c.scope) : resolveWithWarnings(c.template, c.scope);
    if (c.undefined) expect(r.value).toBeUndefined();
    else expect(r.value).toEqual(c.expect);
    if (c.warn) expect(r.warnings.length, 'expected a warning').toBeGreaterThan(0);
    else expect(r.warnings).toEqual([]);
    if (c.checkPollution) {
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      if (r.value && typeof r.value === 'object') expect(Object.getPrototypeOf(r.value)).toBe(Object.prototype);
    }
  });
});

describe('evaluate', () => {
  it('uses the text set through t() with {name} arguments', () => {
    const t = (key: string, args?: Record<string, unknown>) => (key === 'a.b' ? `Hi ${args?.name}` : key);
    expect(evaluate("t('a.b', { name: state.n })", { state: { n: 'Ana' } }, { t }).value).toBe('Hi Ana');
  });
  it('never throws, even on hostile input', () => {
    for (const expr of ['(', ')', '{', '[[[', 'a..b', '"unterminated', '1 +* 2', '\u0000']) {
      expect(() => evaluate(expr, {})).not.toThrow();
    }
  });
});

describe('userAgent, matches and cookie helpers', () => {
  it('match the user agent against a pattern; a bad pattern or non-text is no match', () => {
    const env = {
      userAgent: () => 'Mozilla/5.0 (Linux; Android 13) [FBAN/MessengerLite;FBAV/400]',
      cookie: (n: string) => (n === 'a' ? 'x' : undefined),
    };
    expect(evaluate("matches(userAgent(), 'FBAN|Messenger')", {}, env).value).toBe(true);
    expect(evaluate("matches(userAgent(), 'WhatsApp')", {}, env).value).toBe(false);
    expect(evaluate("matches(userAgent(), '(')", {}, env).value).toBe(false);
    expect(evaluate("matches(42, '4')", {}, env).value).toBe(false);
    expect(evaluate('userAgent()', {}, {}).value).toBe('');
    expect(evaluate("cookie('a')", {}, env).value).toBe('x');
    expect(evaluate("default(cookie('b'), 'fallback')", {}, env).value).toBe('fallback');
  });
});
