import { describe, expect, it } from 'vitest';
import { queryKeyedCache, type QueryReads } from './query-reads.js';

/** A made value that says what it read of the query. */
interface Made {
  n: number;
  reads: QueryReads;
}

describe('work kept per the query params it read', () => {
  it('makes a value again when a param it read differs, and per key; reuses it when only unread params differ', () => {
    const cache = queryKeyedCache<Made>((m) => m.reads);
    let made = 0;
    const draw = (key: string, query: Record<string, string>) =>
      cache.get(key, query, () => ({ n: ++made, reads: ['type'] })).n;
    expect(draw('ID|complaint', { type: '1', token: 'a' })).toBe(1);
    expect(draw('ID|complaint', { type: '1', token: 'b' })).toBe(1); // another borrower, the same drawing
    expect(draw('ID|complaint', { type: '2', token: 'a' })).toBe(2); // a param it read changed
    expect(draw('ID|complaint', { token: 'a' })).toBe(3); // a param it read is now absent
    expect(draw('IN|complaint', { type: '1', token: 'a' })).toBe(4); // another key (market)
    expect(draw('ID|complaint', { type: '2', token: 'c' })).toBe(2);
    expect(draw('ID|complaint', { token: 'c' })).toBe(3);
  });

  it('keeps a drawing that read nothing for every query, and one that walked the whole query for that query only', () => {
    const none = queryKeyedCache<Made>((m) => m.reads);
    expect(none.get('k', { token: 'a' }, () => ({ n: 1, reads: [] })).n).toBe(1);
    expect(none.get('k', { token: 'b', x: 'y' }, () => ({ n: 2, reads: [] })).n).toBe(1);
    const all = queryKeyedCache<Made>((m) => m.reads, 2);
    let made = 0;
    const walk = (query: Record<string, string>) => all.get('k', query, () => ({ n: ++made, reads: 'all' })).n;
    expect(walk({ token: 'a' })).toBe(1);
    expect(walk({ token: 'a' })).toBe(1);
    expect(walk({ token: 'a', extra: 'x' })).toBe(2);
    expect(walk({ token: 'b' })).toBe(3); // at most 2 per key: the oldest (token a) went
    expect(walk({ token: 'a' })).toBe(4);
  });
});
