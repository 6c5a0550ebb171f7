/**
 * The console's live stream: `GET /admin/api/live` (the session cookie, viewer role) says when releases,
 * published versions or drafts changed, so the Releases page and the document list re-read then instead of polling
 * every 5 s. Control messages only: the pages re-read through their usual routes. A burst (a publish is a `release`
 * and a `published`) is one re-read. While the stream is down, `onState(false)` tells the pages to poll as before.
 */
export interface ConsoleStreamLike {
  readonly readyState: number;
  addEventListener(type: string, listener: () => void): void;
  onopen: (() => void) | null;
  onerror: (() => void) | null;
  close(): void;
}

export interface ConsoleStreamOptions {
  /** A release started, widened, completed or was rolled back, or a publish happened. */
  onReleases(): void;
  /** Published versions or drafts changed: the document list re-reads. */
  onDocuments(): void;
  /** Whether the stream is open (false: the pages poll). */
  onState(open: boolean): void;
  open?: (url: string) => ConsoleStreamLike;
}

export const CONSOLE_LIVE_URL = '/admin/api/live';
/** Events this close together are one re-read. */
export const BURST_MS = 200;
/** After a refusal (an expired session, a server without the route): the next try. */
const RETRY_MS = 30_000;
const CLOSED = 2;

export function watchConsole(o: ConsoleStreamOptions): () => void {
  const open = o.open ?? ((url: string) => new EventSource(url, { withCredentials: true }) as ConsoleStreamLike);
  let stream: ConsoleStreamLike | null = null;
  let stopped = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let burst: ReturnType<typeof setTimeout> | undefined;
  const due = { releases: false, documents: false };

  const later = (what: 'releases' | 'documents' | 'both') => {
    if (what !== 'documents') due.releases = true;
    if (what !== 'releases') due.documents = true;
    burst ??= setTimeout(() => {
      burst = undefined;
      const { releases, documents } = due;
      due.releases = due.documents = false;
      if (releases) o.onReleases();
      if (documents) o.onDocuments();
    }, BURST_MS);
  };

  function connect() {
    if (stopped) return;
    let s: ConsoleStreamLike;
    try {
      s = stream = open(CONSOLE_LIVE_URL);
    } catch {
      o.onState(false);
      return;
    }
    s.addEventListener('release', () => later('releases'));
    s.addEventListener('published', () => later('both'));
    s.addEventListener('drafts', () => later('documents'));
    s.onopen = () => {
      o.onState(true);
      // What changed while it was down is read once.
      later('both');
    };
    s.onerror = () => {
      // Reconnecting by itself (CONNECTING) or refused (CLOSED): either way the pages poll meanwhile.
      o.onState(false);
      if (s.readyState !== CLOSED || stopped) return;
      s.close();
      retry = setTimeout(connect, RETRY_MS * (0.5 + Math.random()));
    };
  }

  connect();
  return () => {
    stopped = true;
    clearTimeout(retry);
    clearTimeout(burst);
    stream?.close();
  };
}
