/**
 * The server as production runs it: compiled JavaScript started with `node dist/server/config-server/main.js`
 *. It serves from its compiled files, drains on SIGTERM, and logs JSON lines without secrets.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request, type ClientRequest, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIfNeeded, startCompiled, type CompiledServer } from '../testing/compiled-server.js';
import { projectRoot } from '../project-root.js';

const REPAY = '/sandbox/api/v1/youmi/youmi-api/service/loan';
const PROMO = '/sandbox/api/v2/youmi/promotion';
const TOKEN = 'tok-Q7x9Zr-secret';
const PHONE = '13912345678';
const SMS_CODE = '123456';
const ADMIN_PASSWORD = 'pw-Harbour-Lantern-42';
const common = (extra: Record<string, string | number> = {}) =>
  new URLSearchParams({
    market: 'ID',
    token: TOKEN,
    deviceId: 'dev-ops',
    platform: 'android',
    ...Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, String(v)])),
  });

beforeAll(() => buildIfNeeded(), 240_000);

describe('the compiled server', () => {
  let s: CompiledServer;
  beforeAll(async () => {
    s = await startCompiled();
  }, 90_000);
  afterAll(() => s?.stop());

  it('runs as node on compiled JavaScript and serves a drawn page, the config API, the OpenAPI file and the sandbox', async () => {
    const cmdline = readFileSync(`/proc/${s.child.pid}/cmdline`, 'utf8').split('\0');
    expect(cmdline[1]).toMatch(/dist\/server\/config-server\/main\.js$/);
    expect(cmdline.join(' ')).not.toMatch(/tsx/);
    const page = await fetch(`${s.url}/instalmentRepay?${common({ productId: 101, orderId: 1003 })}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('data-ssr');
    expect(html).toMatch(/<script type="module"[^>]* src="\/assets\//);
    expect((await fetch(`${s.url}/config/v1/bundle?market=ID`)).status).toBe(200);
    // openapi.json is read next to the compiled module, the sandbox's request schemas too (copied by the build).
    expect(((await (await fetch(`${s.url}/openapi.json`)).json()) as { openapi: string }).openapi).toMatch(/^3\./);
    const bad = await fetch(`${s.url}${REPAY}/repayment-way?${common()}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(((await bad.json()) as { code: number }).code).not.toBe(0);
  });

  it('answers /healthz (alive) and /readyz (ready)', async () => {
    expect((await fetch(`${s.url}/healthz`)).status).toBe(200);
    const r = await fetch(`${s.url}/readyz`);
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({ status: 'ready', generation: expect.any(Number) });
  });
});

/** A POST whose body arrives in two parts: in flight from its first byte until `finish()`. */
function slowPost(url: string, body: string) {
  let req!: ClientRequest;
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req = request(
      url,
      { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (res: IncomingMessage) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
  });
  const half = Math.floor(body.length / 2);
  req.write(body.slice(0, half));
  return { response, finish: () => req.end(body.slice(half)) };
}

describe('SIGTERM', () => {
  it('drains: /readyz 503 at once, new connections refused after the grace period, the in-flight request completes, exit 0 within 10 s', async () => {
    const s = await startCompiled({ DRAIN_GRACE_MS: '800' });
    try {
      expect((await fetch(`${s.url}/readyz`)).status).toBe(200);
      const slow = slowPost(`${s.url}${REPAY}/repayment-way?${common()}`, JSON.stringify({ orderId: 1003 }));
      await new Promise((r) => setTimeout(r, 200));
      const sent = Date.now();
      s.child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 150));
      // Within the grace period: a new connection is still answered, and told the replica is not ready.
      const during = await fetch(`${s.url}/readyz`);
      expect(during.status).toBe(503);
      expect(await during.json()).toMatchObject({ status: 'draining' });
      await new Promise((r) => setTimeout(r, 1200));
      // After it: the listener is closed, while the slow request is still being received.
      await expect(fetch(`${s.url}/healthz`)).rejects.toThrow();
      expect(s.child.exitCode).toBeNull();
      slow.finish();
      const answer = await slow.response;
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 0, data: { repayToken: expect.any(String) } });
      const exit = await s.exited;
      expect(exit.code).toBe(0);
      expect(exit.at - sent).toBeLessThan(10_000);
      const lines = s.logLines();
      expect(lines.some((l) => l.signal === 'SIGTERM')).toBe(true);
      expect(lines.some((l) => l.route === '/readyz' && l.status === 503)).toBe(true);
      expect(lines.some((l) => l.route === `${REPAY}/repayment-way` && l.status === 200)).toBe(true);
      expect(lines.at(-1)?.msg).toBe('stopped');
    } finally {
      await s.stop();
    }
  }, 60_000);
});

describe('npm start', () => {
  it('runs node on compiled JavaScript (no tsx in the tree), and a SIGTERM to npm stops the server with it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sdui-npm-start-'));
    const child = spawn('npm', ['start'], {
      cwd: projectRoot,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        SANDBOX: 'on',
        NODE_ENV: 'development',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        DRAIN_GRACE_MS: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout!.on('data', (d) => (out += d));
    child.stderr!.on('data', (d) => (out += d));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      const deadline = Date.now() + 120_000;
      while (!/config server on http/.test(out)) {
        if (child.exitCode !== null || Date.now() > deadline) throw new Error(`npm start did not start:\n${out}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      const tree = descendants(child.pid!);
      const commands = tree.map((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim());
      expect(commands.join('\n')).not.toMatch(/tsx/);
      const server = tree.filter((_, i) => /dist\/server\/config-server\/main\.js/.test(commands[i]));
      expect(server).toHaveLength(1);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      await new Promise((r) => setTimeout(r, 100));
      expect(alive(server[0])).toBe(false);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      for (const pid of descendants(child.pid!)) if (alive(pid)) process.kill(pid, 'SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 150_000);
});

/** Every process below `pid` (from /proc), depth first. */
function descendants(pid: number): number[] {
  const children: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) children.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return children.flatMap((c) => [c, ...descendants(c)]);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('logs', () => {
  it('one JSON access line per request, with request id, method, route template, status, duration and arm; no token, phone, SMS code or password anywhere', async () => {
    const s = await startCompiled({ ADMIN_USER: 'ops', ADMIN_PASSWORD, ADMIN_ROLE: 'publisher' });
    try {
      const ids: string[] = [];
      let n = 0;
      const call = async (path: string, init: RequestInit = {}) => {
        const id = `test-${++n}`;
        ids.push(id);
        const r = await fetch(`${s.url}${path}`, {
          ...init,
          headers: { ...(init.headers as Record<string, string>), 'x-request-id': id },
        });
        expect(r.headers.get('x-request-id')).toBe(id);
        return r;
      };
      const post = async (path: string, fields: Record<string, string | number>) =>
        (await (
          await call(`${path}?${common()}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(fields),
          })
        ).json()) as {
          code: number;
          data: Record<string, string>;
        };
      // A borrower: the repayment page (drawn with their data), then a repayment with a card that needs the SMS code.
      expect((await call(`/instalmentRepay?${common({ productId: 101, orderId: 1003 })}`)).status).toBe(200);
      expect((await call(`/config/v1/bundle?market=ID&token=${TOKEN}`)).status).toBe(200);
      const way = await post(`${REPAY}/repayment-way`, { orderId: 1003 });
      const commit = await post(`${REPAY}/repayment-commit`, {
        orderId: 1003,
        amount: '350000',
        cardId: 1,
        repayToken: way.data.repayToken,
      });
      expect(commit).toMatchObject({ code: 0, data: { needValid: 1 } });
      const confirm = await post(`${REPAY}/repayment-confirm`, {
        orderId: 1003,
        verifyCode: SMS_CODE,
        repaymentRecordId: commit.data.repayRecordId,
      });
      expect(confirm.code).toBe(0);
      // A visitor registering: phone and SMS code in the body.
      const sid = ((await (await call(`${PROMO}/get-sid?${common()}`)).json()) as { data: { sid: string } }).data.sid;
      expect((await post(`${PROMO}/get-sms`, { phone: PHONE, capcode: '7G4K', sid })).code).toBe(0);
      expect((await post(`${PROMO}/register`, { phone: PHONE, capcode: '7G4K', sid, smsCode: SMS_CODE })).code).toBe(0);
      // An operator: a wrong password, then the right one; a client-sent id that is not sane is replaced.
      const login = (password: string) =>
        call('/admin/api/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ user: 'ops', password }),
        });
      expect((await login(`${ADMIN_PASSWORD}-wrong`)).status).toBe(401);
      expect((await login(ADMIN_PASSWORD)).status).toBe(200);
      const odd = await fetch(`${s.url}/healthz`, { headers: { 'x-request-id': 'not sane <script>' } });
      expect(odd.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      await new Promise((r) => setTimeout(r, 300));

      const access = s.logLines().filter((l) => l.msg === 'request');
      for (const id of ids)
        expect(
          access.filter((l) => l.requestId === id),
          id,
        ).toHaveLength(1);
      const line = (id: string) => access.find((l) => l.requestId === id)!;
      expect(line('test-1')).toMatchObject({
        level: 'info',
        method: 'GET',
        route: 'page:instalment-repay',
        status: 200,
        ms: expect.any(Number),
        arm: null,
      });
      expect(line('test-2')).toMatchObject({ route: '/config/v1/bundle', status: 200 });
      expect(line('test-3')).toMatchObject({ method: 'POST', route: `${REPAY}/repayment-way` });
      expect(access.filter((l) => l.route === '/admin/api/login').map((l) => l.status)).toEqual([401, 200]);
      // The page's own server-side call to the sandbox is a request too, logged by its template.
      expect(
        access.some(
          (l) => typeof l.route === 'string' && l.route.startsWith('/sandbox/') && !ids.includes(l.requestId as string),
        ),
      ).toBe(true);
      for (const l of access)
        expect(Object.keys(l).sort()).toEqual(
          expect.arrayContaining(['arm', 'method', 'ms', 'requestId', 'route', 'status', 'time']),
        );

      const log = s.output();
      for (const secret of [TOKEN, PHONE, SMS_CODE, ADMIN_PASSWORD, way.data.repayToken])
        expect(log, secret).not.toContain(secret);
      // No URL query in the log lines (the start banner's demo links carry the demo token, by design).
      expect(s.logLines().filter((l) => JSON.stringify(l).includes('token='))).toEqual([]);
    } finally {
      await s.stop();
    }
  }, 90_000);
});

describe('production mode', () => {
  it('serves no developer page: /gallery, /testPreview and their screen documents are 404 (DEV_PAGES unset)', async () => {
    const s = await startCompiled({ NODE_ENV: 'production', SANDBOX: 'off' });
    try {
      for (const p of [
        '/gallery?market=ID',
        '/testPreview?market=ID',
        '/config/v1/screens/gallery',
        '/config/v1/screens/test-preview',
      ]) {
        expect((await fetch(`${s.url}${p}`)).status, p).toBe(404);
      }
      expect((await fetch(`${s.url}/complaint?market=ID`)).status).toBe(200);
    } finally {
      await s.stop();
    }
  }, 60_000);
});
