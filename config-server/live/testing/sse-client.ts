/**
 * A minimal EventSource for tests, over node:http: it keeps what a page's EventSource would see (events with their id,
 * type and data, comments, `retry:`), so tests assert the wire format itself. Not imported by production code.
 */
import { request, type IncomingMessage } from 'node:http';

export interface SseEvent {
  id?: string;
  event: string;
  data: string;
  at: number;
}

export interface SseClient {
  status: number;
  headers: IncomingMessage['headers'];
  events: SseEvent[];
  comments: string[];
  /** The last `id:` seen (what EventSource would send as Last-Event-ID). */
  lastId?: string;
  retry?: number;
  /** Resolves when the server ends the stream (or it is cut). */
  ended: Promise<void>;
  /** Waits for an event matching `test` (already received or arriving), up to `timeoutMs`. */
  next(test: (e: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  close(): void;
}

export function openSse(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      const waiters = new Set<() => void>();
      let endResolve!: () => void;
      const client: SseClient = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        events: [],
        comments: [],
        ended: new Promise<void>((r) => (endResolve = r)),
        next(test, timeoutMs = 5000) {
          return new Promise((ok, fail) => {
            const check = () => {
              const e = client.events.find(test);
              if (!e) return false;
              waiters.delete(check as () => void);
              clearTimeout(timer);
              ok(e);
              return true;
            };
            const timer = setTimeout(() => {
              waiters.delete(check as () => void);
              fail(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(client.events)}`));
            }, timeoutMs);
            if (!check()) waiters.add(check as () => void);
          });
        },
        close: () => req.destroy(),
      };
      let buf = '';
      let cur: Partial<SseEvent> & { data?: string } = {};
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buf += chunk;
        let nl: number;
        while ((nl = buf.indexOf('\n')) >= 0) {
          const line = buf.slice(0, nl);
          buf = buf.slice(nl + 1);
          if (line === '') {
            if (cur.data !== undefined)
              client.events.push({ id: client.lastId, event: cur.event ?? 'message', data: cur.data, at: Date.now() });
            cur = {};
            for (const w of [...waiters]) w();
          } else if (line.startsWith(':')) client.comments.push(line.slice(1).trim());
          else {
            const i = line.indexOf(':');
            const field = i < 0 ? line : line.slice(0, i);
            const value = i < 0 ? '' : line.slice(i + 1).replace(/^ /, '');
            if (field === 'id') client.lastId = value;
            else if (field === 'event') cur.event = value;
            else if (field === 'data') cur.data = cur.data === undefined ? value : `${cur.data}\n${value}`;
            else if (field === 'retry') client.retry = Number(value);
          }
        }
      });
      res.on('end', endResolve);
      res.on('close', endResolve);
      res.on('error', endResolve);
      resolve(client);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Opens a stream and waits until the server has sent its first bytes (its `id:`), so it is registered. */
export async function openReady(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
  const c = await openSse(url, headers);
  const deadline = Date.now() + 5000;
  while (c.status === 200 && c.lastId === undefined && c.events.length === 0 && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 5));
  return c;
}
