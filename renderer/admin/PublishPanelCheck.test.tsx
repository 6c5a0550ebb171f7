import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { draftSummary as summary } from './testing/draft-summary';
import { fakeAdminServer } from './testing/fake-admin-server';
import PublishPanel from './PublishPanel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const record = (kind: string, id: string, before: unknown, after: unknown) => ({
  body: {
    kind,
    id,
    file: `${kind}/${id}.json`,
    etag: `"${id}"`,
    published: { version: 1, content: before },
    draft: { content: after, editors: ['ed'] },
  },
});
const market = (max: number) => ({ kind: 'market', id: 'ID', fourEyes: false, limits: { complaintTextMax: max } });
const BROKEN = { file: 'texts/id-ID.json', instancePath: '/texts/a', message: 'must be string' };

/**
 * Two drafts, market ID and text set id-ID; the check of any set with the text set finds an error. The check of the
 * market alone waits until the test lets it go (a slow answer).
 */
function twoDrafts() {
  let letGo!: () => void;
  const held = new Promise<void>((r) => (letGo = r));
  fakeAdminServer({
    'GET /documents': () => ({ body: { documents: [summary('market', 'ID'), summary('text-set', 'id-ID')] } }),
    'GET /documents/market/ID': () => record('market', 'ID', market(200), market(300)),
    'GET /documents/text-set/id-ID': () => record('text-set', 'id-ID', { texts: { a: 'x' } }, { texts: { a: 1 } }),
    'POST /validate': (req) => {
      const ids = (req.body as { documents: { id: string }[] }).documents.map((d) => d.id);
      if (ids.includes('id-ID')) return { body: { valid: false, errors: [BROKEN] } };
      return held.then(() => ({ body: { valid: true, errors: [] } }));
    },
  });
  return () => act(async () => letGo());
}
const heading = () => screen.queryByRole('heading', { name: /^Check of the published state/ })?.textContent;
const textSetBox = () => screen.getByRole('checkbox', { name: 'text-set id-ID' });

describe('PublishPanel: the check shown is the check of the set ticked', () => {
  it('holds the publish while the new set is checked, not showing the last set’s verdict', async () => {
    const letGo = twoDrafts();
    render(<PublishPanel role="publisher" user="pat" onPublished={() => {}} />);
    await screen.findByRole('heading', { name: /1 error\(s\)/ });
    await userEvent.type(screen.getByLabelText('Note'), 'Longer complaints');
    await userEvent.click(textSetBox());
    expect(heading()).toBeUndefined();
    expect(screen.getByText('Checking this set before it can be published…')).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Publish 1 document/ })).toHaveProperty('disabled', true);
    await letGo();
    expect(heading()).toBe('Check of the published state after this change: no errors.');
    expect(screen.getByRole('button', { name: /^Publish 1 document/ })).toHaveProperty('disabled', false);
  });

  it('a slow check of a set no longer ticked does not land over the check of the set now ticked', async () => {
    const letGo = twoDrafts();
    render(<PublishPanel role="publisher" user="pat" onPublished={() => {}} />);
    await screen.findByRole('heading', { name: /1 error\(s\)/ });
    await userEvent.type(screen.getByLabelText('Note'), 'Longer complaints');
    // Left out (its check of the market alone is slow), then ticked again: that set's check answers at once.
    await userEvent.click(textSetBox());
    await userEvent.click(textSetBox());
    await screen.findByRole('heading', { name: /1 error\(s\)/ });
    await letGo();
    expect(heading()).toMatch(/1 error\(s\)\. Nothing can be published until they are fixed\./);
    expect(screen.getByRole('button', { name: /^Publish 2 document/ })).toHaveProperty('disabled', true);
  });

  it('a check that cannot run says so and offers Check again; the server still checks the publish', async () => {
    let down = true;
    fakeAdminServer({
      'GET /documents': () => ({ body: { documents: [summary('market', 'ID')] } }),
      'GET /documents/market/ID': () => record('market', 'ID', market(200), market(300)),
      'POST /validate': () =>
        down
          ? { status: 503, body: { error: { status: 503, message: 'The check is unavailable' } } }
          : { body: { valid: true, errors: [] } },
    });
    render(<PublishPanel role="publisher" user="pat" onPublished={() => {}} />);
    await screen.findByRole('heading', { name: /could not run here\. The server checks the publish itself\./ });
    await userEvent.type(screen.getByLabelText('Note'), 'Longer complaints');
    expect(screen.getByRole('button', { name: /^Publish 1 document/ })).toHaveProperty('disabled', false);
    down = false;
    await userEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await screen.findByRole('heading', { name: 'Check of the published state after this change: no errors.' });
  });
});
