/**
 * One open Server-Sent Events response. It writes only: events, the heartbeat comment, the `id:` a page resumes from.
 * A page that stops reading (a frozen tab, a dead network) is cut once its unsent backlog passes `MAX_BACKLOG`: it
 * reconnects and resumes with `Last-Event-ID`, instead of the replica buffering for it without end.
 */
import type { ServerResponse } from 'node:http';

const MAX_BACKLOG = 64 * 1024;

/** The headers of every stream (the contract's): no cache, no proxy buffering, kept alive. */
export const STREAM_HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-store',
  'X-Accel-Buffering': 'no',
  Connection: 'keep-alive',
} as const;

/** One event's text on the wire. */
export function sseFrame(event: string, id: string | number, data: unknown): string {
  return `id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

export class SseStream {
  private closed = false;

  constructor(
    private readonly res: ServerResponse,
    private readonly onEvent: (event: string) => void = () => {},
  ) {}

  /** Starts the response: the headers, EventSource's `retry:` and the generation the page is at. */
  open(retryMs: number) {
    this.res.writeHead(200, STREAM_HEADERS);
    this.write(`retry: ${retryMs}\n\n`);
  }

  /** An `id:` without data: EventSource keeps it as its Last-Event-ID and dispatches nothing (HTML §9.2.6). */
  mark(id: string | number) {
    this.write(`id: ${id}\n\n`);
  }

  send(event: string, id: string | number, data: unknown) {
    this.sendFrame(event, sseFrame(event, id, data));
  }

  /** An event already framed by `sseFrame`: one text shared by every stream that gets the same event. */
  sendFrame(event: string, frame: string) {
    if (this.write(frame)) this.onEvent(event);
  }

  heartbeat() {
    this.write(': hb\n\n');
  }

  end() {
    if (this.closed) return;
    this.closed = true;
    this.res.end();
  }

  get isClosed() {
    return this.closed || this.res.destroyed;
  }

  private write(chunk: string): boolean {
    if (this.isClosed) return false;
    if (this.res.writableLength > MAX_BACKLOG) {
      this.closed = true;
      this.res.destroy();
      return false;
    }
    this.res.write(chunk);
    return true;
  }
}
