/**
 * Test helper: a fake `/admin/api` behind `fetch`, recording every request, so console
 * components are tested against the API's real shapes (the admin API's routes) without a server.
 */
import { vi } from 'vitest';

export interface Recorded {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

type Answer = { status?: number; body?: unknown; headers?: Record<string, string> };
/** A route's answer; a promise holds it back (a slow answer, released when the test says). */
type Handler = (req: Recorded) => Answer | Promise<Answer>;

export function fakeAdminServer(routes: Record<string, Handler>) {
  const calls: Recorded[] = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const path = url.replace(/^\/admin\/api/, '');
    const req: Recorded = {
      method,
      path,
      headers: (init.headers ?? {}) as Record<string, string>,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(req);
    const key = `${method} ${path.split('?')[0]}`;
    const handler = routes[key];
    const out = handler
      ? await handler(req)
      : { status: 404, body: { error: { status: 404, message: `No such endpoint: ${key}` } } };
    return new Response(out.body === undefined ? null : JSON.stringify(out.body), {
      status: out.status ?? 200,
      headers: { 'Content-Type': 'application/json', ...(out.headers ?? {}) },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls };
}
