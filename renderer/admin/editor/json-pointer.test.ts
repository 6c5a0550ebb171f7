import { describe, expect, it } from 'vitest';
import { afterRemoval, formatPointer, getAt, isWithin, parsePointer, setAt, splitPointer } from './json-pointer';

describe('json-pointer', () => {
  const doc = { body: [{ type: 'stack', children: [{ type: 'text' }, { type: 'image' }] }], 'a/b': { '~x': 1 } };

  it('reads and escapes RFC 6901 tokens', () => {
    expect(getAt(doc, '/body/0/children/1')).toEqual({ type: 'image' });
    expect(getAt(doc, '/a~1b/~0x')).toBe(1);
    expect(getAt(doc, '/body/7/children')).toBeUndefined();
    expect(parsePointer(formatPointer(['a/b', '~x', 2]))).toEqual(['a/b', '~x', '2']);
    expect(() => parsePointer('body')).toThrow(/not a JSON pointer/);
  });

  it('writes immutably, keeping untouched subtrees', () => {
    const next = setAt(doc, '/body/0/children/0', { type: 'divider' }) as typeof doc;
    expect(doc.body[0].children[0]).toEqual({ type: 'text' });
    expect(next.body[0].children[0]).toEqual({ type: 'divider' });
    expect(next.body[0].children[1]).toBe(doc.body[0].children[1]);
    expect(next['a/b']).toBe(doc['a/b']);
    const without = setAt(doc, '/body/0/children', undefined) as typeof doc;
    expect('children' in without.body[0]).toBe(false);
  });

  it('says where a pointer moves after an earlier sibling is removed', () => {
    expect(afterRemoval('/body/0/children/3/children', '/body/0/children/1')).toBe('/body/0/children/2/children');
    expect(afterRemoval('/body/0/children/0', '/body/0/children/1')).toBe('/body/0/children/0');
    expect(afterRemoval('/body/0/children/1/children', '/body/0/children/1')).toBeUndefined();
    expect(afterRemoval('/body/1', '/body/0/children/1')).toBe('/body/1');
    expect(splitPointer('/body/0/children/2')).toEqual({ parent: '/body/0/children', key: '2' });
    expect(isWithin('/body/10', '/body/1')).toBe(false);
  });
});
