import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ANSWER_BYTES, ssrFetch, ssrSettingsFromEnv } from './backend-call.js';

let server: http.Server;
let origin: string;
const seen: { url: string; headers: http.IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ url: req.url ?? '', headers: req.headers, body });
      const wait = req.url?.includes('slow') ? 500 : 0;
      if (req.url?.includes('huge')) {
        res.end(Buffer.alloc(MAX_ANSWER_BYTES + 1024, 'x'));
        return;
      }
      if (req.url?.includes('moved')) {
        res.writeHead(302, { location: '/sandbox/a/b' }).end();
        return;
      }
      setTimeout(() => res.end(JSON.stringify({ code: 0, message: '', data: { ok: 1 } })), wait);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => server.close());

const client = (base: string, allowedOrigins: string[], selfOrigin = 'http://127.0.0.1:1', budget = 1000) => {
  const send = ssrFetch({ selfOrigin, allowedOrigins, deadline: Date.now() + budget });
  const headers = { 'X-Requested-With': 'XMLHttpRequest' };
  return {
    get: (path: string) => send({ url: base + path, method: 'GET', headers }),
    post: (path: string, body: string) => send({ url: base + path, method: 'POST', headers, body }),
  };
};

describe('server-side data calls', () => {
  it('reads its settings from the environment: allowed origins (normalised), budget default 300 ms', () => {
    expect(ssrSettingsFromEnv({})).toEqual({ render: true, allowedOrigins: [], budgetMs: 300 });
    expect(ssrSettingsFromEnv({ SSR: 'off' }).render).toBe(false);
    expect(
      ssrSettingsFromEnv({
        SSR_BACKEND_ORIGINS: 'https://api.example.com/x, http://b:81',
        SSR_PREFETCH_BUDGET_MS: '120',
      }),
    ).toEqual({
      render: true,
      allowedOrigins: ['https://api.example.com', 'http://b:81'],
      budgetMs: 120,
    });
    // A typo stops the start instead of silently dropping a backend (security-settings.ts).
    expect(() => ssrSettingsFromEnv({ SSR_BACKEND_ORIGINS: 'https://api.example.com, not a url' })).toThrow(
      /SSR_BACKEND_ORIGINS: 'not a url'/,
    );
    expect(ssrSettingsFromEnv({ SSR_PREFETCH_BUDGET_MS: '-5' }).budgetMs).toBe(300);
  });

  it('calls an allowed origin with the headers and a form body; a same-origin base goes to this server', async () => {
    const res = await client(`${origin}/sandbox`, [origin]).post('/a/b?token=t1', 'orderId=7');
    expect(JSON.parse(res.text)).toEqual({ code: 0, message: '', data: { ok: 1 } });
    const last = seen.at(-1)!;
    expect(last.url).toBe('/sandbox/a/b?token=t1');
    expect(last.headers['x-requested-with']).toBe('XMLHttpRequest');
    expect(last.body).toBe('orderId=7');
    await client('/sandbox', [], origin).get('/c');
    expect(seen.at(-1)!.url).toBe('/sandbox/c');
  });

  it('refuses any other origin without a request, and errors never carry the URL (its query holds the token)', async () => {
    const before = seen.length;
    const err = await client(`${origin}/sandbox`, ['https://api.example.com'])
      .get('/a?token=secret-token')
      .catch((e: Error) => e);
    expect((err as Error).message).toContain('is not in SSR_BACKEND_ORIGINS');
    expect((err as Error).message).not.toContain('secret-token');
    expect(seen.length).toBe(before);
  });

  it('gives up at the deadline, and on an unreachable backend', async () => {
    const t0 = Date.now();
    const slow = await client(origin, [origin], undefined, 100)
      .get('/slow?token=secret-token')
      .catch((e: Error) => e);
    expect((slow as Error).message).toBe('over the server render budget');
    expect(Date.now() - t0).toBeLessThan(400);
    const down = await client('http://127.0.0.1:9', ['http://127.0.0.1:9'])
      .get('/x')
      .catch((e: Error) => e);
    expect((down as Error).message).toBe('backend unreachable');
  });

  it('does not follow a redirect and refuses an answer too large to inline', async () => {
    const moved = await client(origin, [origin]).get('/moved?token=secret-token');
    expect(moved.status).toBe(302);
    const huge = await client(origin, [origin])
      .get('/huge?token=secret-token')
      .catch((e: Error) => e);
    expect((huge as Error).message).toBe('answer too large');
  });

  it('sends a call again on a new connection when the backend closed the kept-alive one as it was reused', async () => {
    // The backend ends the connection as the second call arrives on it, as a backend closing an idle connection
    // does at the moment it is reused: the call is reset before any answer.
    let calls = 0;
    const ports: number[] = [];
    const closing = http.createServer((req, res) => {
      ports.push(req.socket.remotePort!);
      if (++calls === 2) return void req.socket.destroy();
      req.resume();
      req.on('end', () => res.end(JSON.stringify({ code: 0, data: { call: calls } })));
    });
    await new Promise<void>((r) => closing.listen(0, '127.0.0.1', r));
    const at = `http://127.0.0.1:${(closing.address() as { port: number }).port}`;
    try {
      expect((await client(at, [at]).post('/a', 'x=1')).text).toContain('"call":1');
      expect((await client(at, [at]).post('/a', 'x=1')).text).toContain('"call":3');
      expect(ports[1]).toBe(ports[0]);
      expect(ports[2]).not.toBe(ports[1]);
      // Once only: a backend that resets every call is unreachable.
      calls = 1;
      ports.length = 0;
      closing.on('request', (req) => req.socket.destroy());
      const refused = await client(at, [at])
        .post('/a', 'x=1')
        .catch((e: Error) => e);
      expect((refused as Error).message).toBe('backend unreachable');
    } finally {
      closing.closeAllConnections();
      closing.close();
    }
  });

  it("drops an idle connection before the backend's announced keep-alive timeout ends it", async () => {
    const ports: number[] = [];
    const brief = http.createServer((req, res) => {
      ports.push(req.socket.remotePort!);
      req.resume();
      req.on('end', () => res.end('{}'));
    });
    // Announced as `Keep-Alive: timeout=2`: this side lets the connection go after 1 s idle.
    brief.keepAliveTimeout = 2000;
    await new Promise<void>((r) => brief.listen(0, '127.0.0.1', r));
    const at = `http://127.0.0.1:${(brief.address() as { port: number }).port}`;
    try {
      await client(at, [at]).get('/a');
      await client(at, [at]).get('/a');
      await new Promise((r) => setTimeout(r, 1300));
      await client(at, [at]).get('/a');
      expect(ports[1]).toBe(ports[0]);
      expect(ports[2]).not.toBe(ports[1]);
    } finally {
      brief.closeAllConnections();
      brief.close();
    }
  });

  it('reuses one kept-alive connection for calls one after another', async () => {
    const ports = new Set<number>();
    server.on('request', (req) => ports.add(req.socket.remotePort!));
    for (let i = 0; i < 5; i++) await client(origin, [origin]).get('/again');
    expect(ports.size).toBe(1);
  });
});
