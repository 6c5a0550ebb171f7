/** Sign-in for ops staff: labelled fields, the server's reason shown on failure (wrong password, rate limit). */
import { useEffect, useState, type FormEvent } from 'react';
import { AdminApiError, adminApi } from './admin-api';
import type { Session } from './admin-types';
import { describeError } from './describe-error';
import FirstAccountHelp from './FirstAccountHelp';

export default function LoginForm({ onLoggedIn }: { onLoggedIn(s: Session): void }) {
  const [user, setUser] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // null while asking; a command when no account exists yet (a login form could not succeed then).
  const [firstAccount, setFirstAccount] = useState<string | null | undefined>(undefined);
  // The identity provider's host when the console signs in with it; whether passwords are for everyone.
  const [provider, setProvider] = useState<{ host?: string; passwords: boolean }>({ passwords: true });

  const checkSetup = () =>
    adminApi.setup().then(
      (s) => {
        setProvider({ host: s.signInWith, passwords: s.passwords });
        setFirstAccount(s.firstAccountNeeded ? (s.command ?? '') : null);
      },
      () => setFirstAccount(null),
    );
  useEffect(() => void checkSetup(), []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!user || !password) {
      setError('Enter your user name and password.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      onLoggedIn(await adminApi.login(user, password));
    } catch (err) {
      // Here a 401 means a wrong password, not an ended session: show the server's words.
      setError(err instanceof AdminApiError && err.status === 401 ? err.message : describeError(err));
    } finally {
      setBusy(false);
    }
  }

  if (firstAccount === undefined)
    return (
      <p aria-busy="true" style={{ margin: '4rem auto', maxWidth: 320 }}>
        Loading…
      </p>
    );
  if (firstAccount !== null) return <FirstAccountHelp command={firstAccount} onCheckAgain={checkSetup} />;

  return (
    <form onSubmit={submit} aria-label="Log in" style={{ maxWidth: 320, margin: '4rem auto', display: 'grid', gap: 8 }}>
      <h1>Ops console</h1>
      {provider.host && (
        <>
          {/* A full navigation: the provider's page, then back to /admin with a session. */}
          <a className="login__provider" href="/admin/api/oidc/start">
            Sign in with {provider.host}
          </a>
          <p style={{ margin: 0 }}>
            {provider.passwords ? 'Or log in with a console password:' : 'Break-glass account only:'}
          </p>
        </>
      )}
      <label htmlFor="admin-user">User name</label>
      <input id="admin-user" autoComplete="username" value={user} onChange={(e) => setUser(e.target.value)} />
      <label htmlFor="admin-password">Password</label>
      <input
        id="admin-password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      {error && (
        <p role="alert" style={{ color: '#b00020' }}>
          {error}
        </p>
      )}
      <button type="submit" disabled={busy}>
        Log in
      </button>
    </form>
  );
}
