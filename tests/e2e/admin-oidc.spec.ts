/**
 * Sign-in with the company's identity provider, in Chromium, against a real OpenID Connect provider (oidc-provider 9)
 * on loopback with two people in two groups: the sign-in lands with the mapped role, an Indonesian publisher cannot
 * publish India's text set (403 naming the market), a replayed callback is refused with a clear page, and a person
 * who gives themselves another's user name at the provider does not get that person's account.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, expectAxeClean, loginConsole, PASSWORD, startConsoleHarness } from './admin-helpers';
import type { Harness } from './harness';
import { freePort, startTestProvider, type TestProvider } from './oidc-provider';

let h: Harness;
let idp: TestProvider;

beforeAll(async () => {
  const [idpPort, port] = [await freePort(), await freePort()];
  idp = await startTestProvider(idpPort, `http://127.0.0.1:${port}/admin/api/oidc/callback`, {
    ida: ['ops-id'],
    indra: ['ops-in'],
  });
  h = await startConsoleHarness({
    port,
    env: {
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_ID: idp.clientId,
      OIDC_CLIENT_SECRET: idp.clientSecret,
      OIDC_REDIRECT_URI: `http://127.0.0.1:${port}/admin/api/oidc/callback`,
      OIDC_GROUP_ROLES: 'ops-id=publisher:ID,ops-in=editor:IN,ops-leads=publisher',
      // The re-check every 15 minutes, made 1 s so the test sees it.
      OIDC_RECHECK_SECONDS: '1',
    },
  });
}, 60_000);
afterAll(async () => {
  await h?.close();
  await idp?.close();
});

/**
 * Through the provider's own login and consent pages; returns the callback address the browser was sent to. `refused`:
 * the console is expected to refuse the sign-in, so its page is not waited for.
 */
async function signIn(page: Page, who: string, refused = false): Promise<string> {
  let callback = '';
  page.on('request', (r) => {
    if (r.url().includes('/admin/api/oidc/callback')) callback = r.url();
  });
  await page.getByRole('link', { name: /^Sign in with 127\.0\.0\.1/ }).click();
  await page.locator('input[name="login"]').fill(who);
  await page.locator('input[name="password"]').fill('any password');
  await page.locator('button[type="submit"]').click();
  // The provider asks once to share the profile and groups with the console.
  await page.locator('button[type="submit"]').click();
  if (!refused) await page.getByRole('button', { name: 'Log out' }).waitFor();
  return callback;
}

/** A call of the admin API from inside the signed-in page (its cookie and CSRF token). */
const api = (page: Page, method: string, path: string, body?: unknown) =>
  page.evaluate(
    async ({ method, path, body }) => {
      const me = await (await fetch('/admin/api/me')).json();
      const r = await fetch(path, {
        method,
        headers: { 'content-type': 'application/json', 'x-csrf-token': me.csrfToken },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: r.status, body: await r.json().catch(() => null) };
    },
    { method, path, body },
  );

describe('sign-in with the identity provider', () => {
  it('lands in the console with the role of the group, and the login page is axe-clean', async () => {
    const { page } = await h.openPage('/admin', { viewport: DESKTOP });
    await page.getByRole('link', { name: /^Sign in with/ }).waitFor();
    await expectAxeClean(page);
    await h.screenshot(page, 'admin-oidc-login');
    await signIn(page, 'ida');
    expect(await page.locator('.topbar__user').innerText()).toBe('ida (viewer; publisher for ID)');
    const me = await api(page, 'GET', '/admin/api/me');
    expect(me.body).toMatchObject({ user: 'ida', role: 'viewer', marketRoles: [{ market: 'ID', role: 'publisher' }] });
  });

  it("refuses India's text set to the Indonesian group (403 naming the market)", async () => {
    const ops = await loginConsole(h, 'ops', PASSWORD);
    const inTs = ((await api(ops.page, 'GET', '/config/v1/bundle?market=IN')).body as { textSet: { id: string } })
      .textSet.id;
    const rec = await ops.page.evaluate(async (id) => {
      const r = await fetch(`/admin/api/documents/text-set/${id}`);
      return { etag: r.headers.get('etag'), rec: await r.json() };
    }, inTs);
    const content = {
      ...rec.rec.published.content,
      texts: { ...rec.rec.published.content.texts, 'common.retry': 'Retry!' },
    };
    await ops.page.evaluate(
      async ({ id, content, etag }) => {
        const me = await (await fetch('/admin/api/me')).json();
        await fetch(`/admin/api/documents/text-set/${id}/draft`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json', 'x-csrf-token': me.csrfToken, 'if-match': etag! },
          body: JSON.stringify(content),
        });
      },
      { id: inTs, content, etag: rec.etag },
    );

    const { page } = await h.openPage('/admin', { viewport: DESKTOP });
    await signIn(page, 'ida');
    const r = await api(page, 'POST', '/admin/api/publish', {
      documents: [{ kind: 'text-set', id: inTs }],
      note: 'not mine',
    });
    expect(r.status).toBe(403);
    expect((r.body as { error: { message: string } }).error.message).toMatch(
      new RegExp(`text-set/${inTs} belongs to market IN: publishing it needs the publisher role for IN`),
    );
  });

  it('refuses a replayed callback with a page saying why, and gives no session', async () => {
    const { page } = await h.openPage('/admin', { viewport: DESKTOP });
    const callback = await signIn(page, 'indra');
    expect(await page.locator('.topbar__user').innerText()).toBe('indra (viewer; editor for IN)');
    expect(callback).toMatch(/[?&]state=/);
    const replay = await h.openPage('/admin', { viewport: DESKTOP });
    const answer = await replay.page.goto(callback);
    expect(answer!.status()).toBe(400);
    await expect.poll(() => replay.page.getByRole('heading', { level: 1 }).innerText()).toBe('Sign-in refused');
    expect(await replay.page.locator('main').innerText()).toMatch(/No sign-in is in progress/);
    expect((await replay.page.request.get(`${h.url}/admin/api/me`)).status()).toBe(401);
  });

  it('ends the access at the first request after the re-check once the group is removed', async () => {
    idp.groups.set('lena', ['ops-leads']);
    const { page } = await h.openPage('/admin', { viewport: DESKTOP });
    await signIn(page, 'lena');
    expect(await page.locator('.topbar__user').innerText()).toBe('lena (publisher)');
    await new Promise((r) => setTimeout(r, 1200));
    // Still in the group: the re-check keeps the session.
    expect((await api(page, 'GET', '/admin/api/me')).status).toBe(200);
    idp.groups.set('lena', []);
    await new Promise((r) => setTimeout(r, 1200));
    // One request (the api helper asks /me first itself): the re-check ends the session with its reason.
    const gone = await page.evaluate(async () => {
      const r = await fetch('/admin/api/documents');
      return { status: r.status, body: await r.json() };
    });
    expect(gone.status).toBe(401);
    expect(gone.body.error.message).toMatch(/no longer gives you a console role/);
    expect((await page.request.get(`${h.url}/admin/api/me`)).status()).toBe(401);
  });

  it("never gives a person the account another person's sign-in made, whatever user name the provider sends", async () => {
    idp.groups.set('olga', ['ops-id']);
    const olga = await h.openPage('/admin', { viewport: DESKTOP });
    await signIn(olga.page, 'olga');
    // Mallory may set her own user name at the provider: she takes olga's, to act (and approve) as olga.
    idp.groups.set('mallory', ['ops-leads']);
    idp.usernames.set('mallory', 'olga');
    const { page } = await h.openPage('/admin', { viewport: DESKTOP });
    await signIn(page, 'mallory', true);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Sign-in refused');
    expect(await page.locator('main').innerText()).toMatch(/olga is the account of someone else/);
    expect((await page.request.get(`${h.url}/admin/api/me`)).status()).toBe(401);
    // Olga's account keeps her roles, and she still signs in to it.
    expect((await api(olga.page, 'GET', '/admin/api/me')).body).toMatchObject({
      user: 'olga',
      role: 'viewer',
      marketRoles: [{ market: 'ID', role: 'publisher' }],
    });
  });
});
