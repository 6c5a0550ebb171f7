import { describe, expect, it } from 'vitest';
import { buildUsageIndex } from '../copy/find-usages';
import { buildSearchIndex } from './search-index';

const texts = {
  'id-ID': { 'title.complaintEntry': 'Keluhan', 'complaint.myComplaints': 'Keluhan saya', 'loan.title': 'Pinjaman' },
  'en-IN': { 'title.complaintEntry': 'Complaints', 'complaint.myComplaints': 'My complaints', 'loan.title': 'Loan' },
};
const screens = [
  {
    kind: 'screen',
    id: 'complaint-entry',
    content: { title: 'title.complaintEntry', body: [{ label: 'complaint.myComplaints' }] },
  },
  { kind: 'screen', id: 'loan-details', content: { title: 'loan.title' } },
];
const docs = [
  { kind: 'screen', id: 'complaint-entry', file: 'screens/pages/complaints/complaint-entry.json', title: 'Keluhan' },
  { kind: 'screen', id: 'loan-details', file: 'screens/pages/loans/loan-details.json', title: 'Pinjaman' },
  { kind: 'route-map', id: 'default', file: 'screens/maps/route-map.json', title: 'Route map' },
];
const index = buildSearchIndex({ docs, texts, usages: buildUsageIndex(screens, Object.keys(texts['id-ID'])) });

describe('search index', () => {
  it('finds the keys whose copy contains the words and the screens using them', () => {
    const r = index.search('keluhan');
    expect(r.filter((x) => x.type === 'key').map((x) => x.type === 'key' && x.key)).toEqual([
      'title.complaintEntry',
      'complaint.myComplaints',
    ]);
    expect(r.filter((x) => x.type === 'doc').map((x) => x.type === 'doc' && x.id)).toEqual(['complaint-entry']);
  });

  it('finds documents by id and file, keys by key and by any locale', () => {
    expect(index.search('route')[0]).toMatchObject({ type: 'doc', id: 'default' });
    expect(index.search('loan.title').some((r) => r.type === 'key' && r.key === 'loan.title')).toBe(true);
    const en = index.search('my complaints').find((r) => r.type === 'key');
    expect(en).toMatchObject({ key: 'complaint.myComplaints', locale: 'en-IN' });
    expect(index.search('pinjaman').some((r) => r.type === 'doc' && r.id === 'loan-details' && !r.via)).toBe(true);
  });

  it('returns nothing for a blank query and respects the limit', () => {
    expect(index.search('  ')).toEqual([]);
    expect(index.search('e', 2)).toHaveLength(2);
  });
});

describe('search index limits', () => {
  it('keeps a share for the screens using matched keys when the list is cut', () => {
    const many: Record<string, string> = {};
    for (let i = 0; i < 40; i++) many[`k.n${i}`] = `Keluhan ${i}`;
    const idx = buildSearchIndex({
      docs,
      texts: { 'id-ID': { ...many, 'complaint.myComplaints': 'Keluhan saya' } },
      usages: buildUsageIndex(screens, ['complaint.myComplaints']),
    });
    const r = idx.search('keluhan', 12);
    expect(r).toHaveLength(12);
    expect(r.some((x) => x.type === 'doc' && x.id === 'complaint-entry')).toBe(true);
  });
});
