/**
 * The ops console at `/admin` (lazy-loaded by the boot, never in the borrower's first chunk).
 * A top bar (search from anywhere, who is logged in), a navigation grouped for people and the page
 * the URL hash names (`#/copy?key=…`, `#/doc/<kind>/<id>`, `#/review`, …), so pages can be linked
 * and Back works. Who is logged in decides what is shown: viewers read, editors save drafts,
 * publishers publish and roll back. The server enforces the same roles; hiding buttons only spares clicks.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import './console.css';
import './nav/nav.css';
import { adminApi } from './admin-api';
import type { Session } from './admin-types';
import AuditLog from './AuditLog';
import { describeError } from './describe-error';
import DocumentsView from './DocumentsView';
import LandingPages from './landing/LandingPages';
import LoginForm from './LoginForm';
import ConsoleNav, { StatusBadge } from './nav/ConsoleNav';
import { formatHash, parseHash, type ConsoleRoute } from './nav/hash-route';
import { buildNav, copyStatus, statusOf, errorsByFile, type NavGroup, type Status } from './nav/nav-model';
import { useConsoleData } from './nav/use-console-data';
import PublishPanel from './PublishPanel';
import ReleasesPage from './releases/ReleasesPage';
import ExperimentPage from './experiments/ExperimentPage';
import SessionsPage from './SessionsPage';
import { useConsoleLive } from './live/use-console-live';
import SessionExpiredDialog from './safety/SessionExpiredDialog';
import { confirmLeave } from './safety/use-unsaved-guard';
import SearchBox from './search/SearchBox';
import type { SearchResult } from './search/search-index';

const ROLE_ORDER = ['viewer', 'editor', 'publisher'] as const;

const LOCALE_NAMES: Record<string, string> = { 'id-ID': 'Indonesian copy', 'en-IN': 'English (India) copy' };

function useHashRoute(): [ConsoleRoute, (r: ConsoleRoute) => void] {
  const [route, setRoute] = useState(() => parseHash(typeof location === 'undefined' ? '' : location.hash));
  /** The hash of the page on show: a hash change away from it (Back, a plain link, a typed URL) is a leave. */
  const shown = useRef(formatHash(route));
  useEffect(() => {
    const on = () => {
      const next = parseHash(location.hash);
      if (formatHash(next) === shown.current) return setRoute(next);
      // The browser has already moved, but unsaved edits must not go without asking, as with the console's own
      // links. Staying puts the page's address back (a new history entry; it fires no hashchange).
      if (!confirmLeave()) return history.pushState(history.state, '', shown.current);
      shown.current = formatHash(next);
      setRoute(next);
    };
    window.addEventListener('hashchange', on);
    return () => window.removeEventListener('hashchange', on);
  }, []);
  const go = useCallback((r: ConsoleRoute) => {
    const h = formatHash(r);
    // Set first: the hashchange this causes is the console's own move, already agreed to.
    shown.current = h;
    if (location.hash !== h) location.hash = h;
    setRoute(r);
  }, []);
  return [route, go];
}

/** The first page: what is waiting in draft and what is broken, one click from each. */
function Home({
  user,
  groups,
  copy,
  loading,
  onNavigate,
}: {
  user: string;
  groups: NavGroup[];
  copy: { sets: { id: string; title: string; status: Status }[] };
  loading: boolean;
  onNavigate(r: ConsoleRoute, e?: MouseEvent): void;
}) {
  const pending = [
    ...copy.sets.map((s) => ({
      route: { page: 'doc', kind: 'text-set', id: s.id } as ConsoleRoute,
      title: s.title,
      id: s.id,
      status: s.status,
    })),
    ...groups.flatMap((g) =>
      g.entries.map((e) => ({
        route: { page: 'doc', kind: e.kind, id: e.id } as ConsoleRoute,
        title: e.title,
        id: e.id,
        status: e.status,
      })),
    ),
  ].filter((x) => x.status.kind !== 'published');
  return (
    <div className="home">
      <section className="card">
        <h2>Welcome, {user}</h2>
        <p>Pick what to change on the left, or search for a screen, a text key or a piece of copy above.</p>
        <p className="muted">Drafts stay in the console until they are reviewed and published.</p>
      </section>
      <section className="card" aria-label="Waiting in draft">
        <h2>Waiting in draft</h2>
        {loading ? (
          <p className="muted">Loading the documents…</p>
        ) : pending.length === 0 ? (
          <p className="muted">Nothing: everything is as published.</p>
        ) : (
          <ul>
            {pending.map((x) => (
              <li key={formatHash(x.route)}>
                <a href={formatHash(x.route)} onClick={(e) => onNavigate(x.route, e)}>
                  {x.title}
                </a>{' '}
                <span className="muted">{x.id}</span> <StatusBadge status={x.status} />
              </li>
            ))}
          </ul>
        )}
        <p>
          <a href={formatHash({ page: 'review' })} onClick={(e) => onNavigate({ page: 'review' }, e)}>
            Review &amp; publish the drafts
          </a>
        </p>
      </section>
    </div>
  );
}

function Console({
  session,
  onLogout,
  onRenewed,
}: {
  session: Session;
  onLogout(): void;
  onRenewed(s: Session): void;
}) {
  const [route, go] = useHashRoute();
  // Roles per market: pages show what the highest role allows; the server refuses another market's documents.
  const role = (session.marketRoles ?? []).reduce(
    (r, g) => (ROLE_ORDER.indexOf(g.role) > ROLE_ORDER.indexOf(r) ? g.role : r),
    session.role,
  );
  const perMarket = (session.marketRoles ?? []).map((g) => `${g.role} for ${g.market}`);
  const data = useConsoleData();
  const [published, setPublished] = useState(0);

  const groups = useMemo(
    () => buildNav(data.docs, data.titles, data.problems),
    [data.docs, data.titles, data.problems],
  );
  const copy = useMemo(() => {
    const errs = errorsByFile(data.problems);
    return {
      status: copyStatus(data.docs, data.problems),
      sets: data.docs
        .filter((d) => d.kind === 'text-set')
        .map((d) => ({ id: d.id, title: LOCALE_NAMES[d.id] ?? `Copy ${d.id}`, status: statusOf(d, errs) })),
    };
  }, [data.docs, data.problems]);

  // Leaving a page with unsaved edits asks first (the browser's Back too: useHashRoute).
  const navigate = (r: ConsoleRoute, e?: MouseEvent) => {
    e?.preventDefault();
    if (formatHash(r) === formatHash(route)) return;
    if (confirmLeave()) go(r);
  };
  const pick = (r: SearchResult) =>
    navigate(r.type === 'doc' ? { page: 'doc', kind: r.kind, id: r.id } : { page: 'copy', key: r.key });

  const changed = () => data.reload();
  // Releases and the document list follow the console stream; the Releases page polls while it is down.
  const live = useConsoleLive(changed);
  // Releases read zones and four eyes from the markets as published (what borrowers are served).
  const publishedMarkets = useMemo(
    () => data.records.filter((r) => r.kind === 'market' && r.published).map((r) => r.published!.content),
    [data.records],
  );
  // Until the first load answers, an empty list means "not here yet": said so, never shown as "nothing in draft".
  const loading = !data.loaded && !data.error;
  const heading =
    route.page === 'doc' ? (data.titles.get(`${route.kind}/${route.id}`) ?? `${route.kind} ${route.id}`) : undefined;

  return (
    <div className="admin console">
      <header className="topbar">
        <h1>Ops console</h1>
        <SearchBox index={data.index} onPick={pick} />
        <span className="topbar__user">
          {session.user} ({[session.role, ...perMarket].join('; ')})
        </span>
        <button type="button" onClick={onLogout}>
          Log out
        </button>
      </header>
      <ConsoleNav groups={groups} copy={copy} current={route} loading={loading} onNavigate={navigate} />
      <main className="console__main" aria-label={heading ?? 'Console page'} tabIndex={0}>
        {data.error && (
          <p role="alert" className="error">
            {data.error}
          </p>
        )}
        {route.page === 'home' && (
          <Home user={session.user} groups={groups} copy={copy} loading={loading} onNavigate={navigate} />
        )}
        {(route.page === 'copy' || route.page === 'doc') && (
          <DocumentsView
            key={published}
            role={role}
            route={route}
            data={data}
            onChanged={changed}
            onOpenKey={(key) => navigate({ page: 'copy', key })}
            onOpenDoc={(kind, id) => navigate({ page: 'doc', kind, id })}
          />
        )}
        {route.page === 'landing' && <LandingPages key={published} role={role} data={data} onChanged={changed} />}
        {route.page === 'review' && (
          <PublishPanel role={role} user={session.user} onPublished={() => (setPublished((n) => n + 1), changed())} />
        )}
        {route.page === 'releases' && (
          <ReleasesPage
            role={role}
            user={session.user}
            docs={data.docs}
            markets={publishedMarkets}
            onChanged={changed}
            live={live}
          />
        )}
        {route.page === 'experiment' && (
          <ExperimentPage
            key={route.id}
            id={route.id}
            role={session.role}
            user={session.user}
            docs={data.docs}
            markets={publishedMarkets}
            onChanged={changed}
          />
        )}
        {route.page === 'audit' && <AuditLog />}
        {route.page === 'sessions' && <SessionsPage user={session.user} role={session.role} />}
      </main>
      <SessionExpiredDialog user={session.user} onRenewed={onRenewed} />
    </div>
  );
}

export default function AdminApp() {
  const [session, setSession] = useState<Session | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);

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
      <main className="admin admin--login">
        {error && (
          <p role="alert" className="error">
            {error}
          </p>
        )}
        <LoginForm onLoggedIn={setSession} />
      </main>
    );

  const logout = async () => {
    if (!confirmLeave()) return;
    await adminApi.logout().catch(() => undefined);
    setSession(null);
  };
  return <Console key={session.user} session={session} onLogout={logout} onRenewed={setSession} />;
}
