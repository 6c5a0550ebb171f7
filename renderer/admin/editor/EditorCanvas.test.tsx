import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import EditorCanvas, { type EditorCanvasProps } from './EditorCanvas';

const doc = {
  kind: 'screen',
  id: 'rate',
  schemaVersion: 1,
  title: 't',
  body: [{ type: 'modal', id: 'rating', title: 't', children: [] }],
};
const base: EditorCanvasProps = {
  doc,
  kind: 'screen',
  market: 'ID',
  width: 375,
  routePath: '/complaint/:id?tab=1',
  selected: null,
  onSelect: () => {},
};

const frameEl = () => screen.getByTitle(/^Canvas: the draft screen/) as HTMLIFrameElement;
/** Watches what the canvas posts into its frame (the frame's window object lives as long as the element). */
function watch() {
  const posts = vi.fn();
  frameEl().contentWindow!.postMessage = posts as never;
  return posts;
}
const fromFrame = (data: unknown) =>
  act(
    () =>
      void window.dispatchEvent(
        new MessageEvent('message', { data, origin: location.origin, source: frameEl().contentWindow }),
      ),
  );

afterEach(() => vi.useRealTimers());

describe('EditorCanvas', () => {
  it('opens the route in preview mode, in the market, at the width', () => {
    render(<EditorCanvas {...base} />);
    const f = frameEl();
    const url = new URL(f.getAttribute('src')!, location.origin);
    expect(url.pathname).toBe('/complaint/preview-id');
    expect(Object.fromEntries(url.searchParams)).toEqual({ tab: '1', market: 'ID', sduiPreview: '1' });
    expect(f.getAttribute('width')).toBe('375');
    expect(f.getAttribute('height')).toBe('667');
  });

  it('posts each change of the draft (debounced) into the same frame, and a click there selects', async () => {
    vi.useFakeTimers();
    const onSelect = vi.fn();
    const { rerender } = render(<EditorCanvas {...base} onSelect={onSelect} />);
    const posts = watch();
    const f = frameEl();
    const edited = { ...doc, body: [...doc.body, { type: 'text', value: 'new' }] };
    rerender(<EditorCanvas {...base} doc={edited} onSelect={onSelect} width={320} />);
    await act(async () => void vi.advanceTimersByTime(200));
    expect(frameEl()).toBe(f);
    expect(f.getAttribute('width')).toBe('320');
    expect(posts).toHaveBeenCalledWith(
      { sdui: 'editor-draft', kind: 'screen', doc: edited, market: 'ID' },
      location.origin,
    );
    await fromFrame({ sdui: 'editor-select', pointer: '/body/1' });
    expect(onSelect).toHaveBeenCalledWith('/body/1');
    // The editor's selection is outlined in the frame.
    rerender(<EditorCanvas {...base} doc={edited} onSelect={onSelect} selected="/body/1" />);
    expect(posts).toHaveBeenCalledWith({ sdui: 'editor-selected', pointer: '/body/1' }, location.origin);
  });

  it('the states menu sends the chosen state; select-by-click can be turned off; the market loads another frame', async () => {
    const onMarketChange = vi.fn();
    const { rerender } = render(<EditorCanvas {...base} onMarketChange={onMarketChange} onWidthChange={() => {}} />);
    const posts = watch();
    fireEvent.change(screen.getByLabelText('Preview state'), { target: { value: 'modal-open /body/0' } });
    expect(posts).toHaveBeenCalledWith(
      { sdui: 'editor-overrides', overrides: [{ state: 'modal-open', pointer: '/body/0' }] },
      location.origin,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Select by click' }));
    expect(posts).toHaveBeenCalledWith({ sdui: 'editor-mode', select: false }, location.origin);
    fireEvent.click(screen.getByRole('button', { name: 'IN' }));
    expect(onMarketChange).toHaveBeenCalledWith('IN');
    const before = frameEl();
    rerender(<EditorCanvas {...base} market="IN" onMarketChange={onMarketChange} onWidthChange={() => {}} />);
    expect(frameEl()).not.toBe(before);
    expect(frameEl().getAttribute('src')).toContain('market=IN');
  });

  it('says when the frame shows the error for a bad draft, and hands the binding picker its values', async () => {
    const onPreviewValues = vi.fn();
    render(<EditorCanvas {...base} selected="/body/0" onPreviewValues={onPreviewValues} />);
    const posts = watch();
    expect(onPreviewValues).toHaveBeenCalledTimes(1);
    const previewValues = onPreviewValues.mock.calls[0]![0] as (e: string) => unknown;
    expect(previewValues('state.n')).toBeUndefined();
    const ask = posts.mock.calls.map((c) => c[0]).find((m) => m.sdui === 'editor-evaluate');
    expect(ask).toMatchObject({ expr: 'state.n', pointer: '/body/0' });
    await fromFrame({ sdui: 'editor-value', id: ask.id, ok: true, value: 3 });
    await act(async () => {});
    const latest = onPreviewValues.mock.calls.at(-1)![0] as (e: string) => unknown;
    expect(onPreviewValues.mock.calls.length).toBeGreaterThan(1);
    expect(latest('state.n')).toBe(3);

    await fromFrame({ sdui: 'editor-drawn', kind: 'screen', problems: [{ pointer: '/body/0/title', message: 'x' }] });
    expect(screen.getByRole('status').textContent).toContain('1 problem, first at /body/0/title');
  });

  it('without a route there is no frame, and it says why', () => {
    render(<EditorCanvas {...base} routePath={undefined} />);
    expect(screen.queryByTitle(/^Canvas/)).toBeNull();
    expect(screen.getByText(/No route opens this screen/)).toBeTruthy();
  });
});
