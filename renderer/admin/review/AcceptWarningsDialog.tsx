/**
 * Copy warnings do not block a publish, but a publisher must say why they ship anyway: the reason goes with the
 * publish (`acceptWarnings.reason`) into the audit log. A modal <dialog> (focus trapped, Escape cancels).
 */
import { useEffect, useRef, useState } from 'react';
import { describeFinding, type CopyFinding } from '../copy/copy-findings';

/** The server's minimum; shorter reasons say nothing to the person reading the audit log later. */
export const MIN_REASON = 10;

interface Props {
  warnings: CopyFinding[];
  onConfirm(reason: string): void;
  onCancel(): void;
}

export default function AcceptWarningsDialog({ warnings, onConfirm, onCancel }: Props) {
  const [reason, setReason] = useState('');
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    // Where the keyboard was (the publish button): the page removes this dialog when answered, and a removed dialog
    // gives focus back to nobody (only close() would), which leaves a keyboard user at the top of the page.
    const opener = document.activeElement;
    // jsdom has no showModal; the dialog is still open (and named) there.
    if (d && !d.open) typeof d.showModal === 'function' ? d.showModal() : d.setAttribute('open', '');
    return () => {
      if (d?.open) typeof d.close === 'function' ? d.close() : d.removeAttribute('open');
      if (opener instanceof HTMLElement && opener.isConnected && document.activeElement !== opener) opener.focus();
    };
  }, []);
  const ok = reason.trim().length >= MIN_REASON;
  return (
    <dialog
      ref={ref}
      aria-labelledby="accept-warnings-title"
      className="card review-dialog"
      onCancel={(e) => (e.preventDefault(), onCancel())}
    >
      <h3 id="accept-warnings-title">Publish with {warnings.length} copy warning(s)?</h3>
      <ul aria-label="Copy warnings">
        {warnings.map((f, i) => (
          <li key={i}>{describeFinding(f)}</li>
        ))}
      </ul>
      <label>
        Why publish anyway (kept in the audit log, at least {MIN_REASON} characters)
        <textarea value={reason} onChange={(e) => setReason(e.target.value)} />
      </label>
      <div className="toolbar">
        <button type="button" className="btn btn--primary" disabled={!ok} onClick={() => onConfirm(reason.trim())}>
          Publish with warnings
        </button>
        <button type="button" className="btn" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </dialog>
  );
}
