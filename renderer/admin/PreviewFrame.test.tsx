import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import PreviewFrame from './PreviewFrame';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** jsdom loads no page and lays nothing out: write the "app" into the frame and give its boxes measured widths. */
function page(frame: HTMLIFrameElement): Document {
  const doc = frame.contentDocument!;
  if (!doc.documentElement) doc.appendChild(doc.createElement('html'));
  if (!doc.head) doc.documentElement.appendChild(doc.createElement('head'));
  if (!doc.body) doc.documentElement.appendChild(doc.createElement('body'));
  return doc;
}

function drawApp(frame: HTMLIFrameElement, label: string) {
  const doc = page(frame);
  doc.body.innerHTML = `<h1 id="t">Kirim keluhan</h1><button id="b"><span>${label}</span></button>`;
  const size = (id: string, scrollWidth: number, clientWidth: number) => {
    Object.defineProperty(doc.getElementById(id)!, 'scrollWidth', { value: scrollWidth });
    Object.defineProperty(doc.getElementById(id)!, 'clientWidth', { value: clientWidth });
  };
  size('t', 288, 288);
  size('b', 352, 288);
}

const inContext = (onOpenKey = vi.fn()) => ({
  locale: 'id-ID',
  texts: { 'common.send': 'KirimPengaduanBesertaSeluruhLampiran', 'title.x': 'Kirim keluhan' },
  usages: new Map(),
  role: 'editor' as const,
  onSave: vi.fn(),
  onOpenKey,
});

describe('PreviewFrame at 320 px', () => {
  it('narrows the frame, lists each overflowing text with its key and outlines it', async () => {
    vi.useFakeTimers();
    const onOpenKey = vi.fn();
    render(<PreviewFrame paths={['/complainPageNext']} market="ID" version={1} inContext={inContext(onOpenKey)} />);
    expect(screen.getByTitle('Draft preview').getAttribute('width')).toBe('375');
    fireEvent.click(screen.getByRole('button', { name: '320 px' }));
    const frame = screen.getByTitle('Draft preview') as HTMLIFrameElement;
    expect(frame.getAttribute('width')).toBe('320');
    drawApp(frame, 'KirimPengaduanBesertaSeluruhLampiran');
    fireEvent.load(frame);
    await act(async () => void vi.advanceTimersByTime(2500));
    const list = screen.getByRole('list', { name: 'Texts overflowing at 320 px' });
    expect(list.textContent).toMatch(/“KirimPengaduanBesertaSeluruhLampiran” is 64 px too wide \(key common\.send\)/);
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(frame.contentDocument!.getElementById('b')!.hasAttribute('data-console-overflow')).toBe(true);
    expect(frame.contentDocument!.getElementById('t')!.hasAttribute('data-console-overflow')).toBe(false);
    fireEvent.click(within(list).getByRole('button', { name: 'common.send' }));
    expect(onOpenKey).toHaveBeenCalledWith('common.send');
  });

  it('says every text fits when none overflows, and measures nothing at 375 px', async () => {
    vi.useFakeTimers();
    render(<PreviewFrame paths={['/x']} market="ID" version={1} inContext={inContext()} />);
    fireEvent.load(screen.getByTitle('Draft preview'));
    await act(async () => void vi.advanceTimersByTime(2500));
    expect(screen.queryByRole('group', { name: /Text overflow/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '320 px' }));
    const frame = screen.getByTitle('Draft preview') as HTMLIFrameElement;
    page(frame).body.innerHTML = '<p>Halo</p>';
    fireEvent.load(frame);
    await act(async () => void vi.advanceTimersByTime(2500));
    expect(screen.getByRole('group', { name: 'Text overflow at 320 px' }).textContent).toMatch(
      /Every text fits its box at 320 px/,
    );
  });
});
