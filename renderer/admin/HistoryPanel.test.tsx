import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DocRecord, VersionInfo } from './admin-types';
import { fakeAdminServer } from './testing/fake-admin-server';
import HistoryPanel from './HistoryPanel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const texts = (hello: string) => ({ kind: 'text-set', id: 'id-ID', locale: 'id-ID', texts: { hello } });
const version = (n: number, hello: string, published = false): VersionInfo => ({
  kind: 'text-set',
  id: 'id-ID',
  version: n,
  createdAt: `2026-11-2${n}T10:00:00Z`,
  createdBy: n === 1 ? 'repo-import' : 'ops',
  note: n === 1 ? 'imported from the repository' : 'friendlier hello',
  published,
  content: texts(hello),
});

function serve(versions: VersionInfo[]) {
  const live = versions.find((v) => v.published)!;
  const rec: DocRecord = { kind: 'text-set', id: 'id-ID', etag: '"e1"', draft: null, published: live };
  return fakeAdminServer({
    'GET /documents/text-set/id-ID/history': () => ({
      body: { versions: versions.map(({ content: _c, ...v }) => v), etag: '"e1"' },
    }),
    'GET /documents/text-set/id-ID': () => ({ body: rec, headers: { ETag: '"e1"' } }),
    ...Object.fromEntries(
      versions.map((v) => [`GET /documents/text-set/id-ID/versions/${v.version}`, () => ({ body: v })]),
    ),
  });
}

const panel = () => <HistoryPanel kind="text-set" id="id-ID" role="publisher" refresh={0} onRolledBack={() => {}} />;

describe('HistoryPanel', () => {
  it('a document with one version says there is nothing to compare, not "no differences" against itself', async () => {
    serve([version(1, 'Halo', true)]);
    render(panel());
    await screen.findByText('v1 is the only version: there is nothing to compare it with yet.');
    expect(screen.queryByText(/Changes from/)).toBeNull();
    expect(screen.queryByText('No differences.')).toBeNull();
  });

  it('shows what the last publish changed, and asks for two different versions when both sides are the same', async () => {
    serve([version(1, 'Halo'), version(2, 'Halo, apa kabar?', true)]);
    render(panel());
    await screen.findByRole('heading', { name: 'Changes from v1 to v2' });
    expect(await screen.findByText('Halo, apa kabar?')).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText('From'), '2');
    await screen.findByText('Pick two different versions to compare.');
    expect(screen.queryByText(/Changes from/)).toBeNull();
  });
});
