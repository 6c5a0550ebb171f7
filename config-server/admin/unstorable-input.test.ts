/**
 * Input the database cannot hold (a NUL character anywhere, a version number past its integer column) is the client's
 * mistake on both stores: a 400 naming the field, JSON pointer, path or query parameter, never a 500 from PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkedFetch as fetch } from '../openapi/check.js';
import { login, startTestServer, testStores, type Client, type TestServer } from '../testing/test-helpers.js';
import { loginRequest, rawSession } from './testing/admin-requests.js';

type ErrorBody = { error: { status: number; message: string; details?: Record<string, unknown> } };

describe.each(testStores())('input the database cannot hold on %s', (store) => {
  let s: TestServer;
  let pat: Client;
  let ts: string;
  beforeAll(async () => {
    s = await startTestServer({ store });
    pat = await login(s.url, 'pat');
    ts = (await (await fetch(`${s.url}/config/v1/bundle?market=ID`)).json()).textSet.id;
  });
  afterAll(() => s?.stop());

  const refused = async (r: Response) => {
    expect(r.status, (await r.clone().text()).slice(0, 200)).toBe(400);
    return (await r.json()) as ErrorBody;
  };

  it('refuses a NUL character in a document, naming its JSON pointer, and keeps the draft unsaved', async () => {
    const r0 = await pat.req('GET', `/admin/api/documents/text-set/${ts}`);
    const rec = await r0.json();
    const content = structuredClone(rec.published.content);
    content.texts['common.retry'] = 'Coba\u0000lagi';
    const body = await refused(
      await pat.req('PUT', `/admin/api/documents/text-set/${ts}/draft`, content, {
        'if-match': r0.headers.get('etag')!,
      }),
    );
    expect(body.error.message).toMatch(/NUL character .* \(at \/texts\/common\.retry\)/);
    expect((await (await pat.req('GET', `/admin/api/documents/text-set/${ts}`)).json()).draft).toBeNull();
  });

  it('refuses a NUL character in other bodies: a token label, a login name', async () => {
    const token = await refused(await pat.req('POST', '/admin/api/tokens', { label: 'night\u0000ly' }));
    expect(token.error.message).toMatch(/at \/label/);
    const signIn = await refused(await loginRequest(s.url, 'pat\u0000', 'whatever'));
    expect(signIn.error.message).toMatch(/at \/user/);
  });

  it('refuses %00 in a path or query, naming the part', async () => {
    // Plain fetch: a 400 for the target itself comes before any route, so no operation of the OpenAPI lists it.
    const { cookie, csrf } = await rawSession(s.url, 'pat');
    const raw = (method: string, path: string) =>
      globalThis.fetch(s.url + path, { method, headers: { cookie, 'x-csrf-token': csrf, origin: s.url } });
    for (const [method, path] of [
      ['POST', '/admin/api/users/%00/disable'],
      ['DELETE', '/admin/api/tokens/%00'],
      ['GET', '/admin/api/documents/screen/not%00found'],
    ]) {
      const body = await refused(await raw(method, path));
      expect(body.error.details, path).toEqual({ part: 'path' });
    }
    const audit = await refused(await raw('GET', '/admin/api/audit?actor=pat%00'));
    expect(audit.error.details).toEqual({ part: 'query', param: 'actor' });
  });

  it('refuses a rollback to a version past any that can exist, naming version', async () => {
    const doc = '/admin/api/documents/screen/not-found';
    const etag = (await pat.req('GET', doc)).headers.get('etag')!;
    for (const version of [2 ** 40, 0]) {
      const body = await refused(
        await pat.req('POST', `${doc}/rollback`, { version, reason: 'x' }, { 'if-match': etag }),
      );
      expect(body.error.details).toEqual({ field: 'version' });
    }
  });
});
