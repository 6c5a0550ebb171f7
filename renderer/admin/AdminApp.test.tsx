import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import AdminApp from './AdminApp';
import { draftSummary as summaryOf } from './testing/draft-summary';
import { fakeAdminServer } from './testing/fake-admin-server';

const draftSummary = summaryOf('text-set', 'id-ID', { file: 'texts/id-ID.json', etag: '"e1"', locale: 'id-ID' });

function server(role: string | null) {
  return fakeAdminServer({
    'GET /me': () =>
      role
        ? { body: { user: 'ana', role, csrfToken: 'tok' } }
        : { status: 401, body: { error: { status: 401, message: 'Log in first' } } },
    'POST /login': (req) =>
      (req.body as { password: string }).password === 'right'
        ? { body: { user: 'ana', role: 'publisher', csrfToken: 'tok2' } }
        : { status: 401, body: { error: { status: 401, message: 'Wrong user name or password' } } },
    'GET /documents': () => ({ body: { kinds: ['text-set'], documents: [draftSummary] } }),
    'GET /documents/text-set/id-ID': () => ({
      body: {
        kind: 'text-set',
        id: 'id-ID',
        file: 'texts/id-ID.json',
        etag: '"e1"',
        published: { version: 1, content: { locale: 'id-ID', texts: { a: 'A' } } },
        draft: { content: { locale: 'id-ID', texts: { a: 'B' } }, editors: ['ed'] },
      },
    }),
    'POST /validate': () => ({ body: { valid: true, checked: [], errors: [] } }),
    'POST /publish': () => ({ body: { published: [{ version: 2 }] } }),
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  // One jsdom for the whole project: the next file starts on the home page.
  history.replaceState(null, '', location.pathname);
});

/** The browser moves the hash itself (Back, a plain link, a typed address) and the console hears it afterwards. */
async function browserGoesTo(hash: string) {
  await act(async () => {
    location.hash = hash;
    await new Promise((r) => setTimeout(r, 10));
  });
}

describe('AdminApp', () => {
  it('says the documents are loading instead of showing an empty console as if there were none', async () => {
    let letGo!: () => void;
    const held = new Promise<void>((r) => (letGo = r));
    fakeAdminServer({
      'GET /me': () => ({ body: { user: 'ana', role: 'editor', csrfToken: 'tok' } }),
      'GET /documents': () => held.then(() => ({ body: { kinds: ['text-set'], documents: [draftSummary] } })),
      'GET /documents/text-set/id-ID': () => ({
        body: { ...draftSummary, published: null, draft: { content: { locale: 'id-ID', texts: {} } } },
      }),
      'POST /validate': () => ({ body: { valid: true, checked: [], errors: [] } }),
    });
    render(<AdminApp />);
    const nav = await screen.findByRole('navigation', { name: 'Console' });
    expect(within(nav).getByRole('status').textContent).toBe('Loading documents…');
    expect(within(nav).queryByText('published')).toBeNull();
    const waiting = screen.getByRole('region', { name: 'Waiting in draft' });
    expect(waiting.textContent).toMatch(/Loading the documents…/);
    expect(waiting.textContent).not.toMatch(/everything is as published/);
    await act(async () => letGo());
    await within(nav).findByRole('link', { name: /Indonesian copy/ });
    expect(within(nav).queryByRole('status')).toBeNull();
    expect(within(waiting).getByRole('link', { name: 'Indonesian copy' })).toBeTruthy();
  });

  it('asks anonymous users to log in and shows the server reason on failure', async () => {
    const { calls } = server(null);
    render(<AdminApp />);
    await userEvent.type(await screen.findByLabelText('User name'), 'ana');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toMatch('Wrong user name or password');
    await userEvent.clear(screen.getByLabelText('Password'));
    await userEvent.type(screen.getByLabelText('Password'), 'right');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('ana (publisher)')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/login')).toHaveLength(2);
  });

  it('hides the publish button from editors', async () => {
    server('editor');
    render(<AdminApp />);
    await userEvent.click(await screen.findByRole('link', { name: 'Review & publish' }));
    expect(await screen.findByRole('table', { name: 'Changes in text-set id-ID' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Check again' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Publish/ })).toBeNull();
  });

  it('lets publishers publish with a note, sending the reviewed ETags and the CSRF token', async () => {
    const { calls } = server('publisher');
    render(<AdminApp />);
    await userEvent.click(await screen.findByRole('link', { name: 'Review & publish' }));
    const publish = await screen.findByRole('button', { name: /^Publish 1 document/ });
    expect(publish).toHaveProperty('disabled', true);
    await userEvent.type(screen.getByLabelText('Note'), 'Shorter label');
    await userEvent.click(publish);
    expect(await screen.findByText('Published 1 document(s).')).toBeTruthy();
    const post = calls.find((c) => c.path === '/publish')!;
    expect(post.body).toEqual({ documents: [{ kind: 'text-set', id: 'id-ID', etag: '"e1"' }], note: 'Shorter label' });
    expect(post.headers['X-CSRF-Token']).toBe('tok');
  });

  it('asks before the browser Back (a hash change) drops typed copy, and stays with it when told so', async () => {
    server('editor');
    location.hash = '#/copy';
    render(<AdminApp />);
    const cell = (await screen.findByLabelText('a (id-ID)')) as HTMLTextAreaElement;
    await userEvent.clear(cell);
    await userEvent.type(cell, 'Typed, not saved');
    const ask = vi.spyOn(window, 'confirm').mockReturnValue(false);
    await browserGoesTo('#/review');
    expect(ask).toHaveBeenCalledTimes(1);
    expect((screen.getByLabelText('a (id-ID)') as HTMLTextAreaElement).value).toBe('Typed, not saved');
    expect(location.hash).toBe('#/copy');
    ask.mockReturnValue(true);
    await browserGoesTo('#/review');
    expect(await screen.findByRole('heading', { name: 'Review and publish' })).toBeTruthy();
    expect(screen.queryByLabelText('a (id-ID)')).toBeNull();
  });

  it('moves on a hash change without asking when nothing is unsaved', async () => {
    server('editor');
    location.hash = '#/copy';
    render(<AdminApp />);
    await screen.findByLabelText('a (id-ID)');
    const ask = vi.spyOn(window, 'confirm').mockReturnValue(false);
    await browserGoesTo('#/review');
    expect(await screen.findByRole('heading', { name: 'Review and publish' })).toBeTruthy();
    expect(ask).not.toHaveBeenCalled();
  });
});
