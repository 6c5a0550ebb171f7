/**
 * "Delete this node?": the outline's Delete key and button ask here first. A native <dialog> opened with
 * showModal (the page behind is inert, Escape cancels), role alertdialog since it guards a destructive step.
 * Focus starts on Cancel, so a second Enter does not delete by accident; a locked row says why it stays.
 */
import { useEffect, useId, useRef } from 'react';
import type { Row } from './doc-tree';

interface Props {
  open: boolean;
  row: Row | undefined;
  onConfirm(): void;
  onCancel(): void;
}

export default function DeleteDialog({ open, row, onConfirm, onCancel }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const id = useId();

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    // jsdom lacks showModal/close, hence the attribute fallback (as in releases/ConfirmDialog.tsx).
    if (open && !d.open) typeof d.showModal === 'function' ? d.showModal() : d.setAttribute('open', '');
    if (!open && d.open) typeof d.close === 'function' ? d.close() : d.removeAttribute('open');
    if (open) cancel.current?.focus();
  }, [open]);

  return (
    <dialog
      ref={ref}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      className="editor-dialog"
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
    >
      {open && row && (
        <>
          <h2 id={`${id}-title`}>Delete this {row.name}?</h2>
          <p id={`${id}-text`}>
            {row.label ? `“${row.label}” ` : ''}at {row.pointer}
            {row.container ? ', with everything inside it,' : ''} is removed from the draft. Undo (Ctrl+Z) brings it
            back.
            {row.locked && ` It cannot be deleted: ${row.locked}`}
          </p>
          <div className="toolbar">
            <button type="button" className="btn btn--danger-solid" disabled={!!row.locked} onClick={onConfirm}>
              Delete
            </button>
            <button type="button" className="btn" ref={cancel} onClick={onCancel}>
              Cancel
            </button>
          </div>
        </>
      )}
    </dialog>
  );
}
