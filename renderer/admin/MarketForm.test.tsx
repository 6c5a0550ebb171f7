import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import market from '../../screens/markets/ID.json';
import MarketForm from './MarketForm';
import { fakeAdminServer } from './testing/fake-admin-server';

const record = {
  kind: 'market',
  id: 'ID',
  file: 'markets/ID.json',
  etag: '"m1"',
  published: { version: 1, content: market },
  draft: null,
} as never;

afterEach(() => vi.unstubAllGlobals());

describe('MarketForm', { timeout: 60000 }, () => {
  it('renders the market constants as a form generated from the schema and saves with If-Match', async () => {
    const { calls } = fakeAdminServer({
      'PUT /documents/market/ID/draft': () => ({
        body: { ...(record as object), etag: '"m2"' },
        headers: { ETag: '"m2"' },
      }),
    });
    render(<MarketForm doc={record} role="editor" onSaved={() => {}} />);
    const phone = screen.getByLabelText(/servicePhone/i) as HTMLInputElement;
    expect(phone.value).toBe(market.servicePhone);
    // One change event: typing key by key re-renders the whole generated form per key (slow in jsdom).
    fireEvent.change(phone, { target: { value: '+62 21 5555' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await screen.findByText('Draft saved.');
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.headers['If-Match']).toBe('"m1"');
    expect((put.body as { servicePhone: string }).servicePhone).toBe('+62 21 5555');
  });

  it('refuses a value the schema forbids, with the precompiled validator, and sends nothing', async () => {
    const { calls } = fakeAdminServer({});
    render(<MarketForm doc={record} role="editor" onSaved={() => {}} />);
    const phone = screen.getByLabelText(/servicePhone/i);
    fireEvent.change(phone, { target: { value: 'call us' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect((await screen.findAllByText(/must match pattern/)).length).toBeGreaterThan(0);
    expect(calls).toHaveLength(0);
  });

  it('shows viewers a read-only form without a save button', () => {
    fakeAdminServer({});
    render(<MarketForm doc={record} role="viewer" onSaved={() => {}} />);
    expect(screen.queryByRole('button', { name: 'Save draft' })).toBeNull();
    expect((screen.getByLabelText(/servicePhone/i) as HTMLInputElement).readOnly).toBe(true);
    // An open map's keys (termUnits.codes: 'day', '1', ...) are content too: read-only, nothing to remove.
    const keys = screen.getAllByLabelText(/^day Key$|^1 Key$/) as HTMLInputElement[];
    expect(keys).toHaveLength(2);
    for (const k of keys) expect(k.readOnly).toBe(true);
    for (const k of keys) expect(k.closest('.market-additional')!.querySelector('button')).toBeNull();
  });

  it('lets editors rename and remove the keys of an open map', () => {
    fakeAdminServer({});
    render(<MarketForm doc={record} role="editor" onSaved={() => {}} />);
    const key = screen.getByLabelText(/^day Key$/) as HTMLInputElement;
    expect(key.readOnly).toBe(false);
    expect(key.closest('.market-additional')!.querySelector('button')).not.toBeNull();
  });
});
