import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import TextSetEditor from './TextSetEditor';
import { fakeAdminServer } from './testing/fake-admin-server';

const doc = (id: string, texts: Record<string, string>, etag: string) => ({
  kind: 'text-set',
  id,
  file: `texts/${id}.json`,
  etag,
  revision: 1,
  published: { version: 1, content: { kind: 'text-set', id, schemaVersion: 1, locale: id, texts } },
  draft: null,
});

function server(saveStatus: number) {
  return fakeAdminServer({
    'GET /documents': () => ({
      body: {
        documents: [
          { kind: 'text-set', id: 'id-ID' },
          { kind: 'text-set', id: 'en-IN' },
        ],
      },
    }),
    'GET /documents/text-set/id-ID': () => ({
      body: doc('id-ID', { 'complaint.myComplaints': 'Keluhan saya', 'common.ok': 'OK' }, '"a1"'),
      headers: { ETag: '"a1"' },
    }),
    'GET /documents/text-set/en-IN': () => ({
      body: doc('en-IN', { 'complaint.myComplaints': 'My complaints' }, '"b1"'),
      headers: { ETag: '"b1"' },
    }),
    'PUT /documents/text-set/id-ID/draft': () =>
      saveStatus === 200
        ? { body: doc('id-ID', {}, '"a2"'), headers: { ETag: '"a2"' } }
        : { status: 412, body: { error: { status: 412, message: 'text-set/id-ID was changed by someone else' } } },
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('TextSetEditor', () => {
  it('shows every locale side by side and highlights missing keys', async () => {
    server(200);
    render(<TextSetEditor role="editor" onSaved={() => {}} />);
    expect(await screen.findByLabelText('complaint.myComplaints (id-ID)')).toHaveProperty('value', 'Keluhan saya');
    expect(screen.getByLabelText('complaint.myComplaints (en-IN)')).toHaveProperty('value', 'My complaints');
    const missing = screen.getByLabelText('common.ok (en-IN)');
    expect(missing.getAttribute('aria-invalid')).toBe('true');
    expect(missing.closest('td')!.className).toBe('missing');
  });

  it('searches keys and copy', async () => {
    server(200);
    render(<TextSetEditor role="viewer" onSaved={() => {}} />);
    await screen.findByText('complaint.myComplaints');
    await userEvent.type(screen.getByLabelText('Search texts'), 'my compl');
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(2);
    expect(screen.queryByText('common.ok')).toBeNull();
  });

  it('saves the draft with If-Match, changing only the edited key', async () => {
    const { calls } = server(200);
    const onSaved = vi.fn();
    render(<TextSetEditor role="editor" onSaved={onSaved} />);
    const cell = await screen.findByLabelText('complaint.myComplaints (id-ID)');
    await userEvent.clear(cell);
    await userEvent.type(cell, 'Keluhanku');
    await userEvent.click(screen.getByRole('button', { name: /Save draft/ }));
    await screen.findByText('Draft saved.');
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.headers['If-Match']).toBe('"a1"');
    expect((put.body as { texts: Record<string, string> }).texts['complaint.myComplaints']).toBe('Keluhanku');
    expect((put.body as { texts: Record<string, string> }).texts['common.ok']).toBe('OK');
    expect(onSaved).toHaveBeenCalled();
  });

  it('on 412 says someone else saved it, reloads and keeps what was typed', async () => {
    server(412);
    render(<TextSetEditor role="editor" onSaved={() => {}} />);
    const cell = await screen.findByLabelText('complaint.myComplaints (id-ID)');
    await userEvent.clear(cell);
    await userEvent.type(cell, 'Ketikan saya');
    await userEvent.click(screen.getByRole('button', { name: /Save draft/ }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/someone else saved this copy meanwhile/i);
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(screen.getByLabelText('complaint.myComplaints (id-ID)')).toHaveProperty('value', 'Ketikan saya');
  });

  it('a reload that answers after a save does not put the copy from before the save back', async () => {
    let stored = doc('id-ID', { 'complaint.myComplaints': 'Keluhan saya' }, '"a1"');
    let hold = false;
    let letGo = () => {};
    const { calls } = fakeAdminServer({
      'GET /documents': () => ({ body: { documents: [{ kind: 'text-set', id: 'id-ID' }] } }),
      'GET /documents/text-set/id-ID': () => {
        const asked = { body: stored, headers: { ETag: stored.etag } };
        if (!hold) return asked;
        hold = false;
        return new Promise((r) => (letGo = () => r(asked)));
      },
      'PUT /documents/text-set/id-ID/draft': (req) => {
        const texts = (req.body as { texts: Record<string, string> }).texts;
        stored = doc('id-ID', texts, `"a${calls.filter((c) => c.method === 'PUT').length + 1}"`);
        return { body: stored, headers: { ETag: stored.etag } };
      },
    });
    render(<TextSetEditor role="editor" onSaved={() => {}} />);
    const cell = () => screen.getByLabelText('complaint.myComplaints (id-ID)') as HTMLTextAreaElement;
    await screen.findByLabelText('complaint.myComplaints (id-ID)');
    hold = true;
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await userEvent.clear(cell());
    await userEvent.type(cell(), 'Keluhanku');
    await userEvent.click(screen.getByRole('button', { name: /Save draft/ }));
    await screen.findByText('Draft saved.');
    await act(async () => letGo());
    expect(cell().value).toBe('Keluhanku');
    // The next save goes with the saved draft's ETag, not the one from before it.
    await userEvent.type(cell(), '!');
    await userEvent.click(screen.getByRole('button', { name: /Save draft/ }));
    await vi.waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'PUT')[1]!.headers['If-Match']).toBe('"a2"');
  });

  it('gives viewers no inputs and no save button', async () => {
    server(200);
    render(<TextSetEditor role="viewer" onSaved={() => {}} />);
    await screen.findByText('Keluhan saya');
    expect(screen.queryByRole('textbox', { name: /complaint.myComplaints/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Save draft/ })).toBeNull();
  });
});
