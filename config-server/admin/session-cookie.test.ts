/**
 * The session cookie: `Secure` behind a trusted https proxy and in production, and a malformed cookie treated as
 * none (401, nothing logged).
 */
import { describe, expect, it } from 'vitest';
import { checkedFetch as fetch } from '../openapi/check.js';
import { login, PASSWORD, startTestServer, type TestServer } from '../testing/test-helpers.js';
import { loginRequest } from './testing/admin-requests.js';

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
