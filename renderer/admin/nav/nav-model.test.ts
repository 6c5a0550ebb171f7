import { describe, expect, it } from 'vitest';
import type { DocSummary } from '../admin-types';
import { buildNav, copyStatus, folderOf, readableId, statusLabel } from './nav-model';

const doc = (kind: string, id: string, file: string, more: Partial<DocSummary> = {}): DocSummary => ({
  kind,
  id,
  file,
  etag: 'e',
  markets: [],
  locale: null,
  publishedVersion: 1,
  publishedAt: null,
  publishedBy: null,
  hasDraft: false,
  draftUpdatedAt: null,
  draftUpdatedBy: null,
  editors: [],
  ...more,
});

const docs = [
  doc('screen', 'complain-new-page', 'screens/pages/complaints/complain-new-page.json', {
    hasDraft: true,
    draftUpdatedBy: 'ani',
  }),
  doc('screen', 'loan-details', 'screens/pages/loans/loan-details.json'),
  doc('screen', 'payway', 'screens/pages/repayment/payway.json'),
  doc('market', 'IN', 'screens/markets/IN.json'),
  doc('market', 'ID', 'screens/markets/ID.json'),
  doc('route-map', 'default', 'screens/maps/route-map.json'),
  doc('text-set', 'id-ID', 'screens/texts/id-ID.json', { hasDraft: true, draftUpdatedBy: 'budi' }),
];

describe('nav model', () => {
  it('groups by purpose and flow folder, in a fixed order', () => {
    const nav = buildNav(docs, new Map([['screen/loan-details', 'Detail pinjaman']]), []);
    expect(nav.map((g) => g.label)).toEqual([
      'Markets',
      'Screens: complaints',
      'Screens: repayment',
      'Screens: loans',
      'Routes and API',
    ]);
    expect(nav[0]!.entries.map((e) => e.id)).toEqual(['ID', 'IN']);
    expect(nav[3]!.entries[0]!.title).toBe('Detail pinjaman');
    expect(nav[1]!.entries[0]!.title).toBe('Complain new page');
    expect(nav[4]!.entries[0]!.title).toBe('Route map');
  });

  it('gives each entry its status: draft by whom, has errors over everything', () => {
    const nav = buildNav(docs, new Map(), [
      { file: 'screens/pages/loans/loan-details.json', pointer: '', message: 'bad' },
    ]);
    const flat = nav.flatMap((g) => g.entries);
    expect(statusLabel(flat.find((e) => e.id === 'complain-new-page')!.status)).toBe('draft by ani');
    expect(statusLabel(flat.find((e) => e.id === 'loan-details')!.status)).toBe('has errors');
    expect(statusLabel(flat.find((e) => e.id === 'payway')!.status)).toBe('published');
    expect(statusLabel(copyStatus(docs, []))).toBe('draft by budi');
  });

  it('reads ids and folders', () => {
    expect(readableId('complain-new-page')).toBe('Complain new page');
    expect(readableId('')).toBe('');
    expect(folderOf('screens/pages/site/site-home.json')).toBe('site');
    expect(folderOf('weird')).toBe('other');
  });
});
