import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, PASSWORD, startTestServer, type Client, type TestServer } from '../testing/test-helpers.js';

// A draft landing template is visible in the console preview (its own sandbox behind the admin login), never publicly.
describe('preview sandbox (draft landing templates in the console preview)', () => {
  let s: TestServer;
  let ed: Client;
  /** The session cookie, for the preview sandbox calls (a mirror of /sandbox, described there, so plain fetch). */
  let cookie = '';
  const CHANNEL = '/api/v2/youmi/service/channel/channel-template?templateId=spring-x';
  beforeAll(async () => {
    s = await startTestServer();
    ed = await login(s.url, 'ed');
    const r = await fetch(`${s.url}/admin/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user: 'ed', password: PASSWORD }),
    });
    cookie = r.headers.get('set-cookie')!.split(';')[0]!;
    const template = JSON.parse(readFileSync('screens/templates/default.json', 'utf8')) as Record<string, unknown>;
    const put = await ed.req(
      'PUT',
      '/admin/api/documents/landing-template/landing-spring-x/draft',
      { ...template, id: 'landing-spring-x', templateId: 'spring-x' },
      { 'if-none-match': '*' },
    );
    expect(put.status, await put.clone().text()).toBeLessThan(300);
  });
  afterAll(() => s?.stop());

  it('answers channel-template for a draft through /admin/api/preview/sandbox', async () => {
    const viaClient = await fetch(`${s.url}/admin/api/preview/sandbox${CHANNEL}`, { headers: { cookie } });
    expect(viaClient.status).toBe(200);
    const body = (await viaClient.json()) as { code: number; data: { templateId: string } };
    expect(body.code).toBe(0);
    expect(body.data.templateId).toBe('spring-x');
  });

  it('takes the sandbox POST calls of the framed renderer (same origin) with the session alone (no CSRF token)', async () => {
    const r = await fetch(`${s.url}/admin/api/preview/sandbox/api/v2/youmi/promotion/track-visit`, {
      method: 'POST',
      headers: { cookie, origin: s.url, 'content-type': 'application/json' },
      body: JSON.stringify({ templateId: 'spring-x' }),
    });
    expect(r.status).toBe(200);
    expect(((await r.json()) as { code: number }).code).toBe(0);
    // Documents still need the token.
    const doc = await fetch(`${s.url}/admin/api/documents/landing-template/landing-spring-x/draft`, {
      method: 'PUT',
      headers: { cookie, origin: s.url, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(doc.status).toBe(403);
    expect((await doc.json()).error.message).toMatch(/CSRF/);
  });

  it('keeps the draft out of the public sandbox, and the preview sandbox needs a login', async () => {
    const pub = (await (await fetch(`${s.url}/sandbox${CHANNEL}`)).json()) as { code: number };
    expect(pub.code).not.toBe(0);
    expect((await fetch(`${s.url}/admin/api/preview/sandbox${CHANNEL}`)).status).toBe(401);
  });

  it("points the preview's API map at the preview sandbox", async () => {
    const r = await ed.req('GET', '/admin/api/preview/bundle?market=ID');
    const text = await r.text();
    expect(r.status, text).toBe(200);
    expect(text).toContain('"baseUrl":"/admin/api/preview/sandbox"');
  });
});
