import { describe, expect, it } from 'vitest';
import { compactValue, describeChanges, fieldPath } from './describe-changes';
import { structuralDiff } from './structural-diff';

describe('structuralDiff', () => {
  it('lists added, removed and changed values at their pointers, keeping the old value', () => {
    const before = { a: 1, b: { c: 'x', 'd/e': true }, list: [1, 2, 3] };
    const after = { a: 1, b: { c: 'y' }, list: [1, 5], n: null };
    expect(structuralDiff(before, after)).toEqual([
      { pointer: '/b/c', change: 'changed', before: 'x', after: 'y' },
      { pointer: '/b/d~1e', change: 'removed', before: true },
      { pointer: '/list/1', change: 'changed', before: 2, after: 5 },
      { pointer: '/list/2', change: 'removed', before: 3 },
      { pointer: '/n', change: 'added', after: null },
    ]);
  });
  it('finds nothing between equal values whatever the key order', () => {
    expect(structuralDiff({ a: [1, { b: 2, c: 3 }] }, { a: [1, { c: 3, b: 2 }] })).toEqual([]);
  });
  it('treats a value turning into another type as one change', () => {
    expect(structuralDiff({ a: [1] }, { a: { 0: 1 } })).toEqual([
      { pointer: '/a', change: 'changed', before: [1], after: { 0: 1 } },
    ]);
  });
});

describe('describeChanges', () => {
  it('reads a text set as key: before → after, in its locale', () => {
    const before = {
      kind: 'text-set',
      id: 'id-ID',
      locale: 'id-ID',
      texts: { 'complaint.title': 'Keluhan', 'a/b': 'x' },
    };
    const after = { ...before, texts: { 'complaint.title': 'Pengaduan', 'a/b': 'x', 'new.key': 'Baru' } };
    expect(describeChanges('text-set', before, after)).toEqual({
      labelName: 'Text key',
      locale: 'id-ID',
      rows: [
        {
          label: 'complaint.title',
          pointer: '/texts/complaint.title',
          change: 'changed',
          before: 'Keluhan',
          after: 'Pengaduan',
        },
        { label: 'new.key', pointer: '/texts/new.key', change: 'added', before: undefined, after: 'Baru' },
      ],
    });
  });
  it('reads a market as field path: before → after', () => {
    const before = { kind: 'market', limits: { complaintTextMax: 200, orderStatuses: { loanMore: [1, 2] } } };
    const after = { kind: 'market', limits: { complaintTextMax: 300, orderStatuses: { loanMore: [1, 3] } } };
    expect(describeChanges('market', before, after).rows.map((r) => `${r.label}: ${r.before} → ${r.after}`)).toEqual([
      'limits.complaintTextMax: 200 → 300',
      'limits.orderStatuses.loanMore[1]: 2 → 3',
    ]);
  });
  it('reads a screen as JSON pointers with compact values', () => {
    const before = { kind: 'screen', body: [{ type: 'text', text: 'a' }] };
    const after = {
      kind: 'screen',
      body: [
        { type: 'text', text: 'a' },
        { type: 'button', label: 'b' },
      ],
    };
    const d = describeChanges('screen', before, after);
    expect(d.labelName).toBe('JSON pointer');
    expect(d.rows).toEqual([
      {
        label: '/body/1',
        pointer: '/body/1',
        change: 'added',
        before: undefined,
        after: '{"type":"button","label":"b"}',
      },
    ]);
  });
  it('treats a document that did not exist as wholly added, and tolerates garbage', () => {
    expect(describeChanges('screen', null, { a: 1 }).rows).toEqual([
      { label: '/', pointer: '', change: 'added', before: undefined, after: '{"a":1}' },
    ]);
    expect(describeChanges('text-set', 'garbage', 42).rows[0]).toMatchObject({
      change: 'changed',
      before: 'garbage',
      after: '42',
    });
  });
  it('shortens long values and names array items with brackets', () => {
    expect(compactValue('x'.repeat(300))).toHaveLength(140);
    expect(fieldPath(['a', '0', 'b'])).toBe('a[0].b');
  });
});

describe('describeChanges with characters that draw nothing', () => {
  it('names an added zero-width space or direction mark, so before and after do not read the same', () => {
    const before = { kind: 'text-set', locale: 'id-ID', texts: { 'repay.cta': 'Bayar', 'repay.note': 'Lunas' } };
    const after = { ...before, texts: { 'repay.cta': 'Bay\u200bar', 'repay.note': '\u202eLunas' } };
    const rows = describeChanges('text-set', before, after).rows;
    expect(rows.map((r) => [r.label, r.before, r.after])).toEqual([
      ['repay.cta', 'Bayar', 'Bay⟨U+200B⟩ar'],
      ['repay.note', 'Lunas', '⟨U+202E⟩Lunas'],
    ]);
  });

  it('leaves emoji sequences (joiners, flags) as they are', () => {
    expect(compactValue('Keluarga 👨\u200d👩\u200d👧 🇮🇩')).toBe('Keluarga 👨\u200d👩\u200d👧 🇮🇩');
  });
});
