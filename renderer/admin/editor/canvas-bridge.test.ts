import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCanvasBridge, type CanvasBridge } from './canvas-bridge';

let frame: HTMLIFrameElement;
let posts: ReturnType<typeof vi.fn>;
let bridge: CanvasBridge;
const onSelect = vi.fn();
const onDrawn = vi.fn();

/** A message as the browser delivers it to the console window. */
const fromFrame = (data: unknown, source: Window | null = frame.contentWindow, origin = location.origin) =>
  window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
const sent = () => posts.mock.calls.map((c) => c[0] as { sdui: string });

beforeEach(() => {
  vi.useFakeTimers();
  frame = document.createElement('iframe');
  document.body.appendChild(frame);
  posts = vi.fn();
  frame.contentWindow!.postMessage = posts as never;
  bridge = createCanvasBridge({ onSelect, onDrawn });
  bridge.attach(frame);
});
afterEach(() => {
  bridge.dispose();
  frame.remove();
  onSelect.mockReset();
  onDrawn.mockReset();
  vi.useRealTimers();
});

describe('canvas bridge', () => {
  it('posts the draft once per 150 ms of quiet, the latest version, to this origin only', () => {
    bridge.setDraft('screen', { v: 1 }, 'ID');
    vi.advanceTimersByTime(100);
    bridge.setDraft('screen', { v: 2 }, 'ID');
    vi.advanceTimersByTime(149);
    expect(posts).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(posts).toHaveBeenCalledTimes(1);
    expect(posts).toHaveBeenCalledWith(
      { sdui: 'editor-draft', kind: 'screen', doc: { v: 2 }, market: 'ID' },
      location.origin,
    );
  });

  it('overrides, selection and mode go at once; a ready frame gets everything again, the draft without waiting', () => {
    bridge.setDraft('screen', { v: 1 });
    bridge.setOverrides([{ state: 'modal-open', pointer: '/body/1' }]);
    bridge.setSelected('/body/0');
    bridge.setSelectMode(false);
    expect(sent().map((m) => m.sdui)).toEqual(['editor-overrides', 'editor-selected', 'editor-mode']);
    posts.mockClear();
    fromFrame({ sdui: 'editor-ready' });
    expect(sent()).toEqual([
      { sdui: 'editor-draft', kind: 'screen', doc: { v: 1 } },
      { sdui: 'editor-overrides', overrides: [{ state: 'modal-open', pointer: '/body/1' }] },
      { sdui: 'editor-selected', pointer: '/body/0' },
      { sdui: 'editor-mode', select: false },
    ]);
    // The debounced post was taken by the ready: not sent twice.
    vi.advanceTimersByTime(500);
    expect(posts).toHaveBeenCalledTimes(4);
  });

  it('follows only its own frame on this origin', () => {
    const other = document.createElement('iframe');
    document.body.appendChild(other);
    fromFrame({ sdui: 'editor-select', pointer: '/body/9' }, frame.contentWindow, 'https://evil.example');
    fromFrame({ sdui: 'editor-select', pointer: '/body/8' }, other.contentWindow);
    fromFrame({ sdui: 'editor-select', pointer: '/body/7' }, window);
    fromFrame({ sdui: 'something-else', pointer: '/body/6' });
    expect(onSelect).not.toHaveBeenCalled();
    fromFrame({ sdui: 'editor-select', pointer: '/body/2/children/0' });
    expect(onSelect).toHaveBeenCalledWith('/body/2/children/0');
    fromFrame({ sdui: 'editor-drawn', kind: 'screen', problems: [{ pointer: '/body/0', message: 'bad' }] });
    expect(onDrawn).toHaveBeenCalledWith('screen', [{ pointer: '/body/0', message: 'bad' }]);
    other.remove();
  });

  it('evaluates in the frame: the answer by id, or an error when the frame says nothing', async () => {
    const first = bridge.evaluate('state.n', '/body/0');
    const second = bridge.evaluate('{{ query.x }}');
    const [a, b] = sent() as unknown as { id: number; expr: string; pointer?: string }[];
    expect(a).toMatchObject({ sdui: 'editor-evaluate', expr: 'state.n', pointer: '/body/0' });
    expect(b).toMatchObject({ sdui: 'editor-evaluate', expr: '{{ query.x }}' });
    expect(b).not.toHaveProperty('pointer');
    fromFrame({ sdui: 'editor-value', id: b!.id, ok: false, error: 'no screen is drawn yet' });
    fromFrame({ sdui: 'editor-value', id: a!.id, ok: true, value: 8 });
    await expect(first).resolves.toEqual({ ok: true, value: 8 });
    await expect(second).resolves.toEqual({ ok: false, error: 'no screen is drawn yet' });
    const lost = bridge.evaluate('state.gone');
    vi.advanceTimersByTime(2000);
    await expect(lost).resolves.toEqual({ ok: false, error: 'the preview did not answer' });
  });

  it('previewValue: unknown at first (asked once), then the answer, and readers are told', async () => {
    const told = vi.fn();
    bridge.subscribe(told);
    expect(bridge.previewValue('state.n')).toBeUndefined();
    expect(bridge.previewValue('state.n')).toBeUndefined();
    const asks = sent().filter((m) => m.sdui === 'editor-evaluate') as unknown as { id: number }[];
    expect(asks).toHaveLength(1);
    fromFrame({ sdui: 'editor-value', id: asks[0]!.id, ok: true, value: 7 });
    await vi.advanceTimersByTimeAsync(0);
    expect(told).toHaveBeenCalledTimes(1);
    expect(bridge.previewValue('state.n')).toBe(7);
    // A newly drawn draft may change every value: readers are told, and the next read asks again.
    fromFrame({ sdui: 'editor-drawn', kind: 'screen', problems: [] });
    expect(told).toHaveBeenCalledTimes(2);
    expect(bridge.previewValue('state.n')).toBeUndefined();
  });

  it('after dispose nothing is followed or sent', () => {
    bridge.dispose();
    fromFrame({ sdui: 'editor-select', pointer: '/body/0' });
    bridge.setSelected('/body/1');
    expect(onSelect).not.toHaveBeenCalled();
    expect(posts).not.toHaveBeenCalled();
  });
});
