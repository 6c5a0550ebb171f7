/** The decisions alone, without a database: rows read in, rows to write out, or the store's refusal. */
import { describe, expect, it } from 'vitest';
import { decisions } from './decisions.js';
import { MAX_OPEN_RELEASES, type StoredRelease } from '../release-records.js';
import type { DocumentRecord } from '../records.js';

const AT = '2030-05-01T10:00:00.000Z';
const rec = (over: Partial<DocumentRecord> = {}): DocumentRecord => ({
  kind: 'screen',
  id: 'home',
  file: 'screens/home.json',
  revision: 3,
  etag: '"3-abc"',
  published: {
    kind: 'screen',
    id: 'home',
    version: 2,
    hash: 'h',
    content: { a: 1 },
    createdAt: AT,
    createdBy: 'pat',
    note: '',
    restoredFrom: null,
  },
  draft: { content: { a: 2 }, hash: 'd', baseVersion: 2, updatedAt: AT, updatedBy: 'ed', editors: ['ed'] },
  ...over,
});
const release = (id: string, over: Partial<StoredRelease> = {}): StoredRelease => ({
  id,
  seed: 's',
  status: 'rolling',
  percent: 10,
  audience: {},
  startAt: null,
  endAt: null,
  guard: false,
  note: '',
  createdAt: AT,
  createdBy: 'pat',
  updatedAt: AT,
  updatedBy: 'pat',
  documents: [],
  experiment: null,
  ...over,
});

describe('decisions', () => {
  it('saveDraft: a stale revision is 412 naming who changed it; a current one bumps it and keeps every editor', () => {
    const input = { doc: { kind: 'screen', id: 'home', file: 'f', content: { a: 3 } }, user: 'eve', at: AT };
    expect(() => decisions.saveDraft({ ...input, expectedRevision: 2, before: rec() })).toThrow(/by ed/);
    const d = decisions.saveDraft({ ...input, expectedRevision: 3, before: rec() });
    expect(d.writes[0]).toEqual({ op: 'document.bump', ref: { kind: 'screen', id: 'home' }, revision: 3 });
    expect(d.writes[1]).toMatchObject({ op: 'draft.put', row: { editors: '["ed","eve"]', updated_at: AT } });
    expect(d.audit).toEqual([
      expect.objectContaining({ action: 'draft.save', diff: [{ op: 'replace', path: '/a', value: 3 }] }),
    ]);
  });

  it('publishRelease: refuses the release past MAX_OPEN_RELEASES, before reading any document', () => {
    const open = Array.from({ length: MAX_OPEN_RELEASES }, (_, i) => release(`rel-${i}`));
    const p = {
      items: [],
      open,
      published: [],
      user: 'pat',
      note: 'n',
      at: AT,
      id: 'rel-new',
      seed: 'x',
      check: () => {},
    };
    const rollout = { percent: 5, audience: {}, startAt: null, endAt: null, guard: false };
    expect(() => decisions.publishRelease({ ...p, rollout })).toThrow(`${MAX_OPEN_RELEASES} releases are open`);
  });

  it('advance: a release whose end passed ends (never starts); a due scheduled one starts; the rest wait', () => {
    const d = decisions.advance({
      at: AT,
      open: [
        release('gone', {
          status: 'scheduled',
          startAt: '2030-04-01T00:00:00.000Z',
          endAt: '2030-04-02T00:00:00.000Z',
        }),
        release('due', { status: 'scheduled', startAt: AT }),
        release('later', { status: 'scheduled', startAt: '2030-06-01T00:00:00.000Z' }),
      ],
    });
    expect(d.changed).toEqual(['gone', 'due']);
    expect(d.writes.map((w) => w.op === 'release.update' && [w.id, w.set.status, w.updated_by])).toEqual([
      ['gone', 'ended', 'schedule'],
      ['due', 'rolling', 'schedule'],
    ]);
    expect(
      decisions.advance({ at: AT, open: [release('later', { status: 'scheduled', startAt: '2031-01-01' })] }),
    ).toMatchObject({
      changed: [],
      writes: [],
      published: false,
    });
  });
});
