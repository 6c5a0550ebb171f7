import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ScreenDocument } from '../../schemas/generated/types';
import { AppContext, type AppContextValue } from './app-context';
import type { Loaded } from './config-client';

const doc = (title: string) => ({ kind: 'screen', id: 'pay', schemaVersion: 1, title, body: [] }) as unknown as ScreenDocument;
let fresh: (v: Loaded<ScreenDocument> | null) => void = () => {};
const mounts: string[] = [];

vi.mock('./config-client', () => ({
  loadScreen: () => new Promise((resolve) => (fresh = resolve)),
  rememberScreen: async () => {},
}));
vi.mock('./after-first-screen', () => ({ afterFirstScreen: (task: () => void) => task() }));
vi.mock('../nodes/preload-widgets', () => ({ preloadWidgets: async () => {} }));
// The host stands in for a mounted screen: each mount is recorded, as a remount would re-run onLoad.
vi.mock('./ScreenHost', () => ({
  ScreenHost: ({ doc: d }: { doc: ScreenDocument }) => {
    useEffect(() => void mounts.push(String(d.title)), []);
    return <p>{String(d.title)}</p>;
  },
}));

const { ScreenRoute, setInlineScreen } = await import('./ScreenRoute');

const app = {
  bundle: { textSet: { texts: {} }, market: {} },
  outerQuery: {},
  commonQueryNames: [],
  hashRouting: false,
  t: (_k: string, fallback: string) => fallback,
} as unknown as AppContextValue;

let go: (to: string) => void = () => {};
function Navigator() {
  const navigate = useNavigate();
  go = navigate;
  return null;
}

describe('ScreenRoute', () => {
  afterEach(() => void (mounts.length = 0));

  it('keeps the inlined screen mounted when revalidation finds a newer version, and shows it at the next navigation', async () => {
    setInlineScreen({ body: doc('v1'), etag: '"1"', source: 'inline' });
    render(
      <AppContext.Provider value={app}>
        <MemoryRouter initialEntries={['/pay?step=sms']}>
          <Navigator />
          <Routes>
            <Route path="/pay" element={<ScreenRoute screenId="pay" />} />
          </Routes>
        </MemoryRouter>
      </AppContext.Provider>,
    );
    expect(screen.getByText('v1')).toBeTruthy();
    await act(async () => fresh({ body: doc('v2'), etag: '"2"', source: 'network' }));
    // Mid-flow: the same mount, the same version.
    expect(screen.getByText('v1')).toBeTruthy();
    expect(mounts).toEqual(['v1']);

    await act(async () => go('/pay?step=done'));
    expect(screen.getByText('v2')).toBeTruthy();
    expect(mounts).toEqual(['v1', 'v2']);
  });
});
