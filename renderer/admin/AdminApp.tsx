/**
 * The ops console at `/admin` (lazy-loaded by the boot, never in the borrower's first chunk).
 * Who is logged in decides what is shown: viewers read, editors save drafts, publishers publish
 * and roll back. The server enforces the same roles; hiding buttons only spares clicks.
 */
import { useEffect, useState } from 'react';
import './console.css';
import { adminApi } from './admin-api';
import type { Session } from './admin-types';
import AuditLog from './AuditLog';
import { describeError } from './describe-error';
import DocumentsView from './DocumentsView';
import LandingPages from './landing/LandingPages';
import LoginForm from './LoginForm';
import PublishPanel from './PublishPanel';
import SessionExpiredDialog from './safety/SessionExpiredDialog';
import { confirmLeave } from './safety/use-unsaved-guard';

const TABS = ['Documents', 'Landing pages', 'Publish', 'Audit log'] as const;
type Tab = (typeof TABS)[number];
/** An id can hold no space: aria-controls/aria-labelledby read a space as a list of ids. */
const slug = (t: string) => t.toLowerCase().replace(/\s+/g, '-');

export default function AdminApp() {
  const [session, setSession] = useState<Session | null | undefined>(undefined);
  const [tab, setTab] = useState<Tab>('Documents');
  const [error, setError] = useState<string | null>(null);
  const [published, setPublished] = useState(0);

  useEffect(() => {
    document.title = 'Ops console';
    adminApi.me().then(setSession, (e) => {
      setError(describeError(e));
      setSession(null);
    });
  }, []);

  if (session === undefined) return <p>Loading…</p>;
  if (session === null)
    return (
      <main>
        {error && <p role="alert">{error}</p>}
        <LoginForm onLoggedIn={setSession} />
      </main>
    );

  const logout = async () => {
    if (!confirmLeave()) return;
    await adminApi.logout().catch(() => undefined);
    setSession(null);
  };

  return (
    <main className="admin" style={{ fontFamily: 'system-ui, sans-serif', padding: 12 }}>
      <header style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
        <h1 style={{ fontSize: 20, margin: 0 }}>Ops console</h1>
        <div role="tablist" aria-label="Sections">
          {TABS.map((t) => (
            <button key={t} type="button" role="tab" id={`tab-${slug(t)}`} aria-selected={tab === t} aria-controls={`panel-${slug(t)}`} onClick={() => t !== tab && confirmLeave() && setTab(t)}>
              {t}
            </button>
          ))}
        </div>
        <span style={{ marginLeft: 'auto' }}>
          {session.user} ({session.role})
        </span>
        <button type="button" onClick={logout}>Log out</button>
      </header>
      <div role="tabpanel" id={`panel-${slug(tab)}`} aria-labelledby={`tab-${slug(tab)}`}>
        {tab === 'Documents' && <DocumentsView key={published} role={session.role} />}
        {tab === 'Landing pages' && <LandingPages key={published} role={session.role} />}
        {tab === 'Publish' && <PublishPanel role={session.role} user={session.user} onPublished={() => setPublished((n) => n + 1)} />}
        {tab === 'Audit log' && <AuditLog />}
      </div>
      <SessionExpiredDialog user={session.user} onRenewed={setSession} />
    </main>
  );
}
