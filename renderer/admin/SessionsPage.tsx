/**
 * The sessions page: where you are logged in (started, last used, address, device) and a button to end any other
 * session at once, e.g. a browser left open on a shared machine. A publisher also sees everyone's sessions, ends any,
 * and disables an account (someone left: their sessions and API tokens end now). The server enforces who may do what.
 */
import { useCallback, useEffect, useState } from 'react';
import { adminApi } from './admin-api';
import type { Answer } from './admin-types';
import { describeError } from './describe-error';
import './sessions.css';

type Listed = Answer<'adminListSessions'>['sessions'][number];

const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** A browser's User-Agent in a few words (the full text is in the cell's title). */
function deviceOf(ua: string): string {
  if (!ua) return 'unknown';
  const browser = /(Edg|Firefox|Chrome|Safari)\/[0-9]+/.exec(ua)?.[0].replace('/', ' ').replace('Edg', 'Edge') ?? '';
  const os = /(Windows|Android|iPhone|iPad|Mac OS X|Linux|CrOS)/.exec(ua)?.[1]?.replace('Mac OS X', 'macOS') ?? '';
  return [browser, os].filter(Boolean).join(' on ') || ua.slice(0, 40);
}

function SessionTable({
  caption,
  rows,
  showUser,
  onEnd,
}: {
  caption: string;
  rows: Listed[];
  showUser: boolean;
  onEnd(s: Listed): void;
}) {
  return (
    <table className="table">
      <caption className="sessions__hidden">{caption}</caption>
      <thead>
        <tr>
          {showUser && <th scope="col">User</th>}
          <th scope="col">Started</th>
          <th scope="col">Last used</th>
          <th scope="col">Address</th>
          <th scope="col">Device</th>
          <th scope="col">
            <span className="sessions__hidden">Action</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((s) => (
          <tr key={s.id}>
            {showUser && <td>{s.user}</td>}
            <td>{when(s.startedAt)}</td>
            <td>{when(s.lastSeenAt)}</td>
            <td>{s.address}</td>
            <td title={s.device}>{deviceOf(s.device)}</td>
            <td>
              {s.current ? (
                <span className="badge badge--published">This browser</span>
              ) : (
                <button type="button" onClick={() => onEnd(s)}>
                  End {showUser ? `${s.user}'s` : 'this'} session
                  <span className="sessions__hidden"> started {when(s.startedAt)}</span>
                </button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function SessionsPage({ user, role }: { user: string; role: string }) {
  const admin = role === 'publisher';
  const [mine, setMine] = useState<Listed[]>([]);
  const [everyone, setEveryone] = useState<Listed[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [disabling, setDisabling] = useState('');
  const [confirming, setConfirming] = useState(false);

  const load = useCallback(async () => {
    try {
      setMine(await adminApi.sessions());
      if (admin) setEveryone((await adminApi.sessions(true)).filter((s) => s.user !== user));
      setError(null);
    } catch (e) {
      setError(describeError(e));
    }
  }, [admin, user]);
  useEffect(() => void load(), [load]);

  const end = async (s: Listed) => {
    try {
      await adminApi.endSession(s.id);
      setNotice(`Ended ${s.user === user ? 'your' : `${s.user}'s`} session started ${when(s.startedAt)}.`);
      await load();
    } catch (e) {
      setError(describeError(e));
    }
  };
  const disable = async () => {
    const name = disabling.trim();
    try {
      await adminApi.disableUser(name);
      setNotice(`Disabled ${name}: their sessions and API tokens have ended.`);
      setDisabling('');
      setConfirming(false);
      await load();
    } catch (e) {
      setError(describeError(e));
    }
  };

  return (
    <div className="sessions">
      <h2>Sessions</h2>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <p role="status" className="muted">
        {notice}
      </p>
      <section className="card" aria-labelledby="sessions-mine">
        <h3 id="sessions-mine">Where you are logged in</h3>
        <SessionTable caption="Your sessions" rows={mine} showUser={false} onEnd={(s) => void end(s)} />
      </section>
      {admin && (
        <section className="card" aria-labelledby="sessions-everyone">
          <h3 id="sessions-everyone">Everyone else&apos;s sessions</h3>
          {everyone.length ? (
            <SessionTable caption="Everyone else's sessions" rows={everyone} showUser onEnd={(s) => void end(s)} />
          ) : (
            <p className="muted">Nobody else is logged in.</p>
          )}
          <h3>Disable an account</h3>
          <p className="muted">The person can no longer log in; their sessions and API tokens end now.</p>
          <div className="toolbar">
            <label>
              User name{' '}
              <input
                value={disabling}
                onChange={(e) => (setDisabling(e.target.value), setConfirming(false))}
                autoComplete="off"
              />
            </label>
            {!confirming ? (
              <button type="button" disabled={!disabling.trim()} onClick={() => setConfirming(true)}>
                Disable…
              </button>
            ) : (
              <>
                <button type="button" className="btn--danger" onClick={() => void disable()}>
                  Disable {disabling.trim()} now
                </button>
                <button type="button" onClick={() => setConfirming(false)}>
                  Cancel
                </button>
              </>
            )}
          </div>
        </section>
      )}
    </div>
  );
}
