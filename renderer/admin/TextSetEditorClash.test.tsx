import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import TextSetEditor from './TextSetEditor';
import { fakeAdminServer } from './testing/fake-admin-server';

const KEY = 'complaint.myComplaints';
const record = (texts: Record<string, string>, etag: string, by?: string) => ({
  kind: 'text-set',
  id: 'id-ID',
  file: 'texts/id-ID.json',
  etag,
  published: { version: 1, content: { kind: 'text-set', id: 'id-ID', schemaVersion: 1, locale: 'id-ID', texts } },
  draft: by
    ? { content: { kind: 'text-set', id: 'id-ID', schemaVersion: 1, locale: 'id-ID', texts }, updatedBy: by }
    : null,
});

/** A store with If-Match, where a colleague (rani) saves the key while the test types in it. */
function server() {
  let stored = record({ [KEY]: 'Keluhan saya', 'common.ok': 'OK' }, '"a1"');
  const s = fakeAdminServer({
    'GET /documents': () => ({ body: { documents: [{ kind: 'text-set', id: 'id-ID' }] } }),
    'GET /documents/text-set/id-ID': () => ({ body: stored, headers: { ETag: stored.etag } }),
    'PUT /documents/text-set/id-ID/draft': (req) => {
      if (req.headers['If-Match'] !== stored.etag)
        return { status: 412, body: { error: { status: 412, message: 'text-set/id-ID was changed by someone else' } } };
      stored = record((req.body as { texts: Record<string, string> }).texts, `"a${Number(stored.etag[2]) + 1}"`, 'me');
      return { body: stored, headers: { ETag: stored.etag } };
    },
  });
  const colleagueSaves = (value: string, key = KEY) =>
    (stored = record({ ...stored.published.content.texts, [key]: value }, '"a2"', 'rani'));
  return { ...s, colleagueSaves };
}

afterEach(() => vi.unstubAllGlobals());

async function typeOver(value: string) {
  const cell = await screen.findByLabelText(`${KEY} (id-ID)`);
  await userEvent.clear(cell);
  await userEvent.type(cell, value);
}

describe('TextSetEditor when a colleague saved the same cell', () => {
  it('shows their text after the 412 and saves mine over it only once I keep mine', async () => {
    const { calls, colleagueSaves } = server();
    render(<TextSetEditor role="editor" onSaved={() => {}} />);
    await typeOver('Keluhanku');
    colleagueSaves('Daftar keluhan');
    await userEvent.click(screen.getByRole('button', { name: /Save draft/ }));
    const clash = await screen.findByRole('group', { name: `${KEY} (id-ID) changed meanwhile` });
    expect(clash.textContent).toMatch(/rani saved this cell while you were typing: Daftar keluhan/);
    expect(screen.getByLabelText(`${KEY} (id-ID)`)).toHaveProperty('value', 'Keluhanku');
    expect(screen.getByRole('button', { name: /Save draft/ })).toHaveProperty('disabled', true);

    await userEvent.click(within(clash).getByRole('button', { name: 'Keep mine' }));
    await userEvent.click(screen.getByRole('button', { name: /Save draft/ }));
    await screen.findByText('Draft saved.');
    const put = calls.filter((c) => c.method === 'PUT').at(-1)!;
    expect(put.headers['If-Match']).toBe('"a2"');
    expect((put.body as { texts: Record<string, string> }).texts[KEY]).toBe('Keluhanku');
  });

  it('takes their text into the cell, leaving nothing to save', async () => {
    const { colleagueSaves } = server();
    render(<TextSetEditor role="editor" onSaved={() => {}} />);
    await typeOver('Keluhanku');
    colleagueSaves('Daftar keluhan');
    await userEvent.click(screen.getByRole('button', { name: /Save draft/ }));
    const clash = await screen.findByRole('group', { name: `${KEY} (id-ID) changed meanwhile` });
    await userEvent.click(within(clash).getByRole('button', { name: 'Take theirs' }));
    expect(screen.getByLabelText(`${KEY} (id-ID)`)).toHaveProperty('value', 'Daftar keluhan');
    expect(screen.getByRole('button', { name: /Save draft/ })).toHaveProperty('disabled', true);
    expect(screen.queryByRole('group', { name: /changed meanwhile/ })).toBeNull();
  });

  it('a colleague saving another key is no clash: after the 412 mine saves over their version', async () => {
    const { calls, colleagueSaves } = server();
    render(<TextSetEditor role="editor" onSaved={() => {}} />);
    await typeOver('Keluhanku');
    colleagueSaves('Oke', 'common.ok');
    await userEvent.click(screen.getByRole('button', { name: /Save draft/ }));
    await screen.findByRole('alert');
    expect(screen.queryByRole('group', { name: /changed meanwhile/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /Save draft/ }));
    await screen.findByText('Draft saved.');
    const put = calls.filter((c) => c.method === 'PUT').at(-1)!;
    expect(put.headers['If-Match']).toBe('"a2"');
    expect((put.body as { texts: Record<string, string> }).texts).toMatchObject({
      [KEY]: 'Keluhanku',
      'common.ok': 'Oke',
    });
  });
});
