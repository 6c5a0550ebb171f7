import { afterEach, describe, expect, it, vi } from 'vitest';
import { observeVitals } from './web-vitals';

/** A stand-in for the browser's observer: tests deliver entries by type. */
function fakeObserver() {
  const observers: {
    type?: string;
    cb: (list: { getEntries(): unknown[] }) => void;
    init?: PerformanceObserverInit;
    connected: boolean;
  }[] = [];
  class FakeObserver {
    static supportedEntryTypes = ['largest-contentful-paint', 'event'];
    private o: (typeof observers)[number];
    constructor(cb: (list: { getEntries(): unknown[] }) => void) {
      this.o = { cb, connected: false };
      observers.push(this.o);
    }
    observe(init: PerformanceObserverInit) {
      Object.assign(this.o, { type: init.type, init, connected: true });
    }
    disconnect() {
      this.o.connected = false;
    }
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  const deliver = (type: string, entries: unknown[]) =>
    observers.filter((o) => o.type === type && o.connected).forEach((o) => o.cb({ getEntries: () => entries }));
  return { observers, deliver };
}

afterEach(() => void vi.unstubAllGlobals());

describe('web vitals', () => {
  it('reads buffered entries, reports the latest LCP candidate once the borrower first interacts, and every interaction with an id', () => {
    const { observers, deliver } = fakeObserver();
    const sink = { lcp: vi.fn(), interaction: vi.fn() };
    const final = observeVitals(sink);
    expect(observers.map((o) => [o.type, o.init?.buffered])).toEqual([
      ['largest-contentful-paint', true],
      ['event', true],
    ]);
    expect((observers[1].init as { durationThreshold?: number }).durationThreshold).toBe(40);
    deliver('largest-contentful-paint', [{ startTime: 900 }, { startTime: 1400 }]);
    deliver('event', [
      { startTime: 2000, duration: 180, interactionId: 7 },
      { startTime: 2100, duration: 300, interactionId: 0 },
    ]);
    expect(sink.lcp).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('pointerdown'));
    deliver('largest-contentful-paint', [{ startTime: 5000 }]); // after input: no longer LCP
    final();
    expect(sink.lcp.mock.calls).toEqual([[1400]]);
    expect(sink.interaction.mock.calls).toEqual([[2000, 180]]);
  });

  it('does nothing where the browser has no such entries (counts are still reported)', () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    const sink = { lcp: vi.fn(), interaction: vi.fn() };
    expect(() => observeVitals(sink)()).not.toThrow();
    expect(sink.lcp).not.toHaveBeenCalled();
  });
});
