/**
 * When the session ends in the middle of work (a save meets 401), this dialog opens over the page
 * instead of the page turning into the login screen: everything typed stays mounted underneath.
 * After logging in again the waiting request is sent again (admin-api.ts), so the save goes through.
 * Mounted once by the console shell.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { AdminApiError, adminApi, onSessionExpired, sessionRenewed } from '../admin-api';
import type { Session } from '../admin-types';
import { describeError } from '../describe-error';
import './safety.css';

interface Props {
  /** Who was logged in: the user name field starts with it. */
  user?: string;
  /** The session after logging in again (the shell may show a different user or role). */
  onRenewed?(session: Session): void;
}

export default function SessionExpiredDialog({ user: lastUser = '', onRenewed }: Props) {
  const [open, setOpen] = useState(false);
  const [user, setUser] = useState(lastUser);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => onSessionExpired(setOpen), []);
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    // showModal makes the rest of the page inert and traps focus; jsdom lacks it, hence the guard.
    if (open && !d.open) typeof d.showModal === 'function' ? d.showModal() : d.setAttribute('open', '');
    if (!open && d.open) typeof d.close === 'function' ? d.close() : d.removeAttribute('open');
  }, [open]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!user || !password) return setError('Enter your user name and password.');
    setBusy(true);
    setError(null);
    try {
      const session = await adminApi.login(user, password);
      setPassword('');
      onRenewed?.(session);
      sessionRenewed(true);
    } catch (err) {
      setError(err instanceof AdminApiError && err.status === 401 ? err.message : describeError(err));
    } finally {
      setBusy(false);
    }
  }

  const giveUp = () => {
    setPassword('');
    sessionRenewed(false);
  };

  return (
    <dialog
      ref={dialog}
      className="session-dialog"
      aria-labelledby="session-dialog-title"
      aria-describedby="session-dialog-text"
      onCancel={(e) => {
        e.preventDefault();
        giveUp();
      }}
    >
      {open && (
        <form onSubmit={submit} className="session-dialog__form">
          <h2 id="session-dialog-title">Your session has ended</h2>
          <p id="session-dialog-text">
            Log in again to continue. Nothing you typed is lost: the page stays as it is, and what you were saving is
            sent once you are back.
          </p>
          <label htmlFor="session-user">User name</label>
          <input id="session-user" autoComplete="username" value={user} onChange={(e) => setUser(e.target.value)} />
          <label htmlFor="session-password">Password</label>
          <input
            id="session-password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoFocus
          />
          {error && (
            <p role="alert" className="error">
              {error}
            </p>
          )}
          <div className="toolbar">
            <button type="submit" className="btn btn--primary" disabled={busy}>
              Log in and continue
            </button>
            <button type="button" className="btn" onClick={giveUp}>
              Not now
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
