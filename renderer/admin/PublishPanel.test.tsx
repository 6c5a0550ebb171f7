import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAdminServer } from './testing/fake-admin-server';
import PublishPanel from './PublishPanel';

const summary = (
  kind: string,
  id: string,
  markets: string[],
  hasDraft: boolean,
  editors: string[],
  approvers: string[] = [],
) => ({
  kind,
  id,
  file: `${kind}/${id}.json`,
  etag: `"${id}"`,
  markets,
  locale: null,
  publishedVersion: 1,
  publishedAt: null,
  publishedBy: 'x',
  hasDraft,
  draftUpdatedAt: null,
  draftUpdatedBy: editors[0] ?? null,
  editors,
  approvals: approvers.map((approver) => ({ approver, version: null, at: '2026-11-22T10:00:00Z' })),
});

function server(
  drafter: string,
  approvers: () => string[] = () => [],
  extra: Parameters<typeof fakeAdminServer>[0] = {},
) {
  return fakeAdminServer({
    ...extra,
    'GET /documents': () => ({
      body: {
        documents: [
          summary('market', 'ID', ['ID'], true, [drafter], approvers()),
          summary('screen', 'home', ['ID', 'IN'], false, []),
        ],
      },
    }),
    'GET /documents/market/ID': () => ({
      body: {
        kind: 'market',
        id: 'ID',
        file: 'markets/ID.json',
        etag: '"ID"',
        published: {
          version: 1,
          content: { kind: 'market', id: 'ID', fourEyes: true, limits: { complaintTextMax: 200 } },
        },
        draft: {
          content: { kind: 'market', id: 'ID', fourEyes: true, limits: { complaintTextMax: 300 } },
          editors: [drafter],
        },
      },
    }),
    'POST /validate': () => ({
      body: {
        valid: false,
        errors: [{ file: 'markets/ID.json', instancePath: '/limits/complaintTextMax', message: 'must be <= 250' }],
      },
    }),
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

  it('does not offer the only drafter to publish a four-eyes change, nor to approve it', async () => {
    server('pat');
    render(<PublishPanel role="publisher" user="pat" onPublished={() => {}} />);
    expect((await screen.findByRole('note')).textContent).toMatch(
      /You \(pat\) alone drafted market ID, so you cannot publish this set: ask another publisher to approve it/,
    );
    const card = screen.getByRole('article', { name: 'market ID' });
    expect(card.textContent).toMatch(
      /Four eyes, market ID: only you \(pat\) drafted it: another publisher must approve it/,
    );
    expect(screen.queryByRole('button', { name: 'Approve market ID' })).toBeNull();
    await userEvent.type(screen.getByLabelText('Note'), 'x');
    expect(screen.getByRole('button', { name: /^Publish 1 document/ })).toHaveProperty('disabled', true);
  });

  it('lets the drafter publish once another publisher approved this draft', async () => {
    server('pat', () => ['paula']);
    render(<PublishPanel role="publisher" user="pat" onPublished={() => {}} />);
    const card = await screen.findByRole('article', { name: 'market ID' });
    await screen.findByRole('note');
    expect(card.textContent).toMatch(/approved by paula/);
    expect(card.textContent).toMatch(/Four eyes, market ID: approved by paula, so you \(pat\) may publish it/);
    expect(screen.getByRole('note').textContent).not.toMatch(/cannot publish/);
  });

  it('offers a second publisher to approve the draft as shown (its ETag), then shows the approval', async () => {
    const approved: string[] = [];
    const { calls } = server('ed', () => approved, {
      'POST /documents/market/ID/approve': () => {
        approved.push('pat');
        return {
          body: {
            approval: {
              kind: 'market',
              id: 'ID',
              etag: '"ID"',
              version: null,
              approver: 'pat',
              at: '2026-11-22T10:00:00Z',
            },
          },
        };
      },
    });
    render(<PublishPanel role="publisher" user="pat" onPublished={() => {}} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Approve market ID' }));
    await screen.findByText('Approved market ID as shown.');
    const call = calls.find((c) => c.method === 'POST' && c.path === '/documents/market/ID/approve')!;
    expect(call.headers['If-Match']).toBe('"ID"');
    expect(screen.getByRole('article', { name: 'market ID' }).textContent).toMatch(/approved by pat/);
    // Approved once: no second button.
    expect(screen.queryByRole('button', { name: 'Approve market ID' })).toBeNull();
  });

  it('lets a viewer review without any publish control', async () => {
    server('ed');
    render(<PublishPanel role="viewer" user="vera" onPublished={() => {}} />);
    await screen.findByRole('table', { name: 'Changes in market ID' });
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByLabelText('Note')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Publish/ })).toBeNull();
  });

  function releaseServer(publish: () => { status?: number; body: unknown }) {
    const market = (id: string, zone: string) => ({ kind: 'market', id, timeZone: zone, fourEyes: false });
    return fakeAdminServer({
      'GET /documents': () => ({
        body: {
          documents: [
            summary('text-set', 'id-ID', ['ID'], true, ['ed']),
            summary('market', 'ID', ['ID'], false, []),
            summary('market', 'IN', ['IN'], false, []),
          ],
        },
      }),
      'GET /documents/text-set/id-ID': () => ({
        body: {
          kind: 'text-set',
          id: 'id-ID',
          file: 'texts/id-ID.json',
          etag: '"t1"',
          published: { version: 1, content: { texts: { a: 'x' } } },
          draft: { content: { texts: { a: 'y' } } },
        },
      }),
      'GET /documents/market/ID': () => ({
        body: {
          kind: 'market',
          id: 'ID',
          file: 'm/ID.json',
          etag: '"ID"',
          published: { version: 1, content: market('ID', 'Asia/Jakarta') },
          draft: null,
        },
      }),
      'GET /documents/market/IN': () => ({
        body: {
          kind: 'market',
          id: 'IN',
          file: 'm/IN.json',
          etag: '"IN"',
          published: { version: 1, content: market('IN', 'Asia/Kolkata') },
          draft: null,
        },
      }),
      'POST /validate': () => ({ body: { valid: true, errors: [] } }),
      'POST /publish': publish,
    });
  }

  it('publishes the reviewed set to a share of borrowers beside Publish, with the note and the reviewed ETags', async () => {
    const { calls } = releaseServer(() => ({
      body: { published: [], release: { id: 'r-1', percent: 10, status: 'rolling' } },
    }));
    const published = vi.fn();
    render(<PublishPanel role="publisher" user="pat" onPublished={published} />);
    await screen.findByRole('heading', { name: /no errors/ });
    await userEvent.type(screen.getByLabelText('Note'), 'Shorter retry label');
    // The drafts touch ID only: the schedule is typed in Jakarta time.
    expect(screen.getByLabelText(/^Start \(Asia\/Jakarta/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Publish to 10 %' }));
    await screen.findByText('Published 1 document(s) to 10 % of borrowers as release r-1 (rolling).');
    expect(screen.getByRole('link', { name: 'Watch it on the Releases page' }).getAttribute('href')).toBe('#/releases');
    const post = calls.find((c) => c.method === 'POST' && c.path === '/publish')!;
    expect(post.body).toEqual({
      documents: [{ kind: 'text-set', id: 'id-ID', etag: '"id-ID"' }],
      note: 'Shorter retry label',
      rollout: { percent: 10, guard: true },
    });
    expect(published).toHaveBeenCalled();
  });

  it("shows the server's refusal of a release (409: a document is in an open release)", async () => {
    const message =
      'text-set/id-ID is in release r-0 (rolling at 10 %): complete or roll back that release before publishing it otherwise';
    releaseServer(() => ({ status: 409, body: { error: { status: 409, message } } }));
    render(<PublishPanel role="publisher" user="pat" onPublished={() => {}} />);
    await screen.findByRole('heading', { name: /no errors/ });
    await userEvent.type(screen.getByLabelText('Note'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Publish to 10 %' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.queryByRole('link', { name: 'Watch it on the Releases page' })).toBeNull();
  });
});
