import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAdminServer } from './fake-admin-server';
import PublishPanel from './PublishPanel';

const summary = (kind: string, id: string, markets: string[], hasDraft: boolean, editors: string[]) => ({
  kind, id, file: `${kind}/${id}.json`, etag: `"${id}"`, markets, locale: null, publishedVersion: 1, publishedAt: null, publishedBy: 'x',
  hasDraft, draftUpdatedAt: null, draftUpdatedBy: editors[0] ?? null, editors,
});

function server(drafter: string) {
  return fakeAdminServer({
    'GET /documents': () => ({ body: { documents: [summary('market', 'ID', ['ID'], true, [drafter]), summary('screen', 'home', ['ID', 'IN'], false, [])] } }),
    'GET /documents/market/ID': () => ({
      body: {
        kind: 'market', id: 'ID', file: 'markets/ID.json', etag: '"ID"',
        published: { version: 1, content: { kind: 'market', id: 'ID', fourEyes: true, limits: { complaintTextMax: 200 } } },
        draft: { content: { kind: 'market', id: 'ID', fourEyes: true, limits: { complaintTextMax: 300 } }, editors: [drafter] },
      },
    }),
    'POST /validate': () => ({ body: { valid: false, errors: [{ file: 'markets/ID.json', instancePath: '/limits/complaintTextMax', message: 'must be <= 250' }] } }),
  });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('PublishPanel (review page)', () => {
  it('shows market changes as field: before → after and each error with file and pointer', async () => {
    server('ed');
    render(<PublishPanel role="publisher" user="pat" onPublished={() => {}} />);
    const table = await screen.findByRole('table', { name: 'Changes in market ID' });
    expect(table.textContent).toMatch(/limits\.complaintTextMax.*200.*300/);
    const errors = await screen.findByRole('list', { name: 'Publish errors' });
    expect(errors.textContent).toMatch(/markets\/ID\.json.*\/limits\/complaintTextMax.*must be <= 250/);
    expect(screen.getByRole('note').textContent).toMatch(/Drafted by ed; you publish as pat/);
    await userEvent.type(screen.getByLabelText('Note'), 'x');
    expect(screen.getByRole('button', { name: /^Publish 1 document/ })).toHaveProperty('disabled', true);
  });

  it('does not offer the only drafter to publish a four-eyes change', async () => {
    server('pat');
    render(<PublishPanel role="publisher" user="pat" onPublished={() => {}} />);
    expect((await screen.findByRole('note')).textContent).toMatch(/You \(pat\) drafted every change in this set, so you cannot publish it/);
  });

  it('lets a viewer review without any publish control', async () => {
    server('ed');
    render(<PublishPanel role="viewer" user="vera" onPublished={() => {}} />);
    await screen.findByRole('table', { name: 'Changes in market ID' });
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByLabelText('Note')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Publish/ })).toBeNull();
  });
});
