/**
 * A person signed in with the identity provider whom it no longer confirms (group removed, account gone, refresh
 * refused) loses the console at once: the session that found out, and every other session and API token of theirs.
 * The provider here refuses by having given no refresh token, so no provider needs to run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkedFetch as fetch } from '../openapi/check.js';
import { startTestServer, testStores, type TestServer } from '../testing/test-helpers.js';
import { newSecret, SESSION_COOKIE, sha256 } from './auth.js';
import { OIDC_PASSWORD_HASH } from './oidc-routes.js';
import { bearer } from './testing/admin-requests.js';
import { fixedClock } from '../clock.js';

const OIDC_ENV = {
  OIDC_ISSUER: 'http://127.0.0.1:9/realms/ops',
  OIDC_CLIENT_ID: 'console',
  OIDC_CLIENT_SECRET: 'test-client-secret',
  OIDC_REDIRECT_URI: 'http://127.0.0.1:9/admin/api/oidc/callback',
  OIDC_GROUP_ROLES: 'ops=editor',
};

describe.each(testStores())('identity provider re-check on %s', (store) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ store, env: OIDC_ENV });
  });
  afterAll(() => s?.stop());

  /** A console session as the sign-in callback leaves it, checked with the provider `checkedAt`. */
  async function signedIn(user: string, checkedAt: number) {
    const token = newSecret();
    const csrf = newSecret();
    const now = Date.now();
    await s.config.auth.createSession(sha256(token), { user, csrf, expiresAt: now + 3_600_000, lastSeenAt: now });
    await s.config.auth.recordOidcLogin(sha256(token), { refreshToken: '', checkedAt });
    const headers = { cookie: `${SESSION_COOKIE}=${token}`, 'x-csrf-token': csrf, origin: new URL(s.url).origin };
    return {
      tokenHash: sha256(token),
      req: (method: string, path: string, body?: unknown) =>
        fetch(s.url + path, {
          method,
          headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
    };
  }

  it("ends the person's API tokens and other sessions when the provider no longer gives a role", async () => {
    await s.config.auth.upsertUser({ name: 'olga', role: 'editor', passwordHash: OIDC_PASSWORD_HASH });
    const laptop = await signedIn('olga', Date.now());
    const phone = await signedIn('olga', Date.now());
    const minted = await laptop.req('POST', '/admin/api/tokens', { label: 'nightly import' });
    expect(minted.status).toBe(201);
    const { token } = (await minted.json()) as { token: string };
    expect((await bearer(s.url, token)).status).toBe(200);
    expect((await phone.req('GET', '/admin/api/me')).status).toBe(200);

    // Fifteen minutes later the laptop's next request asks the provider again, which refuses.
    await s.config.auth.recordOidcLogin(laptop.tokenHash, { refreshToken: '', checkedAt: 0 });
    const ended = await laptop.req('GET', '/admin/api/me');
    expect(ended.status).toBe(401);
    expect(((await ended.json()) as { error: { message: string } }).error.message).toMatch(/Your access ended/);

    const script = await bearer(s.url, token);
    expect(script.status).toBe(401);
    expect((await phone.req('GET', '/admin/api/me')).status).toBe(401);
    // The account stays enabled: a sign-in once the provider gives a role again starts afresh.
    expect((await s.config.auth.getUser('olga'))?.disabledAt).toBeNull();
  });
});

describe('identity provider re-check on the server clock', () => {
  // Far from the machine's time on purpose: a re-check reading Date itself finds a session just checked long overdue.
  const clock = fixedClock(Date.now() - 30 * 24 * 3_600_000);
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ env: OIDC_ENV, clock });
  });
  afterAll(() => s?.stop());

  it('leaves a session checked a minute ago alone, and asks again once the interval has passed', async () => {
    await s.config.auth.upsertUser({ name: 'olga', role: 'editor', passwordHash: OIDC_PASSWORD_HASH });
    const token = newSecret();
    const at = clock.now();
    await s.config.auth.createSession(sha256(token), {
      user: 'olga',
      csrf: newSecret(),
      expiresAt: at + 3_600_000,
      lastSeenAt: at,
    });
    await s.config.auth.recordOidcLogin(sha256(token), { refreshToken: '', checkedAt: at });
    const me = () => fetch(`${s.url}/admin/api/me`, { headers: { cookie: `${SESSION_COOKIE}=${token}` } });
    clock.advance(60_000);
    expect((await me()).status).toBe(200);
    // Past the 15 minutes the provider is asked; with no refresh token it cannot confirm the person.
    clock.advance(15 * 60_000);
    expect((await me()).status).toBe(401);
  });
});
