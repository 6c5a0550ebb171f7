/**
 * Undo and redo for the screen editor: a stack of whole draft states (the document and the selected pointer).
 * Edits return new root objects that share untouched subtrees, so keeping every state costs little; the
 * selection is part of a state so undoing a move also selects the node where it went back to. Typing in one
 * field makes one entry, not one per keystroke: a push with the same `group` as the previous one replaces it.
 */

export interface Snapshot {
  doc: unknown;
  selected: string;
}

export interface History {
  past: Snapshot[];
  present: Snapshot;
  future: Snapshot[];
  /** The group of the last push (a field being typed into); a different push or an undo ends it. */
  group?: string;
}

/** Old states beyond this are dropped: a long session must not hold every keystroke's document forever. */
export const HISTORY_LIMIT = 200;

export function startHistory(present: Snapshot): History {
  return { past: [], present, future: [] };
}

/**
 * A new state after an edit. With `group` equal to the previous push's, the previous entry is replaced (one undo
 * step per field edit). A push that changes nothing (same document object) only moves the selection.
 */
export function pushHistory(h: History, next: Snapshot, group?: string): History {
  if (next.doc === h.present.doc) return { ...h, present: next };
  if (group !== undefined && group === h.group) return { ...h, present: next, future: [] };
  const past = [...h.past, h.present].slice(-HISTORY_LIMIT);
  return { past, present: next, future: [], group };
}

/** Only the selection changed (a click in the outline): not an undo step, but the end of a run of typing. */
export function selectInHistory(h: History, selected: string): History {
  return selected === h.present.selected ? h : { ...h, present: { ...h.present, selected }, group: undefined };
}

export const canUndo = (h: History) => h.past.length > 0;
export const canRedo = (h: History) => h.future.length > 0;

export function undo(h: History): History {
  if (!canUndo(h)) return h;
  return { past: h.past.slice(0, -1), present: h.past[h.past.length - 1], future: [h.present, ...h.future] };
}

export function redo(h: History): History {
  if (!canRedo(h)) return h;
  return { past: [...h.past, h.present], present: h.future[0], future: h.future.slice(1) };
}

/** The key chord's meaning: Ctrl/Cmd+Z undoes; Shift+Ctrl/Cmd+Z and Ctrl+Y redo; anything else is not ours. */
export function historyKey(e: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}): 'undo' | 'redo' | null {
  if (!(e.ctrlKey || e.metaKey) || e.altKey) return null;
  const key = e.key.toLowerCase();
  if (key === 'z') return e.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && e.ctrlKey && !e.shiftKey) return 'redo';
  return null;
}
