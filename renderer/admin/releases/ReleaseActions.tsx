/**
 * What a publisher does with an open release: widen it along the ramp (10/25/50/100 or any share; narrowing is a
 * smaller share), complete it (the candidate becomes the base) or roll it back. Four eyes applies to widening and
 * completing as to publishing, so where it blocks the page says why and offers what stays allowed; rolling back
 * never waits for a second person. A refusal shows the server's own words (403 four eyes, 409 not open).
 */
import { useState } from 'react';
import { adminApi } from '../admin-api';
import type { Release } from '../admin-types';
import { describeError } from '../describe-error';
import type { FourEyesVerdict } from '../review/four-eyes';
import ConfirmDialog from './ConfirmDialog';
import { percentText, WIDEN_STEPS } from './release-format';
import { parsePercent } from './rollout-form';

interface Props {
  release: Release;
  eyes: FourEyesVerdict;
  user: string;
  /** After a change the server accepted: a sentence for the page's live region. */
  onDone(message: string): void;
}

export default function ReleaseActions({ release: r, eyes, user, onDone }: Props) {
  const [share, setShare] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [asking, setAsking] = useState<'complete' | 'rollback' | null>(null);
  const id = `release-${r.id}`;

  async function run(action: () => Promise<Release>, message: (after: Release) => string) {
    setBusy(true);
    setError(null);
    try {
      const after = await action();
      setShare('');
      onDone(message(after));
    } catch (e) {
      setError(`Release ${r.id}: ${describeError(e)}`);
    } finally {
      setBusy(false);
    }
  }

  const setPercent = (p: number) =>
    run(
      () => adminApi.setReleasePercent(r.id, p),
      (after) => `Release ${r.id} ${p > r.percent ? 'widened' : 'narrowed'} to ${percentText(after.percent)}.`,
    );

  const typed = share.trim() ? parsePercent(share) : null;
  const typedWrong = !!share.trim() && typed === null;
  const typedBlocked = typed !== null && typed > r.percent && eyes.blocked;

  return (
    <div className="release-actions">
      {eyes.blocked && (
        <p className="review-four-eyes" role="note">
          Four eyes: market {eyes.markets.join(', ')} asks that someone other than the drafter widens or completes this
          release. You ({user}) drafted every change in it: ask another publisher. You can still narrow it or roll it
          back.
        </p>
      )}
      <div role="group" aria-labelledby={`${id}-widen`} className="toolbar">
        <span id={`${id}-widen`} className="release-actions__label">
          Widen
        </span>
        {WIDEN_STEPS.filter((p) => p > r.percent).map((p) => (
          <button
            key={p}
            type="button"
            className="btn"
            disabled={busy || eyes.blocked}
            onClick={() => void setPercent(p)}
          >
            Widen to {p} %
          </button>
        ))}
        <label htmlFor={`${id}-share`} className="release-actions__share">
          Share (%)
        </label>
        <input
          id={`${id}-share`}
          inputMode="decimal"
          size={6}
          value={share}
          placeholder={String(r.percent)}
          aria-invalid={typedWrong || undefined}
          aria-describedby={typedWrong ? `${id}-share-error` : undefined}
          onChange={(e) => setShare(e.target.value)}
        />
        <button
          type="button"
          className="btn"
          disabled={busy || typed === null || typed === r.percent || typedBlocked}
          onClick={() => void setPercent(typed!)}
        >
          Set share
        </button>
      </div>
      {typedWrong && (
        <p id={`${id}-share-error`} className="field-error">
          Enter a share from 0.1 to 100 (steps of 0.01).
        </p>
      )}
      <div className="toolbar">
        <button
          type="button"
          className="btn btn--primary"
          disabled={busy || eyes.blocked}
          onClick={() => setAsking('complete')}
        >
          Complete
        </button>
        <button type="button" className="btn btn--danger" disabled={busy} onClick={() => setAsking('rollback')}>
          Roll back
        </button>
      </div>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <ConfirmDialog
        open={asking === 'complete'}
        title={`Complete release ${r.id}?`}
        text="Every borrower gets the candidate: its documents are published as new versions (in their history and the audit log)."
        fieldLabel="Note (optional, kept in history and the audit log)"
        confirmLabel="Complete for everyone"
        onCancel={() => setAsking(null)}
        onConfirm={(note) => {
          setAsking(null);
          void run(
            () => adminApi.completeRelease(r.id, note || undefined),
            () => `Release ${r.id} completed: every borrower now gets its documents.`,
          );
        }}
      />
      <ConfirmDialog
        open={asking === 'rollback'}
        title={`Roll back release ${r.id}?`}
        text="Every borrower gets the base again, on every replica, now. This does not wait for a second person."
        fieldLabel="Reason (kept in the audit log)"
        required
        danger
        confirmLabel="Roll back now"
        onCancel={() => setAsking(null)}
        onConfirm={(reason) => {
          setAsking(null);
          void run(
            () => adminApi.rollbackRelease(r.id, reason),
            () => `Release ${r.id} rolled back: every borrower gets the base.`,
          );
        }}
      />
    </div>
  );
}
