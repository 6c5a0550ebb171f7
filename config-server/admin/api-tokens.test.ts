/**
 * API tokens, each rule asserted both ways: expiry, list, revoke, ended by a password reset, a role change or a
 * disabled user, and never more than the user's role.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, PASSWORD, startTestServer, testStores, type Client, type TestServer } from '../testing/test-helpers.js';
import { sha256 } from './auth.js';
import { hashPassword } from './password.js';
import { bearer, loginRequest } from './testing/admin-requests.js';

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
