import { describe, expect, it } from 'vitest';
import { lineOf, pointerRange, pointerSegments } from './pointer-range';

const text = JSON.stringify(
  {
    kind: 'screen',
    body: [
      { type: 'text', key: 'a' },
      { type: 'bogus', 'we/ird': 3 },
    ],
    title: 'x',
  },
  null,
  2,
);

describe('pointerRange', () => {
  it('finds a nested value by property names and array indexes', () => {
    const r = pointerRange(text, '/body/1/type');
    expect(text.slice(r.from, r.to)).toBe('"bogus"');
    expect(lineOf(text, r.from)).toBe(9);
  });

  it('decodes ~1 and ~0 in segments', () => {
    expect(pointerSegments('/a~1b/c~0d')).toEqual(['a/b', 'c~d']);
    // A key holding `%` (free-form keys: a market's codes, a screen's state) is itself; escapes only in a fragment.
    expect(pointerSegments('/codes/50%/a%20b')).toEqual(['codes', '50%', 'a%20b']);
    expect(pointerSegments('#/a%20b/%25')).toEqual(['a b', '%']);
    const r = pointerRange(text, '/body/1/we~1ird');
    expect(text.slice(r.from, r.to)).toBe('3');
  });

  it('falls back to the deepest existing value for a missing property', () => {
    const r = pointerRange(text, '/body/0/missing');
    expect(lineOf(text, r.from)).toBe(4);
    expect(text.slice(r.from, r.to)).toBe('{');
  });

  it('points at the start of the document for the root and for broken text', () => {
    expect(pointerRange(text, '').from).toBe(0);
    expect(pointerRange('{"a": [1, 2', '/a/1')).toMatchObject({ from: expect.any(Number) });
  });
});
