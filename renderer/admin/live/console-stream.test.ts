import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BURST_MS, CONSOLE_LIVE_URL, watchConsole, type ConsoleStreamLike } from './console-stream';

class FakeStream implements ConsoleStreamLike {
  readyState = 0;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  private listeners = new Map<string, (() => void)[]>();
  constructor(readonly url: string) {}
  addEventListener(type: string, l: () => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), l]);
  }
  send(type: string) {
    for (const l of this.listeners.get(type) ?? []) l();
  }
  connect() {
    this.readyState = 1;
    this.onopen?.();
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
}

let streams: FakeStream[];
let seen: string[];
let stop: () => void;

beforeEach(() => {
  vi.useFakeTimers();
  streams = [];
  seen = [];
  stop = watchConsole({
    onReleases: () => seen.push('releases'),
    onDocuments: () => seen.push('documents'),
    onState: (o) => seen.push(o ? 'open' : 'down'),
    open: (url) => {
      const s = new FakeStream(url);
      streams.push(s);
      return s;
    },
  });
});
afterEach(() => {
  stop();
  vi.useRealTimers();
});

describe('the console stream', () => {
  it('opens /admin/api/live and re-reads once on open (what changed while it was down)', async () => {
    expect(streams.map((s) => s.url)).toEqual([CONSOLE_LIVE_URL]);
    streams[0].connect();
    await vi.advanceTimersByTimeAsync(BURST_MS);
    expect(seen).toEqual(['open', 'releases', 'documents']);
  });

  it('a release re-reads releases, drafts the document list, a publish both; a burst is one re-read', async () => {
    streams[0].connect();
    await vi.advanceTimersByTimeAsync(BURST_MS);
    seen.length = 0;
    streams[0].send('drafts');
    await vi.advanceTimersByTimeAsync(BURST_MS);
    expect(seen).toEqual(['documents']);
    seen.length = 0;
    streams[0].send('release');
    await vi.advanceTimersByTimeAsync(BURST_MS);
    expect(seen).toEqual(['releases']);
    seen.length = 0;
    streams[0].send('release');
    streams[0].send('published');
    streams[0].send('drafts');
    await vi.advanceTimersByTimeAsync(BURST_MS);
    expect(seen).toEqual(['releases', 'documents']);
  });

  it('down: the pages are told to poll; refused: it tries again later; stop closes it', async () => {
    streams[0].connect();
    streams[0].readyState = 0;
    streams[0].onerror?.();
    expect(seen.at(-1)).toBe('down');
    expect(streams[0].closed).toBe(false);
    streams[0].readyState = 2;
    streams[0].onerror?.();
    expect(streams[0].closed).toBe(true);
    await vi.advanceTimersByTimeAsync(45_000);
    expect(streams).toHaveLength(2);
    stop();
    expect(streams[1].closed).toBe(true);
  });
});
