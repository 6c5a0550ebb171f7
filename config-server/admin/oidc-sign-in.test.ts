/**
 * Sign-in with the identity provider against a stand-in provider (testing/fake-idp.ts): the authorization code flow
 * starts a console session with the roles of the person's groups; a callback without this browser's sign-in, or with
 * another state, starts none; and a console account made by one person's sign-in is never another person's, whatever
 * user name the provider sends for them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-helpers.js';
import { startFakeIdp, type FakeIdpPerson } from './testing/fake-idp.js';

describe('sign-in with the identity provider', () => {
  let s: TestServer;
  let idp: Awaited<ReturnType<typeof startFakeIdp>>;
  beforeAll(async () => {
    idp = await startFakeIdp('console');
    s = await startTestServer({
      env: {
        OIDC_ISSUER: idp.issuer,
        OIDC_CLIENT_ID: 'console',
        OIDC_CLIENT_SECRET: 'test-client-secret',
        OIDC_REDIRECT_URI: 'http://127.0.0.1/admin/api/oidc/callback',
        OIDC_GROUP_ROLES: 'ops-id=publisher:ID,ops=editor',
      },
    });
  });
  afterAll(async () => {
    await s?.stop();
    await idp?.close();
  });

  /** The browser's round trip: start, the provider, back to the callback (with `tamper` applied to its query). */
  async function signIn(person: FakeIdpPerson, tamper: (q: URLSearchParams) => void = () => {}) {
    idp.signInNext(person);
    const start = await fetch(`${s.url}/admin/api/oidc/start`, { redirect: 'manual' });
    expect(start.status).toBe(303);
    const tx = start.headers.get('set-cookie')!.split(';')[0];
    const atProvider = await fetch(start.headers.get('location')!, { redirect: 'manual' });
    const back = new URL(atProvider.headers.get('location')!);
    tamper(back.searchParams);
    const callback = await fetch(`${s.url}/admin/api/oidc/callback?${back.searchParams}`, {
      headers: { cookie: tx },
      redirect: 'manual',
    });
    const session = callback.headers
      .getSetCookie()
      .find((c) => c.startsWith('sdui_admin=') && !c.startsWith('sdui_admin=;'));
    const me = session
      ? await (await fetch(`${s.url}/admin/api/me`, { headers: { cookie: session.split(';')[0] } })).json()
      : undefined;
    return { status: callback.status, text: await callback.text(), me };
  }

  it("starts a session with the roles of the person's groups", async () => {
    const r = await signIn({ sub: 'sub-olga', preferred_username: 'olga', groups: ['ops-id'] });
    expect(r.status).toBe(303);
    expect(r.me).toMatchObject({ user: 'olga', role: 'viewer', marketRoles: [{ market: 'ID', role: 'publisher' }] });
    expect((await signIn({ sub: 'sub-olga', preferred_username: 'olga', groups: ['ops-id'] })).me?.user).toBe('olga');
  });

  it('starts none when the state was changed on the way back', async () => {
    const r = await signIn({ sub: 'sub-olga', preferred_username: 'olga', groups: ['ops-id'] }, (q) =>
      q.set('state', 'forged'),
    );
    expect(r.status).toBe(400);
    expect(r.me).toBeUndefined();
  });

  it("never signs another person in as an account the provider's first sign-in made", async () => {
    // Mallory may set her own user name at the provider: she picks olga's, to act (and approve) as olga.
    const r = await signIn({ sub: 'sub-mallory', preferred_username: 'olga', groups: ['ops'] });
    expect(r.me).toBeUndefined();
    expect(r.status).toBe(409);
    expect(r.text).toMatch(/olga is the account of someone else/);
    expect((await s.config.auth.marketRolesOf('olga')).map((g) => g.market)).toEqual(['ID']);
    expect((await signIn({ sub: 'sub-olga', preferred_username: 'olga', groups: ['ops-id'] })).me?.user).toBe('olga');
  });
});
