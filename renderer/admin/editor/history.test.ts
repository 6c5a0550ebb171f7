import { describe, expect, it } from 'vitest';
import {
  canRedo,
  canUndo,
  HISTORY_LIMIT,
  historyKey,
  pushHistory,
  redo,
  selectInHistory,
  startHistory,
  undo,
} from './history';

const doc = (n: number) => ({ body: [{ type: 'text', value: String(n) }] });

describe('editor history', () => {
  it('undoes and redoes every edit with its selection', () => {
    const a = doc(1);
    const b = doc(2);
    const c = doc(3);
    let h = startHistory({ doc: a, selected: '' });
    h = pushHistory(h, { doc: b, selected: '/body/0' });
    h = pushHistory(h, { doc: c, selected: '/body/1' });
    h = undo(h);
    expect(h.present).toEqual({ doc: b, selected: '/body/0' });
    h = undo(h);
    expect(h.present.doc).toBe(a);
    expect(canUndo(h)).toBe(false);
    expect(undo(h)).toBe(h);
    h = redo(redo(h));
    expect(h.present.doc).toBe(c);
    expect(canRedo(h)).toBe(false);
  });

  it('drops the redo branch on a new edit', () => {
    let h = startHistory({ doc: doc(1), selected: '' });
    h = pushHistory(h, { doc: doc(2), selected: '' });
    h = undo(h);
    const d = doc(9);
    h = pushHistory(h, { doc: d, selected: '' });
    expect(canRedo(h)).toBe(false);
    expect(undo(h).present.doc).toEqual(doc(1));
  });

  it('makes one step of a run of edits in one group (typing in one field)', () => {
    const first = doc(0);
    let h = startHistory({ doc: first, selected: '/body/0' });
    for (let i = 1; i <= 5; i++) h = pushHistory(h, { doc: doc(i), selected: '/body/0' }, '/body/0#value');
    expect(h.past).toHaveLength(1);
    h = pushHistory(h, { doc: doc(6), selected: '/body/0' }, '/body/0#variant');
    expect(undo(h).present.doc).toEqual(doc(5));
    expect(undo(undo(h)).present.doc).toBe(first);
  });

  it('does not group across an undo', () => {
    let h = startHistory({ doc: doc(0), selected: '' });
    h = pushHistory(h, { doc: doc(1), selected: '' }, 'g');
    h = undo(h);
    h = pushHistory(h, { doc: doc(2), selected: '' }, 'g');
    expect(h.past).toHaveLength(1);
    expect(undo(h).present.doc).toEqual(doc(0));
  });

  it('starts a new step when the same field is typed in again after another selection', () => {
    let h = startHistory({ doc: doc(0), selected: '/body/0' });
    h = pushHistory(h, { doc: doc(1), selected: '/body/0' }, '/body/0#value');
    h = selectInHistory(selectInHistory(h, '/body/1'), '/body/0');
    h = pushHistory(h, { doc: doc(2), selected: '/body/0' }, '/body/0#value');
    expect(undo(h).present.doc).toEqual(doc(1));
  });

  it('keeps a selection change out of the undo steps', () => {
    const d = doc(1);
    let h = startHistory({ doc: d, selected: '' });
    h = selectInHistory(h, '/body/0');
    h = pushHistory(h, { doc: d, selected: '/body/0' });
    expect(canUndo(h)).toBe(false);
    expect(h.present.selected).toBe('/body/0');
  });

  it('keeps at most HISTORY_LIMIT old states', () => {
    let h = startHistory({ doc: doc(-1), selected: '' });
    for (let i = 0; i < HISTORY_LIMIT + 20; i++) h = pushHistory(h, { doc: doc(i), selected: '' });
    expect(h.past).toHaveLength(HISTORY_LIMIT);
  });

  it('reads the undo and redo chords of Windows, Linux and macOS', () => {
    const k = (key: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey', boolean>> = {}) =>
      historyKey({ key, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods });
    expect(k('z', { ctrlKey: true })).toBe('undo');
    expect(k('z', { metaKey: true })).toBe('undo');
    expect(k('Z', { ctrlKey: true, shiftKey: true })).toBe('redo');
    expect(k('z', { metaKey: true, shiftKey: true })).toBe('redo');
    expect(k('y', { ctrlKey: true })).toBe('redo');
    expect(k('z')).toBeNull();
    expect(k('z', { ctrlKey: true, altKey: true })).toBeNull();
    expect(k('s', { ctrlKey: true })).toBeNull();
  });
});
