/**
 * A modal question with one text field (a rollback's reason, a completion's note): the release actions that
 * reach every borrower at once are confirmed, never done by a stray click. A native <dialog> opened with
 * showModal, so the page behind is inert, focus stays inside and Escape cancels.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';

interface Props {
  open: boolean;
  title: string;
  /** What happens on confirm, in a sentence. */
  text: string;
  fieldLabel: string;
  /** The field must be filled to confirm. */
  required?: boolean;
  confirmLabel: string;
  danger?: boolean;
  onConfirm(value: string): void;
  onCancel(): void;
}

export default function ConfirmDialog({
  open,
  title,
  text,
  fieldLabel,
  required,
  confirmLabel,
  danger,
  onConfirm,
  onCancel,
}: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const [value, setValue] = useState('');
  const id = useId();

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    // jsdom lacks showModal/close, hence the attribute fallback (as in safety/SessionExpiredDialog.tsx).
    if (open && !d.open) {
      setValue('');
      typeof d.showModal === 'function' ? d.showModal() : d.setAttribute('open', '');
    }
    if (!open && d.open) typeof d.close === 'function' ? d.close() : d.removeAttribute('open');
  }, [open]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (required && !value.trim()) return;
    onConfirm(value.trim());
  };

  return (
    <dialog
      ref={ref}
      className="release-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
    >
      {open && (
        <form onSubmit={submit} className="release-dialog__form">
          <h2 id={`${id}-title`}>{title}</h2>
          <p id={`${id}-text`}>{text}</p>
          <label htmlFor={`${id}-field`}>{fieldLabel}</label>
          <textarea
            id={`${id}-field`}
            value={value}
            required={required}
            onChange={(e) => setValue(e.target.value)}
            autoFocus
          />
          <div className="toolbar">
            <button
              type="submit"
              className={danger ? 'btn btn--danger-solid' : 'btn btn--primary'}
              disabled={required && !value.trim()}
            >
              {confirmLabel}
            </button>
            <button type="button" className="btn" onClick={onCancel}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
