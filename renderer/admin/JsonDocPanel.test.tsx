import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EditorView } from '@codemirror/view';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DocRecord } from './admin-types';
import { fakeAdminServer } from './testing/fake-admin-server';
import JsonDocPanel from './JsonDocPanel';

const content = {
  kind: 'screen',
  id: 'home',
  schemaVersion: 1,
  title: 'title.home',
  description: 'base',
  body: [] as unknown[],
};
const rec = (c: typeof content, etag: string, by = 'ed'): DocRecord => ({
  kind: 'screen',
  id: 'home',
  file: 'screens/pages/home.json',
  etag,
  published: null,
  draft: { content: c, hash: 'h', baseVersion: 1, updatedAt: '2026-11-22T10:00:00Z', updatedBy: by, editors: [by] },
});

// jsdom does not lay out text; CodeMirror measures ranges after each change.
beforeAll(() => {
  Range.prototype.getClientRects ??= () =>
    ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Types into the CodeMirror editor the way a keystroke would (one transaction). */
function setEditorText(text: string) {
  const view = EditorView.findFromDOM(screen.getByLabelText('JSON of screen home'))!;
  act(() => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } }));
}

describe('JsonDocPanel on 412', () => {
  const theirs = { ...content, description: 'theirs' };
  const mine = { ...content, title: 'title.mine' };
  function server() {
    return fakeAdminServer({
      'PUT /documents/screen/home/draft': (req) =>
        req.headers['If-Match'] === '"e2"'
          ? { body: rec(req.body as typeof content, '"e3"'), headers: { ETag: '"e3"' } }
          : { status: 412, body: { error: { status: 412, message: 'changed by pat' } } },
      'GET /documents/screen/home': () => ({ body: rec(theirs, '"e2"', 'pat'), headers: { ETag: '"e2"' } }),
    });
  }

  it('shows their version against my text and saves mine on top of theirs over their ETag', async () => {
    const { calls } = server();
    render(<JsonDocPanel doc={rec(content, '"e1"')} role="editor" onSaved={() => {}} onReload={() => {}} />);
    setEditorText(JSON.stringify(mine, null, 2));
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    const diff = await screen.findByRole('table', { name: 'Their version → your text' });
    expect(diff.textContent).toMatch(/\/description.*theirs.*base/);
    expect(screen.getByRole('region', { name: /pat saved screen home/ })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Take mine on top of theirs' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await screen.findByText('Draft saved.');
    const last = calls.filter((c) => c.method === 'PUT').at(-1)!;
    expect(last.headers['If-Match']).toBe('"e2"');
    expect(last.body).toMatchObject({ title: 'title.mine', description: 'theirs' });
  });

  it('takes theirs without losing my text: it can be put back', async () => {
    server();
    render(<JsonDocPanel doc={rec(content, '"e1"')} role="editor" onSaved={() => {}} onReload={() => {}} />);
    setEditorText(JSON.stringify(mine, null, 2));
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Take theirs' }));
    const editor = screen.getByLabelText('JSON of screen home');
    expect(editor.textContent).toContain('theirs');
    await userEvent.click(screen.getByRole('button', { name: 'Put back my unsaved text' }));
    expect(screen.getByLabelText('JSON of screen home').textContent).toContain('title.mine');
  });
});

describe('JsonDocPanel: Discard draft', () => {
  const published = {
    kind: 'screen',
    id: 'home',
    version: 3,
    content,
    createdAt: '2026-11-20T10:00:00Z',
    createdBy: 'pat',
  };
  function open() {
    const onReload = vi.fn();
    const server = fakeAdminServer({ 'DELETE /documents/screen/home/draft': () => ({ status: 204 }) });
    render(
      <JsonDocPanel
        doc={{ ...rec(content, '"e1"'), published }}
        role="editor"
        onSaved={() => {}}
        onReload={onReload}
      />,
    );
    return { ...server, onReload };
  }

  it('asks first in a dialog that starts on Cancel; Cancel keeps the draft and gives focus back', async () => {
    const { calls, onReload } = open();
    const discard = screen.getByRole('button', { name: 'Discard draft' });
    await userEvent.click(discard);
    const dialog = screen.getByRole('dialog', { name: 'Discard the draft of screen home?' });
    expect(dialog.textContent).toContain('goes back to its published version v3');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    // A second Enter by habit lands on Cancel, not on the discard.
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);
    expect(onReload).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(discard);
  });

  it('discards once confirmed, over the loaded ETag', async () => {
    const { calls, onReload } = open();
    await userEvent.click(screen.getByRole('button', { name: 'Discard draft' }));
    const dialog = screen.getByRole('dialog', { name: 'Discard the draft of screen home?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Discard the draft' }));
    await vi.waitFor(() => expect(onReload).toHaveBeenCalled());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.headers['If-Match'])).toEqual(['"e1"']);
  });
});

describe('JsonDocPanel: a slow save', () => {
  it('keeps what was typed while the save was under way in the editor, still to be saved', async () => {
    let answer = () => {};
    const { calls } = fakeAdminServer({
      'PUT /documents/screen/home/draft': (req) =>
        req.headers['If-Match'] === '"e1"'
          ? new Promise((done) => (answer = () => done({ body: rec(req.body as typeof content, '"e2"') })))
          : { body: rec(req.body as typeof content, '"e3"') },
    });
    // As the console's page does: the saved record becomes the panel's document.
    function Page() {
      const [doc, setDoc] = useState(rec(content, '"e1"'));
      return <JsonDocPanel doc={doc} role="editor" onSaved={setDoc} onReload={() => {}} />;
    }
    render(<Page />);
    setEditorText(JSON.stringify({ ...content, description: 'first' }, null, 2));
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    setEditorText(JSON.stringify({ ...content, description: 'second' }, null, 2));
    await act(async () => answer());
    await screen.findByText('Draft saved.');
    expect(screen.getByLabelText('JSON of screen home').textContent).toContain('second');
    expect(screen.queryByText(/your unsaved text is kept/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await vi.waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    const last = calls.filter((c) => c.method === 'PUT').at(-1)!;
    expect(last.headers['If-Match']).toBe('"e2"');
    expect(last.body).toMatchObject({ description: 'second' });
  });
});
