import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import id from '../../screens/markets/ID.json';
import india from '../../screens/markets/IN.json';
import DocumentsView from './DocumentsView';
import type { ConsoleData } from './nav/use-console-data';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const record = (market: string, content: unknown) => ({
  kind: 'market',
  id: market,
  file: `markets/${market}.json`,
  etag: `"${market}1"`,
  published: { kind: 'market', id: market, version: 1, createdAt: '2026-11-28T10:00:00Z', createdBy: 'x', content },
  draft: null,
});
const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });

/**
 * The admin API: market ID's record (`hold: 'read'`) or its draft save (`hold: 'save'`) held until `release` (a slow
 * answer), the rest at once.
 */
function slowIndonesia(hold: 'read' | 'save') {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = url.replace(/^\/admin\/api/, '').split('?')[0];
      if (path === '/documents/market/ID')
        return hold === 'read' ? held.then(() => json(record('ID', id))) : json(record('ID', id));
      if (path === '/documents/market/ID/draft') return held.then(() => json(record('ID', id)));
      if (path === '/documents/market/IN') return json(record('IN', india));
      if (path.endsWith('/history')) return json({ versions: [], etag: '"x"' });
      return new Response(JSON.stringify({ error: { status: 404, message: path } }), { status: 404 });
    }),
  );
  return () => act(async () => release());
}

const data: ConsoleData = {
  docs: [],
  records: [],
  texts: {},
  titles: new Map(),
  problems: [],
  usages: new Map(),
  index: { search: () => [] } as unknown as ConsoleData['index'],
  routes: [],
  error: null,
};
const view = (market: string) => (
  <DocumentsView
    role="publisher"
    route={{ page: 'doc', kind: 'market', id: market }}
    data={data}
    onChanged={() => {}}
    onOpenKey={() => {}}
    onOpenDoc={() => {}}
  />
);

describe('DocumentsView', { timeout: 60000 }, () => {
  it('shows the document ops opened last, even when the one opened before answers after it', async () => {
    const release = slowIndonesia('read');
    const { rerender } = render(view('ID'));
    rerender(view('IN'));
    await screen.findByRole('heading', { name: 'Market IN' });
    await release();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('heading', { name: 'Market ID' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Market IN' })).toBeTruthy();
  });

  it('a save that finishes after ops opened another document leaves that one shown', async () => {
    const release = slowIndonesia('save');
    const { rerender } = render(view('ID'));
    const phone = (await screen.findByLabelText(/servicePhone/i)) as HTMLInputElement;
    fireEvent.change(phone, { target: { value: '+62 21 5555' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    rerender(view('IN'));
    await screen.findByRole('heading', { name: 'Market IN' });
    const saves = vi.mocked(fetch).mock.calls.filter(([u]) => String(u).endsWith('/documents/market/ID/draft'));
    expect(saves).toHaveLength(1);
    await release();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('heading', { name: 'Market ID' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Market IN' })).toBeTruthy();
  });

  it('the copy table does not call a key unused before the screens are loaded', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const path = url.replace(/^\/admin\/api/, '').split('?')[0];
        if (path === '/documents') return json({ documents: [{ kind: 'text-set', id: 'id-ID' }] });
        if (path === '/documents/text-set/id-ID')
          return json({
            ...record('ID', null),
            kind: 'text-set',
            id: 'id-ID',
            published: { version: 1, content: { texts: { 'a.key': 'A' } } },
          });
        return new Response(JSON.stringify({ error: { status: 404, message: path } }), { status: 404 });
      }),
    );
    const copy = (loaded: boolean) => (
      <DocumentsView
        role="publisher"
        route={{ page: 'copy' }}
        data={{ ...data, loaded }}
        onChanged={() => {}}
        onOpenKey={() => {}}
        onOpenDoc={() => {}}
      />
    );
    const { rerender } = render(copy(false));
    const row = await screen.findByRole('row', { name: /a\.key/ });
    expect(row.textContent).not.toMatch(/Not used by a screen/);
    rerender(copy(true));
    expect(screen.getByRole('row', { name: /a\.key/ }).textContent).toMatch(/Not used by a screen/);
  });
});
