/**
 * Deciding an experiment: "Ship the candidate" completes its release for everyone, "Stop" rolls it back. Both ask
 * first (a modal dialog saying what happens) and are audited by the server with the figures of that moment. Ship is
 * under four eyes as a publish (the page says why when it blocks, and shows the server's refusal in words); Stop never
 * waits for a second person.
 */
import { useState } from 'react';
import { adminApi } from '../admin-api';
import type { ExperimentResults, Release } from '../admin-types';
import { describeError } from '../describe-error';
import ConfirmDialog from '../releases/ConfirmDialog';
import type { FourEyesVerdict } from '../review/four-eyes';
import { VERDICT_LABELS } from './experiment-format';

interface Props {
  release: Release;
  results: ExperimentResults;
  eyes: FourEyesVerdict;
  user: string;
  /** After the server accepted: a sentence for the page's live region. */
  onDone(message: string): void;
}

export default function ExperimentDecision({ release: r, results, eyes, user, onDone }: Props) {
  const [asking, setAsking] = useState<'ship' | 'stop' | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const figures = results.goals.map((g) => `${g.name}: ${VERDICT_LABELS[g.verdict].toLowerCase()}`).join('; ');

  async function run(action: () => Promise<Release>, message: string) {
    setAsking(null);
    setBusy(true);
    setError(null);
    try {
      await action();
      onDone(message);
    } catch (e) {
      setError(describeError(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="experiment-decide-title" className="card experiment-decide">
      <h3 id="experiment-decide-title">Decide</h3>
      {eyes.blocked && (
        <p className="review-four-eyes" role="note">
          Four eyes: market {eyes.markets.join(', ')} asks that someone other than the drafter ships this candidate. You
          ({user}) drafted every change in it: ask another publisher. You can still stop it.
        </p>
      )}
      <div className="toolbar">
        <button
          type="button"
          className="btn btn--primary"
          disabled={busy || eyes.blocked}
          onClick={() => setAsking('ship')}
        >
          Ship the candidate
        </button>
        <button type="button" className="btn btn--danger" disabled={busy} onClick={() => setAsking('stop')}>
          Stop
        </button>
      </div>
      {error && (
        <p role="alert" className="error">
          Release {r.id}: {error}
        </p>
      )}
      <ConfirmDialog
        open={asking === 'ship'}
        title={`Ship the candidate of release ${r.id}?`}
        text={`Every borrower gets the candidate: its documents are published as new versions. The audit log keeps the figures of this moment (${figures}).`}
        fieldLabel="Note (optional, kept in history and the audit log)"
        confirmLabel="Ship to everyone"
        onCancel={() => setAsking(null)}
        onConfirm={(note) =>
          void run(
            () => adminApi.completeRelease(r.id, note || undefined),
            `Shipped: release ${r.id} is complete and every borrower now gets the candidate.`,
          )
        }
      />
      <ConfirmDialog
        open={asking === 'stop'}
        title={`Stop the experiment of release ${r.id}?`}
        text={`Every borrower gets the base again, now. The audit log keeps the figures of this moment (${figures}). This does not wait for a second person.`}
        fieldLabel="Reason (kept in the audit log)"
        required
        danger
        confirmLabel="Stop now"
        onCancel={() => setAsking(null)}
        onConfirm={(reason) =>
          void run(
            () => adminApi.rollbackRelease(r.id, reason),
            `Stopped: release ${r.id} is rolled back and every borrower gets the base.`,
          )
        }
      />
    </section>
  );
}
