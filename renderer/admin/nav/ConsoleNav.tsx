/**
 * The console's left navigation: Copy, Markets, Screens by flow, Routes and API, Landing pages,
 * Review & publish, Releases, Audit log and Sessions. Entries are links to hash routes (so Back works and a page can be
 * shared); each document entry shows its human title, its id and its status badge.
 */
import type { MouseEvent } from 'react';
import { formatHash, type ConsoleRoute } from './hash-route';
import { statusLabel, type NavGroup, type Status } from './nav-model';

interface Props {
  groups: NavGroup[];
  copy: { status: Status; sets: { id: string; title: string; status: Status }[] };
  current: ConsoleRoute;
  /** The documents are still loading: said, rather than an empty navigation that looks like none. */
  loading?: boolean;
  /** Navigation through a link: the shell asks before leaving unsaved edits. */
  onNavigate(route: ConsoleRoute, e: MouseEvent): void;
}

export function StatusBadge({ status }: { status: Status }) {
  const cls =
    status.kind === 'errors' ? 'badge--error' : status.kind === 'published' ? 'badge--published' : 'badge--draft';
  return <span className={`badge ${cls}`}>{statusLabel(status)}</span>;
}

const same = (a: ConsoleRoute, b: ConsoleRoute) => formatHash(a) === formatHash(b);

export default function ConsoleNav({ groups, copy, current, loading, onNavigate }: Props) {
  const link = (route: ConsoleRoute, body: React.ReactNode, key?: string) => (
    <li key={key ?? formatHash(route)}>
      <a
        href={formatHash(route)}
        className="nav__link"
        aria-current={same(route, current) ? 'page' : undefined}
        onClick={(e) => onNavigate(route, e)}
      >
        {body}
      </a>
    </li>
  );
  return (
    <nav aria-label="Console" className="nav">
      <h2 className="nav__group">Copy</h2>
      <ul>
        {link(
          { page: 'copy' },
          <>
            <span className="nav__title">All copy (text table)</span>
            {!loading && <StatusBadge status={copy.status} />}
          </>,
        )}
        {copy.sets.map((s) =>
          link(
            { page: 'doc', kind: 'text-set', id: s.id },
            <>
              <span className="nav__title">{s.title}</span> <span className="nav__id">{s.id}</span>{' '}
              <StatusBadge status={s.status} />
            </>,
          ),
        )}
      </ul>
      {loading && (
        <p role="status" className="nav__loading">
          Loading documents…
        </p>
      )}
      {groups.map((g) => (
        <div key={g.label}>
          <h2 className="nav__group">{g.label}</h2>
          <ul>
            {g.entries.map((e) =>
              link(
                { page: 'doc', kind: e.kind, id: e.id },
                <>
                  <span className="nav__title">{e.title}</span> <span className="nav__id">{e.id}</span>{' '}
                  <StatusBadge status={e.status} />
                </>,
              ),
            )}
          </ul>
        </div>
      ))}
      <h2 className="nav__group">Landing pages</h2>
      <ul>{link({ page: 'landing' }, <span className="nav__title">Landing pages (campaign templates)</span>)}</ul>
      <h2 className="nav__group">Publishing</h2>
      <ul>
        {link({ page: 'review' }, <span className="nav__title">Review &amp; publish</span>)}
        {link({ page: 'releases' }, <span className="nav__title">Releases</span>)}
        {link({ page: 'audit' }, <span className="nav__title">Audit log</span>)}
      </ul>
      <h2 className="nav__group">Account</h2>
      <ul>{link({ page: 'sessions' }, <span className="nav__title">Sessions</span>)}</ul>
    </nav>
  );
}
