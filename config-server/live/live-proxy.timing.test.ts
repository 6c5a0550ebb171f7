/**
 * Live streams through a real reverse proxy: nginx in front, speaking HTTP/2 to the pages (cleartext, prior
 * knowledge, as behind a TLS terminator) and HTTP/1.1 keep-alive to the replica, with its default `proxy_buffering on`
 * and no stream-specific settings: heartbeats and a publish reach the page at once, uncompressed, and two pages'
 * streams share one HTTP/2 connection (a stream does not take one of the browser's six HTTP/1.1 connections).
 * (nginx 1.22 passed this with `X-Accel-Buffering: yes` too: it forwards what it has read; the header is for proxies
 * that hold a response until a buffer fills.) Debian's nginx is installed by tests/ensure-tools.ts.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect as h2connect, type ClientHttp2Session } from 'node:http2';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { startTestServer } from '../testing/test-helpers.js';
import { publishText } from './testing/live-fixtures.js';

const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => spawnSync(p, ['-v']).status === 0);

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

function nginxConf(dir: string, port: number, upstream: number): string {
  const tmp = (n: string) => `${n}_temp_path ${join(dir, n)};`;
  return `worker_processes 1; pid ${join(dir, 'nginx.pid')}; error_log ${join(dir, 'error.log')};
events { worker_connections 256; }
http {
  access_log off; ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(tmp).join(' ')}
  upstream replica { server 127.0.0.1:${upstream}; keepalive 8; }
  server {
    listen 127.0.0.1:${port} http2;
    location / { proxy_pass http://replica; proxy_http_version 1.1; proxy_set_header Connection ""; proxy_read_timeout 60s; }
  }
}`;
}

/** One stream over the HTTP/2 session: its headers, and the time each event or comment arrived. */
function openStream(session: ClientHttp2Session) {
  const got: { at: number; text: string }[] = [];
  const req = session.request({ ':path': '/config/v1/live?market=ID', accept: 'text/event-stream' });
  const headers = new Promise<Record<string, unknown>>((r) => req.on('response', (h) => r(h)));
  req.setEncoding('utf8');
  req.on('data', (d: string) => got.push({ at: Date.now(), text: d }));
  return { headers, got, seen: (s: string) => got.find((g) => g.text.includes(s)) };
}

const until = async (ok: () => unknown, ms: number, what: string) => {
  for (const end = Date.now() + ms; !ok();) {
    if (Date.now() > end) throw new Error(`through nginx: no ${what} within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

it('carries a publish through nginx (HTTP/2 to pages, HTTP/1.1 keep-alive to the replica) at once', async ({
  onTestFinished,
}) => {
  expect(
    NGINX,
    'nginx is not installed: run `npx tsx tests/ensure-tools.ts` (or apt-get install nginx-light)',
  ).toBeTruthy();
  const s = await startTestServer({ env: { LIVE_HEARTBEAT_MS: '300' } });
  const dir = mkdtempSync(join(tmpdir(), 'sdui-nginx-'));
  let proxy: ChildProcess | undefined;
  let session: ClientHttp2Session | undefined;
  onTestFinished(async () => {
    session?.destroy();
    proxy?.kill('SIGKILL');
    await s.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  const port = await freePort();
  writeFileSync(join(dir, 'nginx.conf'), nginxConf(dir, port, Number(new URL(s.url).port)));
  proxy = spawn(NGINX!, ['-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'ignore' });
  for (let i = 0; i < 100 && !session; i++) {
    await new Promise((r) => setTimeout(r, 50));
    const c = h2connect(`http://127.0.0.1:${port}`);
    const ok = await new Promise<boolean>((r) => {
      c.once('connect', () => r(true));
      c.once('error', () => r(false));
    });
    if (ok) session = c;
    else c.destroy();
  }
  expect(session, 'nginx did not come up').toBeTruthy();

  const a = openStream(session!);
  const b = openStream(session!);
  const head = await a.headers;
  expect(head[':status']).toBe(200);
  expect(head['content-type']).toBe('text/event-stream; charset=utf-8');
  expect(head['content-encoding']).toBeUndefined();
  await b.headers;
  await until(() => a.seen('retry:') && b.seen('retry:'), 2000, 'stream start');
  // Heartbeats every 300 ms: a buffering proxy would hold them back until its buffer filled.
  await until(() => a.got.filter((g) => g.text.includes(': hb')).length >= 2, 2000, 'heartbeat');

  const p0 = Date.now();
  await publishText(s, `through nginx ${p0}`);
  await until(() => a.seen('event: published') && b.seen('event: published'), 1000, 'published event on both streams');
  const lag = Math.max(a.seen('event: published')!.at, b.seen('event: published')!.at) - p0;
  console.log(`publish → both pages' streams through nginx over one HTTP/2 connection: ${lag} ms`);
  expect(lag).toBeLessThan(1000);
}, 30_000);
