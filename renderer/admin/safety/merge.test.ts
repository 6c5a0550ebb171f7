import { describe, expect, it } from 'vitest';
import { mergeMineOnTheirs } from './merge';

describe('mergeMineOnTheirs', () => {
  const base = {
    title: 'a',
    body: [
      { type: 'text', text: 'x' },
      { type: 'text', text: 'y' },
    ],
    extra: 1,
  };

  it('keeps their changes and adds mine where we touched different values', () => {
    const theirs = { ...base, title: 'their title' };
    const mine = { ...base, body: [{ type: 'text', text: 'mine' }], extra: undefined, added: true };
    delete (mine as Record<string, unknown>).extra;
    expect(mergeMineOnTheirs(base, mine, theirs)).toEqual({
      merged: { title: 'their title', body: [{ type: 'text', text: 'mine' }], added: true },
      conflicts: [],
    });
  });

  it('lets mine win where we both changed the same value, and names it', () => {
    const theirs = { ...base, body: [{ type: 'text', text: 'theirs' }, base.body[1]] };
    const mine = { ...base, body: [{ type: 'text', text: 'mine' }, base.body[1]] };
    const r = mergeMineOnTheirs(base, mine, theirs);
    expect(r.conflicts).toEqual(['/body/0/text']);
    expect((r.merged as typeof base).body[0].text).toBe('mine');
  });

  it('reports no conflict when we made the same change', () => {
    const same = { ...base, title: 'same' };
    expect(mergeMineOnTheirs(base, same, same)).toEqual({ merged: same, conflicts: [] });
  });

  it('does not modify its inputs', () => {
    const theirs = structuredClone(base);
    const mine = { ...structuredClone(base), title: 'b' };
    mergeMineOnTheirs(base, mine, theirs);
    expect(theirs).toEqual(base);
  });

  it('adds my new list items at the end of their shorter list, never leaving holes (null) between', () => {
    const list = { kind: 'x', items: ['a', 'b', 'c'] };
    const theirs = { ...list, items: ['a', 'b'] };
    const mine = { ...list, items: ['a', 'b', 'c', 'd', 'e'] };
    const r = mergeMineOnTheirs(list, mine, theirs);
    expect(JSON.parse(JSON.stringify(r.merged))).toEqual({ kind: 'x', items: ['a', 'b', 'd', 'e'] });
    expect(r.conflicts).toEqual([]);
  });
});
