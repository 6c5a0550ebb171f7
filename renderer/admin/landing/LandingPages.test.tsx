import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import template from '../../../screens/templates/default.json';
import LandingPages from './LandingPages';
import { confirmLeave } from '../safety/use-unsaved-guard';
import { fakeAdminServer, type Recorded } from '../testing/fake-admin-server';

const record = {
  kind: 'landing-template',
  id: 'default',
  file: 'templates/default.json',
  etag: '"t1"',
  published: { version: 1, content: template },
  draft: null,
};
const routes = (more = {}) => ({
  'GET /documents': () => ({ body: { documents: [{ kind: 'landing-template', id: 'default' }] } }),
  'GET /documents/landing-template/default': () => ({ body: record, headers: { ETag: '"t1"' } }),
  ...more,
});

afterEach(() => vi.unstubAllGlobals());

describe('Landing pages (console)', () => {
  it('lists each template with market, status and its public link', async () => {
    fakeAdminServer(routes());
    render(<LandingPages role="editor" />);
    const link = (await screen.findByLabelText('Public link of default')) as HTMLInputElement;
    expect(link.value).toBe(`${window.location.origin}/register?market=ID&templateId=default`);
    expect(screen.getByRole('row', { name: /default ID published/ })).toBeTruthy();
  });

  it('"New from this one" creates a draft copy under a new templateId with If-None-Match: *', async () => {
    const { calls } = fakeAdminServer(
      routes({
        'PUT /documents/landing-template/landing-spring-fb/draft': () => ({
          status: 201,
          body: { ...record, id: 'landing-spring-fb' },
        }),
      }),
    );
    render(<LandingPages role="editor" />);
    await userEvent.click(await screen.findByRole('button', { name: 'New from default' }));
    fireEvent.change(screen.getByLabelText('New templateId'), { target: { value: 'default' } });
    expect(screen.getByRole('alert').textContent).toBe('That templateId is taken.');
    fireEvent.change(screen.getByLabelText('New templateId'), { target: { value: 'spring-fb' } });
    await userEvent.click(screen.getByRole('button', { name: 'Create draft' }));
    await screen.findByText(/Draft spring-fb created/);
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.headers['If-None-Match']).toBe('*');
    expect(put.body).toMatchObject({ id: 'landing-spring-fb', templateId: 'spring-fb', theme: template.theme });
  });

  it('warns when the button text is unreadable on the button colour, and pause saves a paused draft with If-Match', async () => {
    const { calls } = fakeAdminServer(
      routes({ 'PUT /documents/landing-template/default/draft': () => ({ body: record, headers: { ETag: '"t2"' } }) }),
    );
    render(<LandingPages role="editor" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit default' }));
    fireEvent.change(screen.getByLabelText('Button and accent colour'), { target: { value: '#ffeb3b' } });
    expect(screen.getByRole('alert').textContent).toMatch(/Text on the button is hard to read/);
    await userEvent.click(screen.getByRole('button', { name: 'Pause default' }));
    await screen.findByText(/Paused as a draft/);
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.headers['If-Match']).toBe('"t1"');
    expect(put.body).toMatchObject({ templateId: 'default', paused: true });
  });

  it('shows viewers no editing buttons', async () => {
    fakeAdminServer(routes());
    render(<LandingPages role="viewer" />);
    await screen.findByLabelText('Public link of default');
    expect(screen.queryByRole('button', { name: 'Pause default' })).toBeNull();
  });

  it('keeps a typed colour when the same template is paused from the list, and saves both', async () => {
    // The server as it is: a save makes a new version (and ETag) that the next read answers.
    let current: Omit<typeof record, 'draft'> & { draft: { content: unknown } | null } = { ...record };
    const { calls } = fakeAdminServer({
      'GET /documents': () => ({ body: { documents: [{ kind: 'landing-template', id: 'default' }] } }),
      'GET /documents/landing-template/default': () => ({ body: current, headers: { ETag: current.etag } }),
      'PUT /documents/landing-template/default/draft': (req) => {
        const etag = `"t${calls.filter((c) => c.method === 'PUT').length + 1}"`;
        current = { ...current, etag, draft: { content: req.body } };
        return { body: current, headers: { ETag: etag } };
      },
    });
    render(<LandingPages role="editor" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit default' }));
    fireEvent.change(screen.getByLabelText('Button and accent colour'), { target: { value: '#123456' } });
    await userEvent.click(screen.getByRole('button', { name: 'Pause default' }));
    await screen.findByText(/Paused as a draft/);
    await screen.findByRole('button', { name: 'Resume default' });
    expect((screen.getByLabelText('Button and accent colour') as HTMLInputElement).value).toBe('#123456');
    // Still unsaved: leaving the page asks.
    const ask = vi.fn((_m: string) => false);
    expect(confirmLeave(ask)).toBe(false);
    expect(ask.mock.calls[0][0]).toMatch(/landing page default/);
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await screen.findByText(/^Draft saved/);
    const last = calls.filter((c) => c.method === 'PUT').at(-1)!;
    expect(last.headers['If-Match']).toBe('"t2"');
    expect(last.body).toMatchObject({ paused: true, theme: { primary: '#123456' } });
  });

  it('a second Save while a slow save is under way sends nothing, so no false "someone else changed it"', async () => {
    let current = '"t1"';
    let answer = () => {};
    const { calls } = fakeAdminServer(
      routes({
        'PUT /documents/landing-template/default/draft': (req: Recorded) => {
          if (req.headers['If-Match'] !== current)
            return { status: 412, body: { error: { status: 412, message: 'changed since' } } };
          current = '"t2"';
          return new Promise((done) => (answer = () => done({ body: record, headers: { ETag: '"t2"' } })));
        },
      }),
    );
    render(<LandingPages role="editor" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit default' }));
    const save = screen.getByRole('button', { name: 'Save draft' });
    await userEvent.click(save);
    await userEvent.click(save);
    answer();
    await screen.findByText(/^Draft saved\./);
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
    expect(screen.queryByText(/Someone else changed/)).toBeNull();
  });
});
