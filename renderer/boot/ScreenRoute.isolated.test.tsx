import { act, render, screen } from '@testing-library/react';
import { startTransition, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ScreenDocument } from '../../schemas/generated/types';
import { AppContext, type AppContextValue } from './app-context';
import type { Loaded } from './config-client';
import { LIVE_SCREEN_EVENT, type LiveScreen } from './live/live-screen-event';

const doc = (title: string) =>
  ({ kind: 'screen', id: 'pay', schemaVersion: 1, title, body: [] }) as unknown as ScreenDocument;
let fresh: (v: Loaded<ScreenDocument> | null) => void = () => {};
const mounts: string[] = [];
/** Every loadScreen call (a request for the screen document) and every last-good write, by screen id / title. */
const loads: string[] = [];
const remembered: string[] = [];

vi.mock('./config-client', () => ({
  loadScreen: (id: string) => {
    loads.push(id);
    return new Promise((resolve) => (fresh = resolve));
  },
  rememberScreen: async (l: Loaded<ScreenDocument>) => void remembered.push(String(l.body.title)),
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

const mount = () =>
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

describe('ScreenRoute', () => {
  afterEach(() => {
    mounts.length = 0;
    loads.length = 0;
    remembered.length = 0;
  });

  it('the inlined screen: kept as the last good copy after the first screen, no request for it while the page loads', async () => {
    setInlineScreen({ body: doc('v1'), etag: '"1"', source: 'inline', drawn: true });
    const { unmount } = mount();
    await act(async () => {});
    expect(screen.getByText('v1')).toBeTruthy();
    expect(remembered).toEqual(['v1']);
    expect(loads).toEqual([]);
    // Once unmounted, a return to the app asks for nothing on its behalf.
    unmount();
    window.dispatchEvent(new Event('focus'));
    expect(loads).toEqual([]);
  });

  it('still has the inlined screen when React renders its first mount again before committing it', async () => {
    setInlineScreen({ body: doc('v1'), etag: '"1"', source: 'inline', drawn: true });
    // A sibling suspends the first try of the transition (as a tap restarts a sliced hydration): React renders the
    // route afresh once it is ready, and that try must find the inlined screen too, not draw "loading" and fetch.
    let ready!: () => void;
    const gate = new Promise<void>((r) => (ready = r));
    let waited = false;
    function SuspendOnce() {
      if (!waited) throw gate.then(() => void (waited = true));
      return null;
    }
    const container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container);
    act(() =>
      startTransition(() =>
        root.render(
          <AppContext.Provider value={app}>
            <MemoryRouter initialEntries={['/pay']}>
              <Routes>
                <Route path="/pay" element={<ScreenRoute screenId="pay" />} />
              </Routes>
              <SuspendOnce />
            </MemoryRouter>
          </AppContext.Provider>,
        ),
      ),
    );
    await act(async () => ready());
    expect(screen.getByText('v1')).toBeTruthy();
    expect(screen.queryByText('loading...')).toBeNull();
    expect(loads).toEqual([]);
    act(() => root.unmount());
    container.remove();
  });

  it('keeps the inlined screen mounted when a return to the app finds a newer version, and shows it at the next navigation', async () => {
    setInlineScreen({ body: doc('v1'), etag: '"1"', source: 'inline' });
    mount();
    expect(screen.getByText('v1')).toBeTruthy();
    expect(loads).toEqual([]);
    await act(async () => void window.dispatchEvent(new Event('focus')));
    expect(loads).toEqual(['pay']);
    await act(async () => fresh({ body: doc('v2'), etag: '"2"', source: 'network' }));
    // Mid-flow: the same mount, the same version.
    expect(screen.getByText('v1')).toBeTruthy();
    expect(mounts).toEqual(['v1']);

    await act(async () => go('/pay?step=done'));
    expect(screen.getByText('v2')).toBeTruthy();
    expect(mounts).toEqual(['v1', 'v2']);
  });

  it('a return to the app that finds the same version changes nothing', async () => {
    setInlineScreen({ body: doc('v1'), etag: '"1"', source: 'inline' });
    mount();
    await act(async () => void window.dispatchEvent(new Event('focus')));
    await act(async () => fresh({ body: doc('v1'), etag: '"1"', source: 'cache' }));
    await act(async () => go('/pay?step=done'));
    // The navigation mounts the screen again (a new location), with the version it had.
    expect(screen.getByText('v1')).toBeTruthy();
    expect(mounts).toEqual(['v1', 'v1']);
  });
});

describe('ScreenRoute and live changes', () => {
  afterEach(() => {
    mounts.length = 0;
    loads.length = 0;
  });
  const live = (detail: LiveScreen) =>
    act(async () => void window.dispatchEvent(new CustomEvent(LIVE_SCREEN_EVENT, { detail })));

  it('a newer version announced live waits for the next navigation: the borrower mid-flow keeps the mount', async () => {
    setInlineScreen({ body: doc('v1'), etag: '"1"', source: 'inline' });
    mount();
    await live({ id: 'pay', fresh: { body: doc('v2'), etag: '"2"', source: 'network' }, now: false });
    expect(screen.getByText('v1')).toBeTruthy();
    expect(mounts).toEqual(['v1']);
    // Another screen's news is not this route's.
    await live({ id: 'other', fresh: { body: doc('v3'), etag: '"3"', source: 'network' }, now: true });
    expect(mounts).toEqual(['v1']);
    await act(async () => go('/pay?step=done'));
    expect(screen.getByText('v2')).toBeTruthy();
    expect(mounts).toEqual(['v1', 'v2']);
    // The route asked the network for nothing itself.
    expect(loads).toEqual([]);
  });

  it('a failing screen is replaced at once by the newer version, without a navigation', async () => {
    setInlineScreen({ body: doc('v1'), etag: '"1"', source: 'inline' });
    mount();
    await live({ id: 'pay', fresh: { body: doc('v2'), etag: '"2"', source: 'network' }, now: true });
    expect(screen.getByText('v2')).toBeTruthy();
    expect(mounts).toEqual(['v1', 'v2']);
  });

  it('a failing screen under a newer bundle is mounted again (its onLoad runs again with the new API map)', async () => {
    setInlineScreen({ body: doc('v1'), etag: '"1"', source: 'inline' });
    mount();
    await live({ id: 'pay', now: true });
    expect(mounts).toEqual(['v1', 'v1']);
    // A pending version found earlier is the one mounted.
    await live({ id: 'pay', fresh: { body: doc('v2'), etag: '"2"', source: 'network' }, now: false });
    expect(mounts).toEqual(['v1', 'v1']);
    await live({ id: 'pay', now: true });
    expect(screen.getByText('v2')).toBeTruthy();
    expect(mounts).toEqual(['v1', 'v1', 'v2']);
  });

  it('a screen never seen that could not be loaded while the browser says online: the error and a retry', async () => {
    setInlineScreen(null);
    mount();
    await act(async () => {});
    // A dead link or a portal's page: the browser still says online, and nothing came.
    await act(async () => fresh(null));
    expect(screen.getByRole('alert').textContent).toContain('error');
    await act(async () => screen.getByRole('button', { name: 'Retry' }).click());
    expect(loads).toEqual(['pay', 'pay']);
    await act(async () => fresh({ body: doc('v1'), etag: '"1"', source: 'network' }));
    expect(screen.getByText('v1')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
