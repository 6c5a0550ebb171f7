/**
 * The outline: the document's elements as a tree (role tree, one treeitem per row with aria-level, -selected,
 * -expanded; one row in the Tab order, the selected one). Keys: Up/Down select, Left/Right fold and unfold (or go
 * to the parent / first child), Home/End, Enter (selects the focused row, then goes on to its properties), Escape
 * (select nothing: the document), Alt+Up/Down move, Alt+Right indent, Alt+Left outdent, Ctrl/Cmd+D duplicate,
 * Delete asks first. The toolbar has the same commands for the mouse, and rows drag between containers
 * (use-outline-drag.ts); a refused edit or drop says why in the outline's status line. Edits themselves are the
 * parent's (doc-tree.ts): this file only turns keys, clicks and drops into commands.
 */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { Row } from './doc-tree';
import DeleteDialog from './DeleteDialog';
import { useOutlineDrag } from './use-outline-drag';

export type Command = 'up' | 'down' | 'indent' | 'outdent' | 'duplicate' | 'remove';

interface Props {
  rows: Row[];
  selected: string;
  readOnly: boolean;
  onSelect(pointer: string): void;
  /** Runs a command on the selected row; answers why it was refused, or null. */
  onCommand(command: Command): string | null;
  /** Moves `from` into `slot` before position `index` (`dryRun`: only asks if it may); answers why not, or null. */
  onMove(from: string, slot: string, index: number, dryRun: boolean): string | null;
  /** Enter on a row: the keyboard goes on to its properties. */
  onOpen?(): void;
}

const COMMANDS: { command: Command; label: string; keys: string; ariaKeys: string }[] = [
  { command: 'up', label: 'Move up', keys: 'Alt+↑', ariaKeys: 'Alt+ArrowUp' },
  { command: 'down', label: 'Move down', keys: 'Alt+↓', ariaKeys: 'Alt+ArrowDown' },
  { command: 'indent', label: 'Indent', keys: 'Alt+→', ariaKeys: 'Alt+ArrowRight' },
  { command: 'outdent', label: 'Outdent', keys: 'Alt+←', ariaKeys: 'Alt+ArrowLeft' },
  { command: 'duplicate', label: 'Duplicate', keys: 'Ctrl+D', ariaKeys: 'Control+D Meta+D' },
  { command: 'remove', label: 'Delete…', keys: 'Delete', ariaKeys: 'Delete' },
];

export default function Outline({ rows, selected, readOnly, onSelect, onCommand, onMove, onOpen }: Props) {
  const [folded, setFolded] = useState<ReadonlySet<string>>(new Set());
  const [message, setMessage] = useState('');
  const [asking, setAsking] = useState(false);
  const items = useRef(new Map<string, HTMLDivElement>());
  const wantFocus = useRef(false);
  const drag = useOutlineDrag(onMove, setMessage, () => (wantFocus.current = true));

  const hasChildren = useMemo(() => new Set(rows.map((r) => r.parent)), [rows]);
  const visible = useMemo(
    () => rows.filter((r) => ![...folded].some((f) => r.pointer !== f && r.pointer.startsWith(f + '/'))),
    [rows, folded],
  );
  const current = rows.find((r) => r.pointer === selected);
  const focusable = current && visible.includes(current) ? current.pointer : visible[0]?.pointer;

  useEffect(() => {
    if (!wantFocus.current) return;
    wantFocus.current = false;
    items.current.get(selected)?.focus();
  });
  // A node selected elsewhere (a click on the canvas, an undo) is shown: folded containers above it open, and
  // its row scrolls into view.
  useEffect(() => {
    if (!selected) return;
    setFolded((f) => {
      const open = [...f].filter((p) => selected.startsWith(p + '/'));
      return open.length ? new Set([...f].filter((p) => !open.includes(p))) : f;
    });
    items.current.get(selected)?.scrollIntoView?.({ block: 'nearest' });
  }, [selected]);

  const go = (pointer: string | undefined) => {
    if (pointer === undefined) return;
    wantFocus.current = true;
    onSelect(pointer);
  };
  const run = (command: Command) => {
    if (readOnly || !current) return;
    if (command === 'remove') return setAsking(true);
    wantFocus.current = true;
    setMessage(onCommand(command) ?? '');
  };
  const fold = (pointer: string, on: boolean) =>
    setFolded((f) => {
      const next = new Set(f);
      if (on) next.add(pointer);
      else next.delete(pointer);
      return next;
    });

  function onKeyDown(e: KeyboardEvent) {
    const i = visible.findIndex((r) => r.pointer === (current?.pointer ?? focusable));
    const row = visible[i];
    const mod = e.ctrlKey || e.metaKey;
    let handled = true;
    if (e.altKey && e.key === 'ArrowUp') run('up');
    else if (e.altKey && e.key === 'ArrowDown') run('down');
    else if (e.altKey && e.key === 'ArrowRight') run('indent');
    else if (e.altKey && e.key === 'ArrowLeft') run('outdent');
    else if (mod && e.key.toLowerCase() === 'd') run('duplicate');
    else if (e.key === 'Delete' || (e.key === 'Backspace' && mod)) run('remove');
    else if (e.altKey || mod) handled = false;
    else if (e.key === 'ArrowUp') go(visible[Math.max(0, i - 1)]?.pointer);
    else if (e.key === 'ArrowDown') go(visible[Math.min(visible.length - 1, i + 1)]?.pointer);
    else if (e.key === 'Home') go(visible[0]?.pointer);
    else if (e.key === 'Escape' && selected) onSelect('');
    else if ((e.key === 'Enter' || e.key === ' ') && !current && row) go(row.pointer);
    else if (e.key === 'Enter' && current && onOpen) onOpen();
    else if (e.key === 'End') go(visible[visible.length - 1]?.pointer);
    else if (e.key === 'ArrowRight' && row && hasChildren.has(row.pointer)) {
      if (folded.has(row.pointer)) fold(row.pointer, false);
      else go(visible[i + 1]?.pointer);
    } else if (e.key === 'ArrowLeft' && row) {
      if (hasChildren.has(row.pointer) && !folded.has(row.pointer)) fold(row.pointer, true);
      else if (row.parent) go(row.parent);
    } else handled = false;
    if (handled) e.preventDefault();
  }

  return (
    <div className="outline">
      {/* A viewer reads the outline; the commands are not offered at all. */}
      {!readOnly && (
        <div role="toolbar" aria-label="Outline commands" className="outline__toolbar">
          {COMMANDS.map((c) => (
            <button
              key={c.command}
              type="button"
              disabled={!current}
              aria-keyshortcuts={c.ariaKeys}
              title={`${c.label} (${c.keys})`}
              onClick={() => run(c.command)}
            >
              {c.label}
            </button>
          ))}
        </div>
      )}
      <div role="tree" aria-label="Outline" className="outline__tree" onKeyDown={onKeyDown}>
        {visible.map((r) => {
          const open = hasChildren.has(r.pointer) ? !folded.has(r.pointer) : undefined;
          return (
            <div
              key={r.pointer}
              ref={(el) => void (el ? items.current.set(r.pointer, el) : items.current.delete(r.pointer))}
              role="treeitem"
              aria-level={r.depth}
              aria-selected={r.pointer === selected}
              aria-expanded={open}
              aria-describedby={r.locked ? `${r.pointer}-locked` : undefined}
              tabIndex={r.pointer === focusable ? 0 : -1}
              className={`outline__row${r.pointer === selected ? ' is-selected' : ''}${drag.dropClass(r.pointer)}`}
              style={{ paddingInlineStart: `${(r.depth - 1) * 1.1 + 0.3}rem` }}
              data-pointer={r.pointer}
              draggable={!readOnly}
              onClick={() => go(r.pointer)}
              {...(readOnly ? {} : drag.handlers(r))}
            >
              <span className="outline__fold" aria-hidden="true">
                {open === undefined ? '·' : open ? '▾' : '▸'}
              </span>
              {r.slotProp && <span className="outline__slot">{r.slotProp}:</span>}
              <span className="outline__type">{r.name}</span>
              <span className="outline__label">{r.label}</span>
              {r.when && (
                <code className="outline__when" title="Shown only while this is true">
                  when {r.when}
                </code>
              )}
              {r.problems > 0 && (
                <span className="outline__problems">
                  {r.problems} problem{r.problems === 1 ? '' : 's'}
                </span>
              )}
              {r.locked && (
                // A short badge; the reason is its tooltip and the row's description for screen readers.
                <span className="outline__locked" title={r.locked}>
                  required
                  <span className="visually-hidden" id={`${r.pointer}-locked`}>
                    : {r.locked}
                  </span>
                </span>
              )}
            </div>
          );
        })}
      </div>
      <p role="status" className="outline__status">
        {message}
      </p>
      <DeleteDialog
        open={asking}
        row={current}
        onCancel={() => {
          setAsking(false);
          wantFocus.current = true;
          setMessage('');
        }}
        onConfirm={() => {
          setAsking(false);
          wantFocus.current = true;
          setMessage(onCommand('remove') ?? '');
        }}
      />
    </div>
  );
}
