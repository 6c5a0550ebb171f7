import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import userEvent from '@testing-library/user-event';
import market from '../../screens/markets/ID.json';
import type { DocRecord } from './admin-types';
import MarketForm from './MarketForm';
import { confirmLeave } from './safety/use-unsaved-guard';
import { fakeAdminServer } from './testing/fake-admin-server';

const record = (content: object, etag: string, draft = false) =>
  ({
    kind: 'market',
    id: 'ID',
    file: 'markets/ID.json',
    etag,
    published: { version: 1, content: market },
    draft: draft ? { content, updatedBy: 'rani' } : null,
  }) as never;

afterEach(() => vi.unstubAllGlobals());

describe('MarketForm keeps what was typed', { timeout: 60000 }, () => {
  it('asks before the console leaves a market with unsaved changes, and not before any change', () => {
    fakeAdminServer({});
    render(<MarketForm doc={record(market, '"m1"')} role="editor" onSaved={() => {}} />);
    const ask = vi.fn((_m: string) => false);
    expect(confirmLeave(ask)).toBe(true);
    expect(ask).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText(/servicePhone/i), { target: { value: '+62 21 5555' } });
    expect(confirmLeave(ask)).toBe(false);
    expect(ask.mock.calls[0][0]).toMatch(/unsaved changes[\s\S]*market ID/);
    // Closing or reloading the tab asks too (the browser's own prompt).
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);
  });

  it('on a 412 shows their version and puts my change on top of theirs, saved over their ETag', async () => {
    const theirs = { ...market, serviceEmail: 'help@example.co.id' };
    let puts = 0;
    const { calls } = fakeAdminServer({
      'GET /documents/market/ID': () => ({ body: record(theirs, '"m3"', true), headers: { ETag: '"m3"' } }),
      'PUT /documents/market/ID/draft': (req) =>
        ++puts === 1
          ? { status: 412, body: { error: { status: 412, message: 'market/ID was changed by someone else' } } }
          : { body: record(req.body as object, '"m4"', true), headers: { ETag: '"m4"' } },
    });
    render(<MarketForm doc={record(market, '"m1"')} role="editor" onSaved={() => {}} />);
    fireEvent.change(screen.getByLabelText(/servicePhone/i), { target: { value: '+62 21 5555' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    const conflict = await screen.findByRole('region', { name: /rani saved market ID while you were editing/ });
    expect(within(conflict).getByRole('table').textContent).toContain('+62 21 5555');
    await userEvent.click(within(conflict).getByRole('button', { name: 'Take mine on top of theirs' }));
    expect((screen.getByLabelText(/servicePhone/i) as HTMLInputElement).value).toBe('+62 21 5555');
    expect((screen.getByLabelText(/serviceEmail/i) as HTMLInputElement).value).toBe('help@example.co.id');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await screen.findByText('Draft saved.');
    const put = calls.filter((c) => c.method === 'PUT')[1]!;
    expect(put.headers['If-Match']).toBe('"m3"');
    expect(put.body).toMatchObject({ servicePhone: '+62 21 5555', serviceEmail: 'help@example.co.id' });
  });

  it('a reload of the document under the form keeps the typed values aside to put back', async () => {
    fakeAdminServer({});
    const { rerender } = render(<MarketForm doc={record(market, '"m1"')} role="editor" onSaved={() => {}} />);
    fireEvent.change(screen.getByLabelText(/servicePhone/i), { target: { value: '+62 21 5555' } });
    rerender(
      <MarketForm doc={record({ ...market, name: 'Indonesia!' }, '"m2"', true)} role="editor" onSaved={() => {}} />,
    );
    expect((screen.getByLabelText(/servicePhone/i) as HTMLInputElement).value).toBe(market.servicePhone);
    await userEvent.click(screen.getByRole('button', { name: 'Put back my unsaved values' }));
    expect((screen.getByLabelText(/servicePhone/i) as HTMLInputElement).value).toBe('+62 21 5555');
  });

  it('a second Save while a slow save is under way sends nothing, so no false "someone else changed it"', async () => {
    let current = '"m1"';
    let answer = () => {};
    const { calls } = fakeAdminServer({
      'PUT /documents/market/ID/draft': (req) => {
        if (req.headers['If-Match'] !== current)
          return { status: 412, body: { error: { status: 412, message: 'changed since' } } };
        current = '"m2"';
        const body = record(req.body as object, '"m2"', true);
        return new Promise((done) => (answer = () => done({ body, headers: { ETag: '"m2"' } })));
      },
    });
    render(<MarketForm doc={record(market, '"m1"')} role="editor" onSaved={() => {}} />);
    fireEvent.change(screen.getByLabelText(/servicePhone/i), { target: { value: '+62 21 5555' } });
    const save = screen.getByRole('button', { name: 'Save draft' });
    await userEvent.click(save);
    await userEvent.click(save);
    answer();
    await screen.findByText('Draft saved.');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('region', { name: /saved market ID/ })).toBeNull();
  });

  it('what was typed while a slow save was under way stays in the form after it, still to be saved', async () => {
    let answer = () => {};
    fakeAdminServer({
      'PUT /documents/market/ID/draft': (req) => {
        const body = record(req.body as object, '"m2"', true);
        return new Promise((done) => (answer = () => done({ body, headers: { ETag: '"m2"' } })));
      },
    });
    // As the console's page does: the saved record becomes the form's document.
    function Page() {
      const [doc, setDoc] = useState<DocRecord>(record(market, '"m1"'));
      return <MarketForm doc={doc} role="editor" onSaved={setDoc} />;
    }
    render(<Page />);
    const phone = () => screen.getByLabelText(/servicePhone/i) as HTMLInputElement;
    fireEvent.change(phone(), { target: { value: '+62 21 5555' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    fireEvent.change(phone(), { target: { value: '+62 21 6666' } });
    await act(async () => answer());
    await screen.findByText('Draft saved.');
    expect(phone().value).toBe('+62 21 6666');
    expect(screen.queryByText(/your unsaved values are kept/)).toBeNull();
  });
});
