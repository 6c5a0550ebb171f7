import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEEP_PAGE, SKIP_WAITING, type KeepPageMessage } from './worker-protocol';
import type { ApiMapDocument } from '../../schemas/generated/types';

/** An API map naming the borrower by these common params and headers copied from the page query. */
const apiMap = (commonParams: unknown[], headersFromQuery: unknown[] = []) =>
  ({ commonParams, headersFromQuery }) as unknown as ApiMapDocument;

/** A new build's worker, installed and waiting; it activates when the test says. */
class WaitingWorker extends EventTarget {
  state: ServiceWorkerState = 'installed';
  messages: unknown[] = [];
  postMessage(m: unknown) {
    this.messages.push(m);
  }
  activate() {
    this.state = 'activated';
    this.dispatchEvent(new Event('statechange'));
  }
}

let waiting: WaitingWorker;
let container: EventTarget & { controller: object; register: () => Promise<unknown> };
const log = vi.fn();

/** worker-client afresh (its registration is module state), registered under an old build's controller. */
async function client() {
  vi.resetModules();
  const m = await import('./worker-client');
  await m.applyWorkerSetting(true, log);
  return m;
}

/** The new worker takes the page: the browser's controllerchange, then the worker's own state. */
function takeOver() {
  container.dispatchEvent(new Event('controllerchange'));
  waiting.activate();
}

beforeEach(() => {
  waiting = new WaitingWorker();
  container = Object.assign(new EventTarget(), {
    controller: {},
    register: () => Promise.resolve({ waiting, update: () => Promise.resolve() }),
  });
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
});

afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('a new build taking over at a navigation', () => {
  it('reloads the page where the borrower went once the new worker has it', async () => {
    const { atNavigation } = await client();
    const reload = vi.fn();
    atNavigation(log, reload);
    expect(waiting.messages).toEqual([{ type: SKIP_WAITING }]);
    expect(reload).not.toHaveBeenCalled();
    takeOver();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('never reloads a screen the borrower has started typing into: the next navigation loads the new build', async () => {
    const { atNavigation } = await client();
    const reload = vi.fn();
    atNavigation(log, reload);
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true }));
    takeOver();
    expect(reload).not.toHaveBeenCalled();
    atNavigation(log, reload);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('never reloads under the borrower when the takeover comes late, even untouched', async () => {
    const { atNavigation } = await client();
    const reload = vi.fn();
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now);
    atNavigation(log, reload);
    // The browser kept the old worker running for half a minute.
    vi.spyOn(Date, 'now').mockReturnValue(now + 30_000);
    takeOver();
    expect(reload).not.toHaveBeenCalled();
    atNavigation(log, reload);
    expect(reload).toHaveBeenCalledTimes(1);
    // Once only: the page loaded afresh already.
    atNavigation(log, reload);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a tap before atNavigation ran (the one that navigated) does not count as touching the new screen', async () => {
    const { atNavigation } = await client();
    const reload = vi.fn();
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    atNavigation(log, reload);
    takeOver();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('navigating again before the takeover: one reload; only touches on the screen now shown count', async () => {
    const { atNavigation } = await client();
    const reload = vi.fn();
    atNavigation(log, reload);
    // Typed into the screen they then left: gone with it.
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true }));
    atNavigation(log, reload);
    takeOver();
    expect(reload).toHaveBeenCalledTimes(1);
    // The page loaded afresh: nothing is left to load at the next navigation.
    atNavigation(log, reload);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('stops watching the screen for touches once a takeover could no longer reload it', async () => {
    vi.useFakeTimers();
    try {
      const { atNavigation } = await client();
      const removed = vi.spyOn(window, 'removeEventListener');
      atNavigation(log, vi.fn());
      vi.advanceTimersByTime(9_000);
      expect(removed.mock.calls.map((c) => c[0])).not.toContain('pointerdown');
      vi.advanceTimersByTime(1_001);
      expect(removed.mock.calls.map((c) => c[0])).toEqual(expect.arrayContaining(['pointerdown', 'keydown', 'input']));
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the market keeping pages', () => {
  it('a page with none to keep still tells the worker how long the market keeps them, not "nothing"', async () => {
    const active = { messages: [] as unknown[], postMessage: (m: unknown) => active.messages.push(m) };
    Object.assign(container, { ready: Promise.resolve({ active }) });
    const { keepPage } = await client();
    // No drawn page on show (the shell opened the app offline, say): the pages kept before must stay.
    await keepPage(apiMap([{ name: 'token', query: 'token' }]), { token: 'T1' }, 24 * 3600_000, log);
    expect(active.messages).toEqual([{ type: KEEP_PAGE, url: '', who: '[["token","T1"]]', maxAgeMs: 24 * 3600_000 }]);
  });

  it('a second borrower on the phone drops the first one’s pages when the token goes as a header only', async () => {
    const active = { messages: [] as KeepPageMessage[], postMessage: (m: KeepPageMessage) => active.messages.push(m) };
    Object.assign(container, { ready: Promise.resolve({ active }) });
    const { keepPage } = await client();
    // The backend takes the token as X-Token alone (kept out of query strings, where tokens end up in logs).
    const map = apiMap([{ name: 'deviceId', query: 'deviceId' }], [{ query: 'token', header: 'X-Token' }]);
    await keepPage(map, { deviceId: 'phone-1', token: 'T1' }, 24 * 3600_000, log);
    await keepPage(map, { deviceId: 'phone-1', token: 'T1' }, 24 * 3600_000, log);
    await keepPage(map, { deviceId: 'phone-1', token: 'T2' }, 24 * 3600_000, log);
    const [first, again, second] = active.messages.map((m) => m.who);
    // The worker drops every kept page of another `who`: the same borrower keeps theirs, the next one does not see them.
    expect(again).toBe(first);
    expect(second).not.toBe(first);
  });
});

describe('the off switch', () => {
  it('a switch-off while a first visit waits to install the worker: it is never installed', async () => {
    vi.useFakeTimers();
    try {
      const register = vi.fn(() => Promise.resolve({ waiting: null, update: () => Promise.resolve() }));
      Object.assign(container, { controller: null, register, getRegistrations: () => Promise.resolve([]) });
      vi.resetModules();
      const m = await import('./worker-client');
      // The first screen is up: the worker is to install 5 s later; the market's publish switching it off comes first.
      const on = m.applyWorkerSetting(true, log);
      await m.applyWorkerSetting(false, log);
      await vi.advanceTimersByTimeAsync(10_000);
      await on;
      expect(register).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a switch-off while the worker registers: it is removed once registered', async () => {
    let registered!: () => void;
    const unregister = vi.fn(() => Promise.resolve(true));
    const reg = { waiting: null, unregister };
    // The browser lists the registration only once registering is done.
    let listed: unknown[] = [];
    const register = () => new Promise((r) => (registered = () => r((listed = [reg])[0])));
    Object.assign(container, { register, getRegistrations: () => Promise.resolve(listed) });
    vi.resetModules();
    const m = await import('./worker-client');
    const on = m.applyWorkerSetting(true, log);
    await m.applyWorkerSetting(false, log);
    registered();
    await on;
    expect(unregister).toHaveBeenCalled();
  });
});
