import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAdminServer } from './testing/fake-admin-server';
import PublishPanel from './PublishPanel';

const ERROR = {
  locale: 'en-IN',
  key: 'loan.days',
  check: 'plural-categories',
  severity: 'error',
  message: 'en needs the plural category one',
};
const WARNING = { locale: 'en-IN', key: 'common.ok', check: 'spaces', severity: 'warning', message: 'trailing space' };
/** Live copy of a text set this publish does not touch: not this change's to answer for. */
const ELSEWHERE = { locale: 'id-ID', key: 'repay.tip', check: 'numbers', severity: 'warning', message: '24 vs 1x24' };

function server(findings: object[], extra: Parameters<typeof fakeAdminServer>[0] = {}) {
  return fakeAdminServer({
    'GET /documents': () => ({
      body: {
        documents: [
          {
            kind: 'text-set',
            id: 'en-IN',
            file: 'texts/en-IN.json',
            etag: '"t1"',
            markets: ['IN'],
            hasDraft: true,
            editors: ['ed'],
            draftUpdatedBy: 'ed',
          },
        ],
      },
    }),
    'GET /documents/text-set/en-IN': () => ({
      body: {
        kind: 'text-set',
        id: 'en-IN',
        file: 'texts/en-IN.json',
        etag: '"t1"',
        published: { version: 1, content: { kind: 'text-set', id: 'en-IN', texts: { 'loan.days': '{n} days' } } },
        draft: { content: { kind: 'text-set', id: 'en-IN', texts: { 'loan.days': '{n, plural, other {# days}}' } } },
      },
    }),
    'POST /validate': () => ({ body: { valid: true, errors: [] } }),
    'GET /copy/findings': () => ({ body: { findings } }),
    'POST /publish': (req) => {
      const body = req.body as { acceptWarnings?: { reason: string } };
      if (findings.some((f) => (f as typeof ERROR).severity === 'error'))
        return { status: 422, body: { error: { status: 422, message: 'Copy errors', details: { findings } } } };
      if (!body.acceptWarnings)
        return { status: 409, body: { error: { status: 409, message: 'Copy warnings', details: { findings } } } };
      return { body: { published: [{ kind: 'text-set', id: 'en-IN', version: 2 }] } };
    },
    ...extra,
  });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function publish() {
  await userEvent.type(await screen.findByLabelText('Note'), 'plural days');
  await userEvent.click(screen.getByRole('button', { name: /^Publish 1 document/ }));
}

describe('PublishPanel copy QA', () => {
  it('lists the copy findings per key and locale, severity in words', async () => {
    server([ERROR, WARNING, ELSEWHERE]);
    render(<PublishPanel role="publisher" user="pat" onPublished={() => {}} />);
    const list = await screen.findByRole('list', { name: 'Copy findings' });
    const days = within(list).getByRole('list', { name: 'Findings for loan.days' });
    expect(days.textContent).toBe('en-IN: Error (plural-categories) en needs the plural category one');
    expect(within(list).getByRole('list', { name: 'Findings for common.ok' }).textContent).toMatch(
      /^en-IN: Warning \(spaces\) trailing space$/,
    );
    expect(within(list).queryByText(/repay\.tip/)).toBeNull();
    expect(
      screen.getByRole('heading', { name: /Copy checks of this change: 1 error\(s\), 1 warning\(s\)/ }),
    ).toBeTruthy();
  });

  it('a publish refused for a copy error names key, locale and check', async () => {
    const onPublished = vi.fn();
    server([ERROR]);
    render(<PublishPanel role="publisher" user="pat" onPublished={onPublished} />);
    await publish();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/Not published.*loan\.days \(en-IN\), check plural-categories/);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onPublished).not.toHaveBeenCalled();
  });

  it('copy warnings ask for a reason in a dialog, sent as acceptWarnings.reason', async () => {
    const onPublished = vi.fn();
    const { calls } = server([WARNING]);
    render(<PublishPanel role="publisher" user="pat" onPublished={onPublished} />);
    await publish();
    const dialog = await screen.findByRole('dialog', { name: /Publish with 1 copy warning/ });
    expect(dialog.textContent).toMatch(/common\.ok \(en-IN\), check spaces: trailing space/);
    const go = within(dialog).getByRole('button', { name: 'Publish with warnings' });
    await userEvent.type(within(dialog).getByLabelText(/Why publish anyway/), 'too short');
    expect(go).toHaveProperty('disabled', true);
    await userEvent.type(within(dialog).getByLabelText(/Why publish anyway/), ' - the space is fixed tomorrow');
    await userEvent.click(go);
    expect(await screen.findByText('Published 1 document(s).')).toBeTruthy();
    const posts = calls.filter((c) => c.method === 'POST' && c.path === '/publish');
    expect(posts).toHaveLength(2);
    expect((posts[0]!.body as { acceptWarnings?: unknown }).acceptWarnings).toBeUndefined();
    expect((posts[1]!.body as { acceptWarnings?: unknown }).acceptWarnings).toEqual({
      reason: 'too short - the space is fixed tomorrow',
    });
    expect(onPublished).toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('cancelling the warnings dialog publishes nothing', async () => {
    const { calls } = server([WARNING]);
    render(<PublishPanel role="publisher" user="pat" onPublished={() => {}} />);
    await publish();
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((c) => c.path === '/publish')).toHaveLength(1);
    expect(screen.getByText('Not published.')).toBeTruthy();
  });

  it('gives the keyboard back to the publish button when the warnings dialog is cancelled', async () => {
    server([WARNING]);
    render(<PublishPanel role="publisher" user="pat" onPublished={() => {}} />);
    await userEvent.type(await screen.findByLabelText('Note'), 'plural days');
    const button = screen.getByRole('button', { name: /^Publish 1 document/ });
    button.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /^Publish 1 document/ }));
  });
});

describe('PublishPanel loads: the latest answer wins', () => {
  it('copy findings of the first load, arriving late, never replace those of the reload after a refused publish', async () => {
    let answerFirst = () => {};
    let asked = 0;
    server([], {
      // The first load reads the copy checks slowly; the reload after the refused publish reads them at once, after a
      // colleague fixed the trailing space.
      'GET /copy/findings': () =>
        ++asked > 1
          ? { body: { findings: [] } }
          : new Promise((done) => (answerFirst = () => done({ body: { findings: [WARNING] } }))),
      'POST /publish': () => ({ status: 412, body: { error: { status: 412, message: 'changed by pat' } } }),
    });
    render(<PublishPanel role="publisher" user="pat" onPublished={() => {}} />);
    await publish();
    await screen.findByText(/A draft changed after you reviewed it/);
    await screen.findByRole('heading', { name: 'Copy checks of this change: no findings.' });
    await act(async () => answerFirst());
    expect(screen.getByRole('heading', { name: 'Copy checks of this change: no findings.' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Findings for common.ok' })).toBeNull();
  });
});
