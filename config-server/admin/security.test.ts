/**
 * The admin security fixes, each asserted both ways: API tokens (expiry, list, revoke, ended by a password
 * reset, role or disable), login limits per account and per address, the session cookie's `Secure`, the sandbox
 * in production, a malformed cookie, the validation call limit (validate-off-loop.timing.test.ts times the worker),
 * password re-hashing at login, and the audit.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkedFetch as fetch } from '../openapi/check.js';
import { startBanner } from '../ops/start-banner.js';
import { sharedTestPostgres } from '../testing/pg-test-server.js';
import { login, PASSWORD, startTestServer, testStores, type Client, type TestServer } from '../testing/test-helpers.js';
import { sha256 } from './auth.js';
import { hashPassword, LEGACY_SCRYPT, OWASP_SCRYPT, paramsOf } from './password.js';

const run = promisify(execFile);

/** A fetch with a bearer token. */
const bearer = (base: string, token: string, path = '/admin/api/me', init: RequestInit = {}) =>
  fetch(base + path, {
    ...init,
    headers: {
      authorization: `Bearer ${token}`,
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.headers as object),
    },
  });

const loginRequest = (base: string, user: string, password: string, headers: Record<string, string> = {}) =>
  fetch(`${base}/admin/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ user, password }),
  });

describe.each(testStores())('API tokens on %s', (store) => {
  let s: TestServer;
  let ed: Client, pat: Client;
  beforeAll(async () => {
    s = await startTestServer({ store });
    [ed, pat] = await Promise.all(['ed', 'pat'].map((u) => login(s.url, u)));
  });
  afterAll(() => s?.stop());

  const mint = async (c: Client, body: object = {}) => {
    const r = await c.req('POST', '/admin/api/tokens', { label: 'script', ...body });
    expect(r.status, await r.clone().text()).toBe(201);
    return (await r.json()) as { token: string; id: string; role: string; expiresAt: string };
  };

  it('a revoked token gets 401 and a fresh one 200; the list shows only live tokens; expiry defaults to 90 days', async () => {
    const old = await mint(ed, { label: 'old' });
    const fresh = await mint(ed, { label: 'fresh' });
    expect(Date.parse(old.expiresAt) - Date.now()).toBeGreaterThan(89.9 * 86_400_000);
    expect(Date.parse(old.expiresAt) - Date.now()).toBeLessThan(90.1 * 86_400_000);
    expect((await bearer(s.url, old.token)).status).toBe(200);
    const listed = await (await ed.req('GET', '/admin/api/tokens')).json();
    expect(listed.tokens.map((t: { id: string }) => t.id)).toEqual(expect.arrayContaining([old.id, fresh.id]));
    expect(JSON.stringify(listed)).not.toContain(old.token);

    expect((await ed.req('DELETE', `/admin/api/tokens/${old.id}`)).status).toBe(204);
    const revoked = await bearer(s.url, old.token);
    expect(revoked.status).toBe(401);
    expect((await revoked.json()).error.message).toMatch(/expired or revoked/);
    expect((await bearer(s.url, fresh.token)).status).toBe(200);
    expect(
      (await (await ed.req('GET', '/admin/api/tokens')).json()).tokens.map((t: { id: string }) => t.id),
    ).not.toContain(old.id);
    // Only one's own: another user's token id is unknown to pat.
    expect((await pat.req('DELETE', `/admin/api/tokens/${fresh.id}`)).status).toBe(404);
    expect((await bearer(s.url, fresh.token)).status).toBe(200);
  });

  it('an expired token gets 401; a lifetime asked for at minting is kept', async () => {
    const short = await mint(ed, { expiresInDays: 2 });
    expect(Date.parse(short.expiresAt) - Date.now()).toBeLessThan(2.01 * 86_400_000);
    expect((await ed.req('POST', '/admin/api/tokens', { expiresInDays: 0 })).status).toBe(400);
    await s.config.auth.createApiToken(sha256('expired-secret'), {
      id: 'expired1',
      user: 'ed',
      label: 'x',
      role: 'editor',
      expiresAt: Date.now() - 1,
    });
    await s.config.auth.createApiToken(sha256('live-secret'), {
      id: 'live1',
      user: 'ed',
      label: 'x',
      role: 'editor',
      expiresAt: Date.now() + 60_000,
    });
    expect((await bearer(s.url, 'expired-secret')).status).toBe(401);
    expect((await bearer(s.url, 'live-secret')).status).toBe(200);
  });

  it('a password reset ends the old token (401) and the sessions; a token minted after it works (200)', async () => {
    const vera = await login(s.url, 'vera');
    const before = await mint(vera);
    expect((await bearer(s.url, before.token)).status).toBe(200);
    await s.config.auth.upsertUser({
      name: 'vera',
      role: 'viewer',
      passwordHash: await hashPassword('a brand new password', { N: 2 ** 10, r: 8, p: 1 }),
    });
    expect((await bearer(s.url, before.token)).status).toBe(401);
    expect((await vera.req('GET', '/admin/api/me')).status).toBe(401);
    const again = await login(s.url, 'vera', 'a brand new password');
    expect((await bearer(s.url, (await mint(again)).token)).status).toBe(200);
  });

  it('a role change and a disabled user end the tokens too; a disabled user cannot log in', async () => {
    const eve = await login(s.url, 'eve');
    const t = await mint(eve);
    await s.config.auth.upsertUser({
      name: 'eve',
      role: 'viewer',
      passwordHash: (await s.config.auth.getUser('eve'))!.passwordHash,
    });
    expect((await bearer(s.url, t.token)).status).toBe(401);
    const eve2 = await login(s.url, 'eve');
    const t2 = await mint(eve2);
    expect((await bearer(s.url, t2.token)).status).toBe(200);
    expect(await s.config.auth.disableUser('eve')).toBe(true);
    expect((await bearer(s.url, t2.token)).status).toBe(401);
    expect((await eve2.req('GET', '/admin/api/me')).status).toBe(401);
    expect((await loginRequest(s.url, 'eve', PASSWORD)).status).toBe(401);
  });

  it("a token never carries more than its user's role: minted lower it acts lower, higher is refused, and tokens cannot mint tokens", async () => {
    const low = await mint(pat, { role: 'viewer' });
    expect(low.role).toBe('viewer');
    expect(await (await bearer(s.url, low.token)).json()).toMatchObject({ user: 'pat', role: 'viewer', via: 'token' });
    const publish = await bearer(s.url, low.token, '/admin/api/publish', {
      method: 'POST',
      body: JSON.stringify({ documents: [{ kind: 'screen', id: 'not-found' }], note: 'x' }),
    });
    expect(publish.status).toBe(403);
    const full = await mint(pat);
    expect(await (await bearer(s.url, full.token)).json()).toMatchObject({ role: 'publisher' });
    expect((await ed.req('POST', '/admin/api/tokens', { role: 'publisher' })).status).toBe(403);
    const byToken = await bearer(s.url, full.token, '/admin/api/tokens', { method: 'POST', body: '{}' });
    expect(byToken.status).toBe(403);
    expect((await byToken.json()).error.message).toMatch(/session/);
  });
});

describe('login limits per account and per address', () => {
  it('blocks user A from the address guessing it, while A from elsewhere and user B from there still log in', async () => {
    const s = await startTestServer({
      env: { TRUST_PROXY: 'loopback' },
      loginLimit: { windowMs: 60_000, limit: 20, perPair: 3, delayMs: 1, maxDelayMs: 5 },
    });
    try {
      for (let i = 1; i <= 3; i++)
        expect((await loginRequest(s.url, 'pat', 'wrong password!', { 'x-forwarded-for': '10.0.0.1' })).status).toBe(
          401,
        );
      // A from the guessing address: blocked, even with the right password.
      const locked = await loginRequest(s.url, 'pat', PASSWORD, { 'x-forwarded-for': '10.0.0.1' });
      expect(locked.status).toBe(429);
      expect((await locked.json()).error.message).toMatch(/for this account from your address/);
      expect((await loginRequest(s.url, 'pat', PASSWORD, { 'x-forwarded-for': '10.0.0.99' })).status).toBe(200);
      // B: from an address A used, and from a new one.
      expect((await loginRequest(s.url, 'ed', PASSWORD, { 'x-forwarded-for': '10.0.0.1' })).status).toBe(200);
      expect((await loginRequest(s.url, 'ed', PASSWORD, { 'x-forwarded-for': '10.0.0.50' })).status).toBe(200);
    } finally {
      await s.stop();
    }
  });

  it('counts per address as the trusted proxy reports it, and ignores X-Forwarded-For without TRUST_PROXY', async () => {
    const limit = { windowMs: 60_000, limit: 3, perAccount: 100 };
    const trusting = await startTestServer({ env: { TRUST_PROXY: '127.0.0.1' }, loginLimit: limit });
    const plain = await startTestServer({ loginLimit: limit });
    try {
      for (const s of [trusting, plain]) {
        for (let i = 0; i < 3; i++)
          expect(
            (await loginRequest(s.url, `nobody${i}`, 'wrong password!', { 'x-forwarded-for': '10.1.1.1' })).status,
          ).toBe(401);
      }
      // Behind the trusted proxy another client is another address; without TRUST_PROXY the header is a client's claim.
      expect((await loginRequest(trusting.url, 'ed', PASSWORD, { 'x-forwarded-for': '10.2.2.2' })).status).toBe(200);
      expect((await loginRequest(trusting.url, 'ed', PASSWORD, { 'x-forwarded-for': '10.1.1.1' })).status).toBe(429);
      expect((await loginRequest(plain.url, 'ed', PASSWORD, { 'x-forwarded-for': '10.2.2.2' })).status).toBe(429);
    } finally {
      await trusting.stop();
      await plain.stop();
    }
  });
});

describe('session cookie Secure', () => {
  const setCookie = async (s: TestServer, headers: Record<string, string> = {}) => {
    const r = await loginRequest(s.url, 'vera', PASSWORD, headers);
    expect(r.status).toBe(200);
    return r.headers.get('set-cookie')!;
  };

  it('is Secure behind X-Forwarded-Proto: https with TRUST_PROXY set, and not over plain http or without TRUST_PROXY', async () => {
    const behind = await startTestServer({ env: { TRUST_PROXY: 'loopback' } });
    const direct = await startTestServer();
    try {
      expect(await setCookie(behind, { 'x-forwarded-proto': 'https' })).toMatch(/;\s*Secure/i);
      expect(await setCookie(behind)).not.toMatch(/Secure/i);
      expect(await setCookie(direct)).not.toMatch(/Secure/i);
      // An untrusted client claiming https changes nothing.
      expect(await setCookie(direct, { 'x-forwarded-proto': 'https' })).not.toMatch(/Secure/i);
    } finally {
      await behind.stop();
      await direct.stop();
    }
  });

  it('is always Secure with NODE_ENV=production, unless COOKIE_SECURE=off', async () => {
    const prod = await startTestServer({ env: { NODE_ENV: 'production' } });
    const off = await startTestServer({ env: { NODE_ENV: 'production', COOKIE_SECURE: 'off' } });
    try {
      expect(await setCookie(prod)).toMatch(/;\s*Secure/i);
      expect(await setCookie(off)).not.toMatch(/Secure/i);
    } finally {
      await prod.stop();
      await off.stop();
    }
  });
});

describe('sandbox in production', () => {
  const SANDBOX_CALL = '/sandbox/sandbox-ext/bank-card/banks?market=ID&token=demo';

  it('is 404 with NODE_ENV=production unless SANDBOX=on; there with it, and in development by default', async () => {
    const prod = await startTestServer({ env: { NODE_ENV: 'production' } });
    const prodOn = await startTestServer({ env: { NODE_ENV: 'production', SANDBOX: 'on' } });
    const dev = await startTestServer({ env: {} });
    try {
      const off = await fetch(prod.url + SANDBOX_CALL);
      expect(off.status).toBe(404);
      expect((await off.json()).error.status).toBe(404);
      expect((await fetch(prodOn.url + SANDBOX_CALL)).status).toBe(200);
      expect((await fetch(dev.url + SANDBOX_CALL)).status).toBe(200);
      // The console's preview sandbox follows the same switch.
      const c = await login(prod.url, 'vera');
      expect((await c.req('GET', `/admin/api/preview/sandbox${SANDBOX_CALL.replace('/sandbox', '')}`)).status).toBe(
        404,
      );
    } finally {
      await Promise.all([prod.stop(), prodOn.stop(), dev.stop()]);
    }
  });

  it('the start banner says which backend is in use', () => {
    expect(startBanner('http://x', { sandbox: true, firstAccountNeeded: false })).toMatch(
      /^Backend: the sandbox at \/sandbox/m,
    );
    expect(startBanner('http://x', { sandbox: false, firstAccountNeeded: false })).toMatch(
      /^Backend: the API map's baseUrl \(the sandbox is off; SANDBOX=on/m,
    );
  });
});

describe('malformed session cookie', () => {
  it('is treated as no cookie: 401, nothing logged; a well-formed session cookie still works', async () => {
    const logged: unknown[][] = [];
    const s = await startTestServer({ log: (...a: unknown[]) => void logged.push(a) });
    try {
      const r = await fetch(`${s.url}/admin/api/me`, { headers: { cookie: 'sdui_admin=%E0%A4%A' } });
      expect(r.status).toBe(401);
      expect((await r.json()).error.message).toMatch(/Log in first/);
      const w = await fetch(`${s.url}/admin/api/documents`, {
        method: 'GET',
        headers: { cookie: 'other=1; sdui_admin=%E0%A4%A' },
      });
      expect(w.status).toBe(401);
      // No failure logged (a 500 logged its stack trace): only the start's own lines.
      expect(logged.map((a) => String(a[0])).filter((m) => !/^(first start|live streams: )/.test(m))).toEqual([]);
      expect(logged.flat().some((x) => x instanceof Error)).toBe(false);
      expect((await (await login(s.url, 'vera')).req('GET', '/admin/api/me')).status).toBe(200);
    } finally {
      await s.stop();
    }
  });
});

describe('POST /admin/api/validate off the event loop', () => {
  let s: TestServer;
  let vera: Client, ed: Client;
  beforeAll(async () => {
    s = await startTestServer({ validateLimit: { windowMs: 60_000, limit: 6 } });
    [vera, ed] = await Promise.all(['vera', 'ed'].map((u) => login(s.url, u)));
  });
  afterAll(() => s?.stop());

  it('finds the errors as before, and limits calls per user: one user at the limit gets 429, another still 200', async () => {
    const screen = (await (await vera.req('GET', '/admin/api/documents/screen/not-found')).json()).published.content;
    const bad = await ed.req('POST', '/admin/api/validate', { document: { ...screen, title: 'no.such.textKey' } });
    expect(bad.status).toBe(200);
    const errors = (await bad.json()).errors as { file: string; instancePath: string; message: string }[];
    expect(errors.length).toBeGreaterThan(0);
    for (const e of errors)
      expect(e).toMatchObject({
        file: 'screens/pages/not-found.json',
        instancePath: '/title',
        message: expect.stringMatching(/no\.such\.textKey/),
      });
    let last: Response | undefined;
    for (let i = 0; i < 10 && (!last || last.status !== 429); i++)
      last = await vera.req('POST', '/admin/api/validate', {});
    expect(last!.status).toBe(429);
    expect((await last!.json()).error.message).toMatch(/Too many validations/);
    expect((await ed.req('POST', '/admin/api/validate', {})).status).toBe(200);
  });
});

describe('password hashing', () => {
  it("hashes at OWASP's parameters by default, with the parameters in the hash", async () => {
    const h = await hashPassword(PASSWORD);
    expect(h).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(paramsOf(h)).toEqual(OWASP_SCRYPT);
  });

  it('re-hashes an old-parameter hash at the next successful login, not at a failed one, and leaves a current one alone', async () => {
    const s = await startTestServer({ scrypt: OWASP_SCRYPT });
    try {
      await s.config.auth.upsertUser({
        name: 'old',
        role: 'viewer',
        passwordHash: await hashPassword(PASSWORD, LEGACY_SCRYPT),
      });
      const hashOf = async () => (await s.config.auth.getUser('old'))!.passwordHash;
      const legacy = await hashOf();
      expect(paramsOf(legacy)).toEqual(LEGACY_SCRYPT);
      expect((await loginRequest(s.url, 'old', 'not the password')).status).toBe(401);
      expect(await hashOf()).toBe(legacy);
      const c = await login(s.url, 'old');
      const upgraded = await hashOf();
      expect(paramsOf(upgraded)).toEqual(OWASP_SCRYPT);
      // The session it logged in with, and the password, still work; a current hash is not rewritten.
      expect((await c.req('GET', '/admin/api/me')).status).toBe(200);
      await login(s.url, 'old');
      expect(await hashOf()).toBe(upgraded);
    } finally {
      await s.stop();
    }
  }, 30_000);
});

describe.each(testStores())('audit of security events on %s', (store) => {
  let s: TestServer;
  /** The CLIs work on the same store as the server: its SQLite folder or its PostgreSQL database. */
  let databaseUrl = '';
  const logged: string[] = [];
  beforeAll(async () => {
    if (store === 'postgres') databaseUrl = await (await sharedTestPostgres()).createDatabase();
    s = await startTestServer({
      store,
      databaseUrl: databaseUrl || undefined,
      log: (m: string) => void logged.push(m),
    });
  });
  afterAll(() => s?.stop());

  const cli = (script: string, args: string[], env: Record<string, string> = {}) =>
    run(process.execPath, ['--import', 'tsx', `config-server/cli/${script}.ts`, ...args], {
      env: { ...process.env, DATA_DIR: s.dataDir, DATABASE_URL: databaseUrl, ...env },
    });

  it('has login success and failure, logout, token create and revoke, media upload, user create, change and disable in GET /admin/api/audit', async () => {
    const WRONG = 'definitely-wrong-password';
    expect((await loginRequest(s.url, 'ed', WRONG)).status).toBe(401);
    expect((await loginRequest(s.url, 'no-such-person', WRONG)).status).toBe(401);
    const ed = await login(s.url, 'ed');
    const t = await (await ed.req('POST', '/admin/api/tokens', { label: 'audited' })).json();
    expect((await ed.req('DELETE', `/admin/api/tokens/${t.id}`)).status).toBe(204);
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const form = new FormData();
    form.append('file', new Blob([png], { type: 'image/png' }), 'a.png');
    const { cookie, csrf } = await rawSession(s.url, 'ed');
    const up = await fetch(`${s.url}/admin/api/media`, {
      method: 'POST',
      headers: { cookie, 'x-csrf-token': csrf, origin: s.url },
      body: form,
    });
    expect(up.status).toBe(201);
    await cli('create-user', ['--user', 'newbie', '--role', 'viewer'], { ADMIN_PASSWORD: 'newbie password 1' });
    await cli('create-user', ['--user', 'newbie', '--role', 'editor'], { ADMIN_PASSWORD: 'newbie password 2' });
    const disabled = await cli('disable-user', ['--user', 'newbie', '--reason', 'left']);
    expect(disabled.stdout).toMatch(/disabled newbie/);
    expect((await loginRequest(s.url, 'newbie', 'newbie password 2')).status).toBe(401);
    expect((await ed.req('POST', '/admin/api/logout')).status).toBe(204);

    const viewer = await login(s.url, 'vera');
    const entries = (await (await viewer.req('GET', '/admin/api/audit?limit=200')).json()).entries as {
      actor: string;
      action: string;
      note: string;
    }[];
    const has = (actor: string, action: string, note: RegExp = /./) =>
      entries.some((e) => e.actor === actor && e.action === action && note.test(e.note));
    expect(has('ed', 'login.failure', /wrong password/)).toBe(true);
    expect(has('(unknown)', 'login.failure', /no such user/)).toBe(true);
    expect(has('ed', 'login', /from /)).toBe(true);
    expect(has('ed', 'token.create', new RegExp(`${t.id} 'audited'`))).toBe(true);
    expect(has('ed', 'token.revoke', new RegExp(t.id))).toBe(true);
    expect(has('ed', 'media.upload', /\/media\/[0-9a-f]{64}\.png/)).toBe(true);
    expect(has('cli', 'user.create', /newbie \(viewer\)/)).toBe(true);
    expect(has('cli', 'user.update', /newbie \(editor\): new password, role was viewer/)).toBe(true);
    expect(has('cli', 'user.disable', /newbie \(editor\): left/)).toBe(true);
    expect(has('ed', 'logout')).toBe(true);
    expect(has('newbie', 'login.failure', /user disabled/)).toBe(true);
    // Neither the audit nor the log holds a password or the name that is no account.
    const all = JSON.stringify(entries) + logged.join('\n');
    for (const secret of [WRONG, PASSWORD, 'newbie password', 'no-such-person', t.token])
      expect(all).not.toContain(secret);
    expect(logged.filter((m) => /login failed/.test(m))).toHaveLength(3);
  }, 60_000);
});

/** A fresh session's cookie and CSRF token (for a multipart request, which the test client does not build). */
async function rawSession(base: string, user: string) {
  const r = await loginRequest(base, user, PASSWORD);
  return {
    cookie: r.headers.get('set-cookie')!.split(';')[0],
    csrf: ((await r.json()) as { csrfToken: string }).csrfToken,
  };
}
