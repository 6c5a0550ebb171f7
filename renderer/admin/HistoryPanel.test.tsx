import { act, cleanup, render, screen } from '@testing-library/react';
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

/** The document's history as the server has it; `now` read at each request, so a test can change it. */
function serve(versions: VersionInfo[], extra: Parameters<typeof fakeAdminServer>[0] = {}, now = () => versions) {
  const rec = () =>
    ({
      kind: 'text-set',
      id: 'id-ID',
      etag: '"e1"',
      draft: null,
      published: now().find((v) => v.published)!,
    }) as DocRecord;
  return fakeAdminServer({
    'GET /documents/text-set/id-ID/history': () => ({
      body: { versions: now().map(({ content: _c, ...v }) => v), etag: '"e1"' },
    }),
    'GET /documents/text-set/id-ID': () => ({ body: rec(), headers: { ETag: '"e1"' } }),
    ...Object.fromEntries(
      versions.map((v) => [`GET /documents/text-set/id-ID/versions/${v.version}`, () => ({ body: v })]),
    ),
    ...extra,
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

describe('HistoryPanel refresh', () => {
  it('keeps the comparison ops chose when the list refreshes after a save', async () => {
    const { calls } = serve([version(1, 'Halo'), version(2, 'Halo, apa kabar?'), version(3, 'Hai', true)]);
    const { rerender } = render(panel());
    await screen.findByRole('heading', { name: 'Changes from v2 to v3' });
    await userEvent.selectOptions(screen.getByLabelText('From'), '1');
    await screen.findByRole('heading', { name: 'Changes from v1 to v3' });
    // A draft saved on the page bumps `refresh`: the list is read again.
    rerender(<HistoryPanel kind="text-set" id="id-ID" role="publisher" refresh={1} onRolledBack={() => {}} />);
    await vi.waitFor(() => expect(calls.filter((c) => c.path.endsWith('/history'))).toHaveLength(2));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByRole('heading', { name: /^Changes from/ }).textContent).toBe('Changes from v1 to v3');
    expect((screen.getByLabelText('From') as HTMLSelectElement).value).toBe('1');
  });

  it('starts again from what a rollback published: the version it restored is no longer offered', async () => {
    const before = [version(1, 'Halo'), version(2, 'Halo, apa kabar?'), version(3, 'Hai', true)];
    // After the rollback, v4 restores v1 and is live.
    const after = [
      ...before.map((v) => ({ ...v, published: false })),
      { ...version(4, 'Halo', true), restoredFrom: 1 },
    ];
    let rolledBack = false;
    serve(after, { 'POST /documents/text-set/id-ID/rollback': () => ((rolledBack = true), { body: {} }) }, () =>
      rolledBack ? after : before,
    );
    render(panel());
    await userEvent.click(await screen.findByRole('button', { name: 'Compare v1' }));
    await screen.findByRole('heading', { name: 'Changes from v3 to v1' });
    await userEvent.type(screen.getByLabelText('Reason'), 'hai was a mistake');
    await userEvent.click(screen.getByRole('button', { name: 'Roll back to v1' }));
    await screen.findByText('Version 1 restored as a new published version.');
    await screen.findByRole('heading', { name: 'Changes from v3 to v4' });
    expect(screen.queryByRole('button', { name: 'Roll back to v1' })).toBeNull();
  });

  it('a list read before a publish, answering late, never lands over the list read after it', async () => {
    const before = [version(1, 'Halo'), version(2, 'Hai', true)];
    const after = [version(1, 'Halo'), version(2, 'Hai'), version(3, 'Hai, apa kabar?', true)];
    let asked = 0;
    let answerFirst = () => {};
    const history = (list: VersionInfo[]) => ({
      body: { versions: list.map(({ content: _c, ...v }) => v), etag: '"e1"' },
    });
    serve(after, {
      // The first read is slow; the one after the publish answers at once.
      'GET /documents/text-set/id-ID/history': () =>
        ++asked > 1 ? history(after) : new Promise((done) => (answerFirst = () => done(history(before)))),
    });
    const { rerender } = render(panel());
    rerender(<HistoryPanel kind="text-set" id="id-ID" role="publisher" refresh={1} onRolledBack={() => {}} />);
    await screen.findByRole('heading', { name: 'Changes from v2 to v3' });
    await act(async () => answerFirst());
    expect(screen.getByRole('row', { name: /^v3/ })).toBeTruthy();
    expect(screen.getByRole('heading', { name: /^Changes from/ }).textContent).toBe('Changes from v2 to v3');
  });
});
