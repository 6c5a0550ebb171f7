/**
 * A modal question, with one text field or none (a rollback's reason, a completion's note; a draft's discard): steps
 * that reach every borrower at once or lose work are confirmed, never done by a stray click. A native <dialog> opened
 * with showModal, so the page behind is inert, focus stays inside and Escape cancels. Without a field, focus starts on
 * Cancel, so an Enter by habit does nothing; once answered, focus goes back to where it was.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import './releases.css';

interface Props {
  open: boolean;
  title: string;
  /** What happens on confirm, in a sentence. */
  text: string;
  /** Without one the dialog only asks yes or no. */
  fieldLabel?: string;
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
  /** Where the keyboard was when asked: the answer gives focus back there rather than to the top of the page. */
  const opener = useRef<Element | null>(null);
  const cancel = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    // jsdom lacks showModal/close, hence the attribute fallback (as in safety/SessionExpiredDialog.tsx).
    if (open && !d.open) {
      setValue('');
      opener.current = document.activeElement;
      typeof d.showModal === 'function' ? d.showModal() : d.setAttribute('open', '');
      // After showModal, which would put focus on the first button: the confirming one.
      if (fieldLabel === undefined) cancel.current?.focus();
    }
    if (!open && d.open) {
      typeof d.close === 'function' ? d.close() : d.removeAttribute('open');
      const back = opener.current;
      if (back instanceof HTMLElement && back.isConnected && document.activeElement !== back) back.focus();
    }
    // Whether it has a field is fixed for one dialog: read when it opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
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
          {fieldLabel !== undefined && (
            <>
              <label htmlFor={`${id}-field`}>{fieldLabel}</label>
              <textarea
                id={`${id}-field`}
                value={value}
                required={required}
                onChange={(e) => setValue(e.target.value)}
                autoFocus
              />
            </>
          )}
          <div className="toolbar">
            <button
              type="submit"
              className={danger ? 'btn btn--danger-solid' : 'btn btn--primary'}
              disabled={required && !value.trim()}
            >
              {confirmLabel}
            </button>
            <button type="button" className="btn" ref={cancel} onClick={onCancel}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
