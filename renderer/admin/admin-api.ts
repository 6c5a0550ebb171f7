/**
 * The console's only door to the server: JSON over fetch to `/admin/api`, same-origin cookie session.
 * Writes carry the CSRF token the server handed out at login (or on /me) and, for documents,
 * the ETag read with the document in `If-Match`, so a colleague's newer save is never overwritten.
 */
import type {
  Answer,
  AuditRow,
  DocRecord,
  DocSummary,
  Problem,
  Release,
  ReleaseHandle,
  Rollout,
  ReleaseExperiment,
  ExperimentResults,
  Session,
  VersionInfo,
} from './admin-types';
import { findingsOf, type CopyFinding } from './copy/copy-findings';
import type { components } from './generated/admin-api';

export const ADMIN_API = '/admin/api';
const CSRF_HEADER = 'X-CSRF-Token';

export class AdminApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Every validation problem the server listed (422), empty otherwise. */
    readonly problems: Problem[] = [],
    /** The answer's body as sent (e.g. a refused publish's `details.findings`). */
    readonly body: unknown = null,
  ) {
    super(message);
  }
}

let csrfToken: string | null = null;

/**
 * Session expiry without losing work: when a request meets 401 and something listens (the login
 * dialog, safety/SessionExpiredDialog.tsx), the request waits while the editor logs in again over
 * the page, then is sent again with the new session. Nothing unmounts, so typed text stays. Without
 * a listener, or when the editor gives up, the 401 is thrown as before.
 */
type ExpiryListener = (expired: boolean) => void;
const expiryListeners = new Set<ExpiryListener>();
let renewal: { promise: Promise<boolean>; resolve(ok: boolean): void } | null = null;
/** Paths whose 401 means "not logged in" rather than "the session ended". */
const NO_RENEWAL = new Set(['/login', '/me', '/setup', '/logout']);

export function onSessionExpired(listener: ExpiryListener): () => void {
  expiryListeners.add(listener);
  return () => void expiryListeners.delete(listener);
}

/** Called by the login dialog: `true` after logging in again (waiting requests are retried), `false` to give up. */
export function sessionRenewed(ok: boolean): void {
  const r = renewal;
  renewal = null;
  expiryListeners.forEach((l) => l(false));
  r?.resolve(ok);
}

function waitForRenewal(): Promise<boolean> {
  if (!renewal) {
    let resolve!: (ok: boolean) => void;
    const promise = new Promise<boolean>((r) => (resolve = r));
    renewal = { promise, resolve };
    expiryListeners.forEach((l) => l(true));
  }
  return renewal.promise;
}

/** A problem as the server sends it: schema errors (`SchemaError`) and state errors (`StateError`). */
type ServerProblem = Partial<Pick<components['schemas']['StateError'], 'file' | 'instancePath' | 'message'>>;

/** The server's problems in the console's shape: its `instancePath` is the problem's pointer. */
function problemsOf(body: unknown): Problem[] {
  const b = body as { errors?: unknown; error?: { details?: unknown; errors?: unknown } } | null;
  const list = b?.errors ?? b?.error?.details ?? b?.error?.errors;
  const nested = (list as { errors?: unknown } | undefined)?.errors;
  const found = Array.isArray(list) ? list : Array.isArray(nested) ? nested : [];
  return (found.filter((p) => p && typeof p === 'object') as ServerProblem[]).map((p) => ({
    ...(typeof p.file === 'string' ? { file: p.file } : {}),
    pointer: typeof p.instancePath === 'string' ? p.instancePath : '',
    message: String(p.message ?? 'is invalid'),
  }));
}

function messageOf(status: number, body: unknown): string {
  const b = body as { error?: { message?: unknown } | string; message?: unknown } | null;
  const m = typeof b?.error === 'string' ? b.error : (b?.error?.message ?? b?.message);
  if (typeof m === 'string' && m) return m;
  return `The server answered ${status}.`;
}

interface Req {
  method?: string;
  body?: unknown;
  ifMatch?: string;
  /** `*` when creating: the server refuses if the document appeared meanwhile. */
  ifNoneMatch?: string;
}

/** Returns the parsed body and the response's ETag; any non-2xx becomes an AdminApiError. */
export async function request<T>(path: string, req: Req = {}): Promise<{ data: T; etag: string | null }> {
  const method = req.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
  if (req.body !== undefined) headers['Content-Type'] = 'application/json';
  if (method !== 'GET' && csrfToken) headers[CSRF_HEADER] = csrfToken;
  if (req.ifMatch) headers['If-Match'] = req.ifMatch;
  if (req.ifNoneMatch) headers['If-None-Match'] = req.ifNoneMatch;
  let res: Response;
  try {
    res = await fetch(ADMIN_API + path, {
      method,
      headers,
      credentials: 'same-origin',
      body: req.body === undefined ? undefined : JSON.stringify(req.body),
    });
  } catch {
    throw new AdminApiError(0, 'The config server cannot be reached. Check your connection and try again.');
  }
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (res.status === 401 && !NO_RENEWAL.has(path) && expiryListeners.size > 0 && (await waitForRenewal()))
    return request<T>(path, req);
  if (!res.ok) throw new AdminApiError(res.status, messageOf(res.status, body), problemsOf(body), body);
  const token = (body as { csrf?: unknown; csrfToken?: unknown } | null) ?? {};
  const fresh = token.csrfToken ?? token.csrf ?? res.headers.get(CSRF_HEADER);
  if (typeof fresh === 'string' && fresh) csrfToken = fresh;
  return { data: body as T, etag: res.headers.get('ETag') };
}

function sessionOf(body: unknown): Session {
  const b = body as { user?: unknown; name?: unknown; role?: unknown; marketRoles?: unknown };
  const user = b.user && typeof b.user === 'object' ? (b.user as { name?: unknown; role?: unknown }) : null;
  return {
    user: String(user?.name ?? b.user ?? b.name),
    role: (user?.role ?? b.role) as Session['role'],
    ...(Array.isArray(b.marketRoles) ? { marketRoles: b.marketRoles as NonNullable<Session['marketRoles']> } : {}),
  };
}

const docPath = (kind: string, id: string) => `/documents/${encodeURIComponent(kind)}/${encodeURIComponent(id)}`;

function listOf<T>(body: unknown, key: string): T[] {
  if (Array.isArray(body)) return body as T[];
  const v = (body as Record<string, unknown> | null)?.[key];
  return Array.isArray(v) ? (v as T[]) : [];
}

export const adminApi = {
  async me(): Promise<Session | null> {
    try {
      return sessionOf((await request('/me')).data);
    } catch (e) {
      if (e instanceof AdminApiError && e.status === 401) return null;
      throw e;
    }
  },
  /** Whether the console still needs its first account, and the command that creates it. */
  async setup(): Promise<{ firstAccountNeeded: boolean; command?: string; signInWith?: string; passwords: boolean }> {
    const b = (await request('/setup')).data as {
      firstAccountNeeded?: unknown;
      command?: unknown;
      signInWith?: unknown;
      passwords?: unknown;
    } | null;
    return {
      firstAccountNeeded: b?.firstAccountNeeded === true,
      command: typeof b?.command === 'string' ? b.command : undefined,
      signInWith: typeof b?.signInWith === 'string' ? b.signInWith : undefined,
      passwords: b?.passwords !== false,
    };
  },
  async login(user: string, password: string): Promise<Session> {
    return sessionOf((await request('/login', { method: 'POST', body: { user, password } })).data);
  },
  async logout(): Promise<void> {
    await request('/logout', { method: 'POST', body: {} });
    csrfToken = null;
  },
  async list(filter: { kind?: string; market?: string; locale?: string } = {}): Promise<DocSummary[]> {
    const q = new URLSearchParams(Object.entries(filter).filter(([, v]) => v) as [string, string][]).toString();
    return listOf<DocSummary>((await request(`/documents${q ? `?${q}` : ''}`)).data, 'documents');
  },
  async get(kind: string, id: string): Promise<DocRecord> {
    const { data, etag } = await request<DocRecord | { document: DocRecord }>(docPath(kind, id));
    const doc = 'document' in data ? data.document : data;
    return { ...doc, etag: etag ?? doc.etag };
  },
  /** Saves the draft; the returned record carries the new ETag for the next save. */
  async saveDraft(kind: string, id: string, content: unknown, etag: string): Promise<DocRecord> {
    const { data, etag: next } = await request<DocRecord | { document: DocRecord }>(`${docPath(kind, id)}/draft`, {
      method: 'PUT',
      body: content,
      ifMatch: etag,
    });
    const doc = data && 'document' in data ? data.document : data;
    return { ...doc, etag: next ?? doc?.etag ?? etag };
  },
  /** Creates a new document as a draft (If-None-Match: *, so an existing one is never overwritten). */
  async createDraft(kind: string, id: string, content: unknown): Promise<DocRecord> {
    const { data, etag } = await request<DocRecord | { document: DocRecord }>(`${docPath(kind, id)}/draft`, {
      method: 'PUT',
      body: content,
      ifNoneMatch: '*',
    });
    const doc = data && 'document' in data ? data.document : data;
    return { ...doc, etag: etag ?? doc?.etag };
  },
  /** Errors of the state publishing `documents` (default: every draft) would give, `document` (unsaved) on top. */
  async validate(opts: { documents?: { kind: string; id: string }[]; document?: unknown } = {}): Promise<Problem[]> {
    return problemsOf((await request<unknown>('/validate', { method: 'POST', body: opts })).data);
  },
  /**
   * Publishes the drafts as reviewed: each ETag must still be current, else 412. Copy warnings refuse it (409)
   * unless `acceptWarnings` carries the publisher's reason; copy errors always refuse it (422).
   */
  async publish(
    documents: { kind: string; id: string; etag?: string }[],
    note: string,
    acceptWarnings?: { reason: string },
  ): Promise<VersionInfo[]> {
    return listOf<VersionInfo>(
      (
        await request('/publish', {
          method: 'POST',
          body: { documents, note, ...(acceptWarnings && { acceptWarnings }) },
        })
      ).data,
      'published',
    );
  },
  /** Copy QA findings of every text set, drafts over published. */
  async copyFindings(): Promise<CopyFinding[]> {
    return findingsOf((await request('/copy/findings')).data);
  },
  /** Publishes the drafts as reviewed to a share of borrowers: they become the candidate of a new release. */
  async publishRollout(
    documents: { kind: string; id: string; etag?: string }[],
    note: string,
    rollout: Rollout,
    acceptWarnings?: { reason: string },
    experiment?: ReleaseExperiment,
  ): Promise<ReleaseHandle> {
    // With a rollout the answer always names the release it started.
    return (
      await request<Required<Answer<'adminPublish'>>>('/publish', {
        method: 'POST',
        body: {
          documents,
          note,
          rollout,
          ...(experiment && { experiment }),
          ...(acceptWarnings && { acceptWarnings }),
        },
      })
    ).data.release;
  },
  /** An experiment's results now (404 for a release without one). */
  async experimentResults(id: string): Promise<ExperimentResults> {
    return (await request<Answer<'adminReleaseResults'>>(`/releases/${encodeURIComponent(id)}/results`)).data;
  },
  /** Newest first. */
  async releases(): Promise<Release[]> {
    return listOf<Release>((await request('/releases')).data, 'releases');
  },
  /** Widens or narrows a release (four eyes applies to widening). */
  async setReleasePercent(id: string, percent: number): Promise<Release> {
    return (
      await request<Answer<'adminUpdateRelease'>>(`/releases/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: { percent },
      })
    ).data.release;
  },
  /** The candidate becomes the base for everyone. */
  async completeRelease(id: string, note?: string): Promise<Release> {
    return (
      await request<Answer<'adminCompleteRelease'>>(`/releases/${encodeURIComponent(id)}/complete`, {
        method: 'POST',
        body: note ? { note } : {},
      })
    ).data.release;
  },
  /** Everyone back to the base now; never waits for a second person. */
  async rollbackRelease(id: string, reason: string): Promise<Release> {
    return (
      await request<Answer<'adminRollbackRelease'>>(`/releases/${encodeURIComponent(id)}/rollback`, {
        method: 'POST',
        body: { reason },
      })
    ).data.release;
  },
  async version(kind: string, id: string, version: number): Promise<VersionInfo> {
    return (await request<Answer<'adminVersion'>>(`${docPath(kind, id)}/versions/${version}`)).data;
  },
  async discardDraft(kind: string, id: string, etag: string): Promise<void> {
    await request(`${docPath(kind, id)}/draft`, { method: 'DELETE', ifMatch: etag });
  },
  async history(kind: string, id: string): Promise<VersionInfo[]> {
    return listOf<VersionInfo>((await request(`${docPath(kind, id)}/history`)).data, 'versions');
  },
  async rollback(kind: string, id: string, version: number, reason: string, etag: string): Promise<void> {
    await request(`${docPath(kind, id)}/rollback`, { method: 'POST', body: { version, reason }, ifMatch: etag });
  },
  /** Four eyes: approves the document as reviewed at `etag` (its draft; with `version`, rolling back to that version). */
  async approve(kind: string, id: string, etag: string, version?: number): Promise<Answer<'adminApprove'>['approval']> {
    const body = version === undefined ? {} : { version };
    return (
      await request<Answer<'adminApprove'>>(`${docPath(kind, id)}/approve`, { method: 'POST', body, ifMatch: etag })
    ).data.approval;
  },
  /** Newest first; every filter is applied by the server, so older entries are found too. `since`/`until`: days (YYYY-MM-DD, UTC), both included. */
  async audit(
    filter: { kind?: string; id?: string; actor?: string; since?: string; until?: string; before?: number } = {},
  ): Promise<AuditRow[]> {
    const q = new URLSearchParams(
      Object.entries(filter)
        .filter(([, v]) => v !== undefined && v !== '')
        .map(([k, v]) => [k, String(v)]),
    );
    const s = q.toString();
    return listOf<AuditRow>((await request(`/audit${s ? `?${s}` : ''}`)).data, 'entries');
  },
  /** The caller's console sessions, or (`all`, publishers) everyone's. */
  async sessions(all = false): Promise<Answer<'adminListSessions'>['sessions']> {
    return (await request<Answer<'adminListSessions'>>(`/sessions${all ? '?all=true' : ''}`)).data.sessions;
  },
  /** Ends a session now: its cookie is refused from its next request. */
  async endSession(id: string): Promise<void> {
    await request(`/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
  },
  /** Publishers: the account can no longer log in; its sessions and API tokens end now. */
  async disableUser(name: string): Promise<void> {
    await request(`/users/${encodeURIComponent(name)}/disable`, { method: 'POST' });
  },
};
