import { describe, expect, it } from 'vitest';
import { buildUsageIndex, stringsOf } from './find-usages';

describe('find usages', () => {
  const screen = {
    kind: 'screen',
    id: 'complaint-entry',
    content: {
      title: 'title.complaint',
      body: [
        { type: 'text', text: 'complaint.myComplaints' },
        { type: 'text', text: "{{ t('complaint.count', { n: state.n }) }}" },
        { type: 'text', text: 'not a key' },
      ],
      'a/b': 'complaint.myComplaints',
    },
  };
  const known = ['title.complaint', 'complaint.myComplaints', 'complaint.count', 'unused.key'];

  it('finds plain and bound uses with their pointers', () => {
    const idx = buildUsageIndex([screen], known);
    expect(idx.get('title.complaint')).toEqual([{ kind: 'screen', id: 'complaint-entry', pointer: '/title' }]);
    expect(idx.get('complaint.myComplaints')!.map((u) => u.pointer)).toEqual(['/body/0/text', '/a~1b']);
    expect(idx.get('complaint.count')!.map((u) => u.pointer)).toEqual(['/body/1/text']);
    expect(idx.get('unused.key')).toBeUndefined();
  });

  it('tolerates garbage content', () => {
    expect(
      buildUsageIndex(
        [
          { kind: 'screen', id: 'x', content: null },
          { kind: 'screen', id: 'y', content: 42 },
        ],
        known,
      ).size,
    ).toBe(0);
    const deep: Record<string, unknown> = {};
    let cur = deep;
    for (let i = 0; i < 200; i++) cur = (cur.n = {}) as Record<string, unknown>;
    expect([...stringsOf(deep)]).toEqual([]);
  });
});
