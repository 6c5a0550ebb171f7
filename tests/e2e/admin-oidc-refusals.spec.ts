/**
 * Sign-in refusals, in Chromium against a real OpenID Connect provider (oidc-provider 9) on loopback: an ID token
 * whose signature was tampered with on its way, and a provider whose discovery names another issuer than the one
 * configured. Each is a page saying why, and no session.
 */
import { createServer, request, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, startConsoleHarness } from './admin-helpers';
import type { Harness } from './harness';
import { freePort, startTestProvider, type TestProvider } from './oidc-provider';

let h: Harness;
let idp: TestProvider;
let proxy: Server;
/** When set, the proxy flips one character of the ID token's signature in the token endpoint's answer. */
let tamper = false;

beforeAll(async () => {
  const [idpPort, proxyPort, port] = [await freePort(), await freePort(), await freePort()];
  const callback = `http://127.0.0.1:${port}/admin/api/oidc/callback`;
  // The provider calls itself by the proxy's address: every exchange, the browser's and the server's, passes it.
  idp = await startTestProvider(idpPort, callback, { ida: ['ops-id'] }, `http://127.0.0.1:${proxyPort}`);
  proxy = createServer((req, res) => {
    const up = request(
      { host: '127.0.0.1', port: idpPort, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        if (!(tamper && req.url?.startsWith('/token'))) {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (c: Buffer) => chunks.push(c));
        answer.on('end', () => {
          const body = JSON.parse(Buffer.concat(chunks).toString()) as { id_token: string };
          const [head, payload, sig] = body.id_token.split('.');
          body.id_token = `${head}.${payload}.${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`;
          const text = JSON.stringify(body);
          res.writeHead(answer.statusCode ?? 200, {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(text),
          });
          res.end(text);
        });
      },
    );
    req.pipe(up);
  });
  await new Promise<void>((r) => proxy.listen(proxyPort, '127.0.0.1', r));
  h = await startConsoleHarness({
    port,
    env: {
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_ID: idp.clientId,
      OIDC_CLIENT_SECRET: idp.clientSecret,
      OIDC_REDIRECT_URI: callback,
      OIDC_GROUP_ROLES: 'ops-id=publisher:ID',
    },
  });
}, 60_000);
afterAll(async () => {
  await h?.close();
  await new Promise((r) => proxy?.close(r));
  await idp?.close();
});

describe('sign-in refusals', () => {
  it('refuses an ID token whose signature was tampered with, with a page saying why', async () => {
    tamper = true;
    const { page } = await h.openPage('/admin', { viewport: DESKTOP });
    await page.getByRole('link', { name: /^Sign in with/ }).click();
    await page.locator('input[name="login"]').fill('ida');
    await page.locator('input[name="password"]').fill('any password');
    await page.locator('button[type="submit"]').click();
    await page.locator('button[type="submit"]').click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Sign-in refused');
    expect(await page.locator('main').innerText()).toMatch(/answer was not accepted: .*signature/i);
    expect((await page.request.get(`${h.url}/admin/api/me`)).status()).toBe(401);
    tamper = false;
  });

  it('refuses a provider whose discovery names another issuer', async () => {
    // Another config server told the provider is at `localhost`: its discovery says 127.0.0.1.
    const port = await freePort();
    const other = await startConsoleHarness({
      port,
      env: {
        OIDC_ISSUER: idp.issuer.replace('127.0.0.1', 'localhost'),
        OIDC_CLIENT_ID: idp.clientId,
        OIDC_CLIENT_SECRET: idp.clientSecret,
        OIDC_REDIRECT_URI: `http://127.0.0.1:${port}/admin/api/oidc/callback`,
        OIDC_GROUP_ROLES: 'ops-id=publisher:ID',
      },
    });
    try {
      const { page } = await other.openPage('/admin', { viewport: DESKTOP });
      await page.getByRole('link', { name: /^Sign in with localhost/ }).click();
      await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Sign-in refused');
      expect(await page.locator('main').innerText()).toMatch(/could not be used: .*issuer/i);
    } finally {
      await other.close();
    }
  });
});
