import { describe, expect, it } from 'vitest';
import type { ConfigStore } from '../store/config-store.js';
import { startPublishedSync } from './sync.js';

/** A store reduced to what the sync reads, with a generation to bump, a way to fail or hang, and a notifier. */
function fakeStore() {
  const f = {
    gen: 1,
    mode: 'ok' as 'ok' | 'down' | 'hang',
    calls: 0,
    inFlight: 0,
    maxInFlight: 0,
    hung: [] as (() => void)[],
    notify: () => {},
  };
  const read = async <T>(value: () => T): Promise<T> => {
    f.calls++;
    f.inFlight++;
    f.maxInFlight = Math.max(f.maxInFlight, f.inFlight);
    try {
      if (f.mode === 'hang') await new Promise<void>((r) => f.hung.push(r));
      if (f.mode === 'down') throw new Error('database down');
      return value();
    } finally {
      f.inFlight--;
    }
  };
  const store = {
    generation: () => read(() => f.gen),
    releases: {
      servingState: () =>
        read(() => ({
          generation: f.gen,
          published: [{ content: { kind: 'market', id: `M${f.gen}` } }],
          releases: [],
        })),
    },
    watch(listener: () => void) {
      f.notify = listener;
      return () => (f.notify = () => {});
    },
  } as unknown as ConfigStore;
  return { f, store };
}

const tick = () => new Promise((r) => setTimeout(r, 10));

describe('startPublishedSync', () => {
  it('rebuilds on a notification when the generation changed, not when it did not', async () => {
    const { f, store } = fakeStore();
    const seen: number[] = [];
    const sync = await startPublishedSync({
      store,
      pollMs: 0,
      log: () => {},
      onSnapshot: (s) => seen.push(s.generation),
    });
    expect(sync.snapshot().markets).toEqual(['M1']);
    f.notify();
    await tick();
    expect(seen).toEqual([]);
    f.gen = 2;
    f.notify();
    await tick();
    expect(seen).toEqual([2]);
    expect(sync.snapshot().markets).toEqual(['M2']);
    await sync.close();
  });

  it('keeps serving the last snapshot while the store is down, logs once each way, and reports reachability', async () => {
    const { f, store } = fakeStore();
    const logs: string[] = [];
    const sync = await startPublishedSync({ store, pollMs: 0, log: (m) => logs.push(m), onSnapshot: () => {} });
    f.mode = 'down';
    for (let i = 0; i < 3; i++) {
      f.notify();
      await tick();
    }
    expect(sync.storeReachable()).toBe(false);
    expect(sync.snapshot().generation).toBe(1);
    expect(logs).toEqual([expect.stringMatching(/store check failed, still serving generation 1: database down/)]);
    f.mode = 'ok';
    f.gen = 3;
    f.notify();
    await tick();
    expect(sync.storeReachable()).toBe(true);
    expect(sync.snapshot().generation).toBe(3);
    expect(logs.at(-1)).toMatch(/reachable again/);
    await sync.close();
  });

  it('never piles checks up behind a store that hangs, yet runs one more after it answers', async () => {
    const { f, store } = fakeStore();
    const sync = await startPublishedSync({ store, pollMs: 0, log: () => {}, onSnapshot: () => {} });
    f.mode = 'hang';
    for (let i = 0; i < 20; i++) f.notify();
    await tick();
    expect(f.maxInFlight).toBe(1);
    f.mode = 'ok';
    f.gen = 2;
    f.hung.splice(0).forEach((r) => r());
    await tick();
    // Start (one state read), the hung check (generation, then a rebuild: one state read), and exactly one
    // follow-up check (generation) for the 19 notifications that arrived meanwhile.
    expect(f.calls).toBe(1 + 2 + 1);
    expect(sync.snapshot().generation).toBe(2);
    await sync.close();
  });

  it('checks nothing after close', async () => {
    const { f, store } = fakeStore();
    const sync = await startPublishedSync({ store, pollMs: 5, log: () => {}, onSnapshot: () => {} });
    await tick();
    await sync.close();
    const calls = f.calls;
    f.notify();
    await tick();
    expect(f.calls).toBe(calls);
  });
});
