/**
 * Drag and drop of outline rows (HTML5 DnD): a row dropped on the upper half of another lands before it, on the
 * lower half after it, and in the middle of a container inside it (its first slot, first place). While dragging,
 * each row under the pointer is asked first (a dry run of the move), so a refused place shows red, says why in the
 * outline's status line and takes no drop.
 */
import { useRef, useState, type DragEvent } from 'react';
import type { Row } from './doc-tree';

const DRAG_TYPE = 'application/x-sdui-pointer';

/** Where a drop on `row` at height fraction `y` lands: before it, inside it (a container's first slot) or after it. */
function dropTarget(row: Row, y: number): { slot: string; index: number } | null {
  if (row.container && y > 0.3 && y < 0.7) return { slot: row.slots[0], index: 0 };
  if (row.index < 0) return null;
  return { slot: row.slot, index: y < 0.5 ? row.index : row.index + 1 };
}

const fraction = (e: DragEvent<HTMLElement>) => {
  const box = e.currentTarget.getBoundingClientRect();
  return box.height ? (e.clientY - box.top) / box.height : 0;
};

export function useOutlineDrag(
  onMove: (from: string, slot: string, index: number, dryRun: boolean) => string | null,
  say: (message: string) => void,
  /** A drop was tried: the outline puts the focus back on the selected row. */
  onDropped: () => void,
) {
  const [dropAt, setDropAt] = useState<{ pointer: string; ok: boolean } | null>(null);
  const dragging = useRef<string | null>(null);

  const handlers = (row: Row) => ({
    onDragStart(e: DragEvent<HTMLElement>) {
      dragging.current = row.pointer;
      e.dataTransfer.setData(DRAG_TYPE, row.pointer);
      e.dataTransfer.effectAllowed = 'move';
    },
    onDragEnd() {
      dragging.current = null;
      setDropAt(null);
    },
    onDragLeave: () => setDropAt(null),
    onDragOver(e: DragEvent<HTMLElement>) {
      const from = dragging.current;
      if (!from) return;
      const target = dropTarget(row, fraction(e));
      const why = target ? onMove(from, target.slot, target.index, true) : `The ${row.name} sits alone in its slot.`;
      setDropAt({ pointer: row.pointer, ok: !why });
      if (why) {
        say(`Cannot drop here: ${why}`);
        e.dataTransfer.dropEffect = 'none';
        return;
      }
      say('');
      e.preventDefault();
      e.dataTransfer.dropEffect = 'move';
    },
    onDrop(e: DragEvent<HTMLElement>) {
      e.preventDefault();
      const from = dragging.current ?? e.dataTransfer.getData(DRAG_TYPE);
      const target = dropTarget(row, fraction(e));
      dragging.current = null;
      setDropAt(null);
      if (!from || !target) return;
      onDropped();
      const why = onMove(from, target.slot, target.index, false);
      say(why ? `Not moved: ${why}` : '');
    },
  });

  /** The row's drop marking: a place that takes the dragged row, or one that refuses it. */
  const dropClass = (pointer: string) => (dropAt?.pointer === pointer ? (dropAt.ok ? ' is-drop' : ' is-refused') : '');

  return { handlers, dropClass };
}
