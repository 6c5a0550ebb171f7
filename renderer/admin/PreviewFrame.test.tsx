import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import PreviewFrame from './PreviewFrame';
import { confirmLeave } from './safety/use-unsaved-guard';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
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

describe('PreviewFrame "Edit text"', () => {
  it('keeps typed copy when another text is clicked, unless the editor agrees to drop it', () => {
    render(<PreviewFrame paths={['/x']} market="ID" version={1} inContext={inContext()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit text' }));
    const frame = screen.getByTitle('Draft preview') as HTMLIFrameElement;
    drawApp(frame, 'KirimPengaduanBesertaSeluruhLampiran');
    fireEvent.load(frame);
    const doc = frame.contentDocument!;
    fireEvent.click(doc.getElementById('t')!);
    const field = () => screen.getByLabelText('Copy (id-ID)') as HTMLTextAreaElement;
    fireEvent.change(field(), { target: { value: 'Kirim pengaduan' } });

    const drop = vi.spyOn(window, 'confirm').mockReturnValue(false);
    fireEvent.click(doc.querySelector('#b span')!);
    expect(field().value).toBe('Kirim pengaduan');
    expect(screen.getByText('title.x')).toBeTruthy();
    expect(drop).toHaveBeenCalledWith('The copy typed for title.x is not saved. Drop it?');
    fireEvent.click(screen.getByRole('button', { name: 'Edit text' }));
    expect(field().value).toBe('Kirim pengaduan');
    // Leaving the page asks too.
    const ask = vi.fn((_m: string) => false);
    expect(confirmLeave(ask)).toBe(false);
    expect(ask.mock.calls[0][0]).toMatch(/copy title\.x/);

    drop.mockReturnValue(true);
    fireEvent.click(doc.querySelector('#b span')!);
    expect(screen.getByText('common.send')).toBeTruthy();
    expect(field().value).toBe('KirimPengaduanBesertaSeluruhLampiran');
  });
});
