/**
 * State-changing admin requests come from the console's own origin (same-origin.ts), besides the CSRF
 * token. Each request is a real exchange with the server, checked against the OpenAPI description.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkedFetch as fetch } from '../openapi/check.js';
import { PASSWORD, startTestServer, type TestServer } from '../testing/test-helpers.js';

const EVIL = 'https://evil.example';

describe('Origin of state-changing admin requests', () => {
  let s: TestServer;
  let cookie: string, csrf: string, token: string;
  beforeAll(async () => {
    s = await startTestServer({ loginLimit: { windowMs: 60_000, limit: 3, perPair: 3, perAccount: 3 } });
    const r = await fetch(`${s.url}/admin/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: s.url },
      body: JSON.stringify({ user: 'ed', password: PASSWORD }),
    });
    expect(r.status).toBe(200);
    cookie = r.headers.get('set-cookie')!.split(';')[0];
    csrf = ((await r.json()) as { csrfToken: string }).csrfToken;
    const t = await fetch(`${s.url}/admin/api/tokens`, {
      method: 'POST',
      headers: { cookie, 'x-csrf-token': csrf, origin: s.url, 'content-type': 'application/json' },
      body: '{"label":"script"}',
    });
    token = ((await t.json()) as { token: string }).token;
  });
  afterAll(() => s?.stop());

  /** A harmless write: revoking a token that does not exist is 404 once the request is let through. */
  const write = (headers: Record<string, string>) =>
    fetch(`${s.url}/admin/api/tokens/no-such-token`, { method: 'DELETE', headers });
  const session = (extra: Record<string, string> = {}) => write({ cookie, 'x-csrf-token': csrf, ...extra });
  const refusal = async (r: Response) => {
    expect(r.status).toBe(403);
    return ((await r.json()) as { error: { message: string } }).error.message;
  };

  it("lets a session write from the console's origin, by Origin or (without Origin) by Referer", async () => {
    expect((await session({ origin: s.url })).status).toBe(404);
    expect((await session({ referer: `${s.url}/admin/#/documents` })).status).toBe(404);
  });

  it('refuses a session write from another origin with 403 naming the header, whatever the CSRF token', async () => {
    expect(await refusal(await session({ origin: EVIL }))).toMatch(
      new RegExp(`^Origin "${EVIL}" is not this console's origin \\(http://127\\.0\\.0\\.1:\\d+\\)`),
    );
    expect(await refusal(await session({ referer: `${EVIL}/page` }))).toMatch(
      /^Referer "https:\/\/evil\.example" is not this console's origin/,
    );
    // Origin wins over a Referer of ours; a sandboxed frame's opaque origin is not ours.
    expect(await refusal(await session({ origin: EVIL, referer: `${s.url}/admin/` }))).toMatch(/^Origin /);
    expect(await refusal(await session({ origin: 'null' }))).toMatch(/^Origin "null"/);
    expect(await refusal(await session({ referer: 'not a url' }))).toMatch(/^Referer "null"/);
    // Same host, other port or scheme: another origin.
    const u = new URL(s.url);
    expect((await session({ origin: `http://${u.hostname}:1` })).status).toBe(403);
    expect((await session({ origin: `https://${u.host}` })).status).toBe(403);
  });

  it('refuses a session write naming no origin at all (a browser always names one): 403 "Missing Origin"', async () => {
    expect(await refusal(await session())).toMatch(/^Missing Origin header/);
  });

  it('keeps the CSRF token: the right Origin without it is still 403', async () => {
    expect(await refusal(await write({ cookie, origin: s.url }))).toMatch(/CSRF/);
  });

  it('lets an API token write without Origin (scripts), never from another origin', async () => {
    expect((await write({ authorization: `Bearer ${token}` })).status).toBe(404);
    expect(await refusal(await write({ authorization: `Bearer ${token}`, origin: EVIL }))).toMatch(/^Origin /);
  });

  it('does not look at the origin of reads', async () => {
    expect((await fetch(`${s.url}/admin/api/me`, { headers: { cookie, origin: EVIL } })).status).toBe(200);
  });

  it('refuses a login from another origin before counting it, and takes one without Origin (scripts)', async () => {
    const loginFrom = (headers: Record<string, string>, password = PASSWORD) =>
      fetch(`${s.url}/admin/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ user: 'vera', password }),
      });
    // More than the address limit (3): none counts as a failed login.
    for (let i = 0; i < 4; i++)
      expect(await refusal(await loginFrom({ origin: EVIL }, 'a guess of someone'))).toMatch(/^Origin /);
    expect((await loginFrom({})).status).toBe(200);
    expect((await loginFrom({ origin: s.url })).status).toBe(200);
  });
});

describe("the console's own origin behind a proxy", () => {
  /** A logged-in session's write, as a browser at `origin` would send it through the proxy. */
  async function writeVia(s: TestServer, origin: string, forwarded: Record<string, string>) {
    const r = await fetch(`${s.url}/admin/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...forwarded },
      body: JSON.stringify({ user: 'ed', password: PASSWORD }),
    });
    const cookie = r.headers.get('set-cookie')!.split(';')[0];
    const csrf = ((await r.json()) as { csrfToken: string }).csrfToken;
    return fetch(`${s.url}/admin/api/tokens/no-such-token`, {
      method: 'DELETE',
      headers: { cookie, 'x-csrf-token': csrf, origin, ...forwarded },
    });
  }
  const HTTPS = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'console.example' };

  it('with TRUST_PROXY, is the scheme and host the proxy reports', async () => {
    const s = await startTestServer({ env: { TRUST_PROXY: 'loopback' } });
    try {
      expect((await writeVia(s, 'https://console.example', HTTPS)).status).toBe(404);
      expect((await writeVia(s, 'http://console.example', HTTPS)).status).toBe(403);
      expect((await writeVia(s, 'https://other.example', HTTPS)).status).toBe(403);
    } finally {
      await s.stop();
    }
  });

  it('without TRUST_PROXY, ignores what a client claims through X-Forwarded-*', async () => {
    const s = await startTestServer();
    try {
      const r = await writeVia(s, 'https://console.example', HTTPS);
      expect(r.status).toBe(403);
      expect(((await r.json()) as { error: { message: string } }).error.message).toMatch(
        /is not this console's origin \(http:\/\/127\.0\.0\.1:\d+\)/,
      );
      expect((await writeVia(s, s.url, HTTPS)).status).toBe(404);
    } finally {
      await s.stop();
    }
  });
});
