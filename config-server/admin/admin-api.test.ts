import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// Every exchange is checked against the OpenAPI description (config-server/openapi/check.ts).
import { checkedFetch as fetch } from '../openapi/check.js';
import { login, startTestServer, testStores, type Client, type TestServer } from '../testing/test-helpers.js';

// The same API, the same expectations, on each store (PostgreSQL: a fresh database of a throwaway server).
describe.each(testStores())('admin API on %s', (store) => {
  let s: TestServer;
  let vera: Client, ed: Client, eve: Client, pat: Client, paula: Client;
  beforeAll(async () => {
    s = await startTestServer({ store });
    [vera, ed, eve, pat, paula] = await Promise.all(['vera', 'ed', 'eve', 'pat', 'paula'].map((u) => login(s.url, u)));
  });
  afterAll(() => s?.stop());

  const DOC = '/admin/api/documents';
  const pub = (path: string, headers: Record<string, string> = {}) => fetch(s.url + path, { headers });

  /** Loads a document and returns its editable content (draft or published) and ETag. */
  async function load(c: Client, kind: string, id: string) {
    const r = await c.req('GET', `${DOC}/${kind}/${id}`);
    expect(r.status).toBe(200);
    const rec = await r.json();
    return { rec, etag: r.headers.get('etag')!, content: structuredClone(rec.draft?.content ?? rec.published.content) };
  }

  const save = (c: Client, kind: string, id: string, doc: unknown, etag: string) =>
    c.req('PUT', `${DOC}/${kind}/${id}/draft`, doc, { 'if-match': etag });

  async function textSetOf(market: string) {
    return (await (await pub(`/config/v1/bundle?market=${market}`)).json()).textSet.id as string;
  }

  describe('drafts', () => {
    it('rejects a document with schema errors with 422 and every error as {instancePath, message}; nothing saved', async () => {
      const { content, etag } = await load(ed, 'screen', 'not-found');
      content.schemaVersion = 'one';
      content.body[0].variant = 42;
      const r = await save(ed, 'screen', 'not-found', content, etag);
      expect(r.status).toBe(422);
      const body = await r.json();
      const paths = body.errors.map((e: { instancePath: string }) => e.instancePath);
      expect(paths).toContain('/schemaVersion');
      expect(paths.some((p: string) => p.startsWith('/body/0'))).toBe(true);
      for (const e of body.errors) expect(typeof e.message).toBe('string');
      const after = await load(ed, 'screen', 'not-found');
      expect(after.rec.draft).toBeNull();
      expect(after.etag).toBe(etag);
    });

    it('needs If-Match: 428 without, 412 when stale, and says so in JSON', async () => {
      const { content, etag } = await load(ed, 'screen', 'not-found');
      content.description = 'edited';
      const none = await ed.req('PUT', `${DOC}/screen/not-found/draft`, content);
      expect(none.status).toBe(428);
      expect((await none.json()).error.message).toMatch(/If-Match/);
      const ok = await save(ed, 'screen', 'not-found', content, etag);
      expect(ok.status).toBe(200);
      const newEtag = ok.headers.get('etag');
      expect(newEtag).not.toBe(etag);
      content.description = 'edited again on a stale copy';
      const stale = await save(eve, 'screen', 'not-found', content, etag);
      expect(stale.status).toBe(412);
      expect((await stale.json()).error.details.currentEtag).toBe(newEtag);
      // Discard the draft to leave the document as it was.
      expect(
        (await ed.req('DELETE', `${DOC}/screen/not-found/draft`, undefined, { 'if-match': newEtag! })).status,
      ).toBe(200);
    });

    it('lets exactly one of 50 parallel saves with the same If-Match win; the rest get 412', async () => {
      const { content, etag } = await load(ed, 'screen', 'not-available');
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          save(i % 2 ? ed : eve, 'screen', 'not-available', { ...content, description: `save ${i}` }, etag),
        ),
      );
      const codes = results.map((r) => r.status);
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.filter((c) => c === 412)).toHaveLength(49);
      const winner = results.findIndex((r) => r.status === 200);
      const after = await load(ed, 'screen', 'not-available');
      expect(after.rec.draft.content.description).toBe(`save ${winner}`);
      await ed.req('DELETE', `${DOC}/screen/not-available/draft`, undefined, { 'if-match': after.etag });
    });

    it('creates a new document only with If-None-Match: * and refuses an id that differs from the URL', async () => {
      const { content } = await load(ed, 'screen', 'not-found');
      const doc = { ...content, id: 'brand-new' };
      expect((await ed.req('PUT', `${DOC}/screen/brand-new/draft`, doc)).status).toBe(428);
      const wrong = await ed.req('PUT', `${DOC}/screen/other-id/draft`, doc, { 'if-none-match': '*' });
      expect(wrong.status).toBe(422);
      expect((await wrong.json()).errors[0].instancePath).toBe('/id');
      const created = await ed.req('PUT', `${DOC}/screen/brand-new/draft`, doc, { 'if-none-match': '*' });
      expect(created.status).toBe(201);
      expect((await ed.req('PUT', `${DOC}/screen/brand-new/draft`, doc, { 'if-none-match': '*' })).status).toBe(412);
      const list = await (await vera.req('GET', `${DOC}?kind=screen`)).json();
      expect(list.documents.find((d: { id: string }) => d.id === 'brand-new')).toMatchObject({
        hasDraft: true,
        publishedVersion: null,
        file: 'screens/pages/brand-new.json',
      });
      await ed.req('DELETE', `${DOC}/screen/brand-new/draft`, undefined, { 'if-match': created.headers.get('etag')! });
      expect((await vera.req('GET', `${DOC}/screen/brand-new`)).status).toBe(404);
    });
  });

  describe('publish', () => {
    it('makes a published text visible on /config/v1 at once, with a new ETag, and records history and audit', async () => {
      const ts = await textSetOf('ID');
      const before = await pub('/config/v1/bundle?market=ID');
      const oldEtag = before.headers.get('etag')!;
      const { content, etag } = await load(ed, 'text-set', ts);
      content.texts['common.retry'] = 'Coba lagi sekarang';
      expect((await save(ed, 'text-set', ts, content, etag)).status).toBe(200);

      const diff = await (await vera.req('GET', `${DOC}/text-set/${ts}/diff`)).json();
      expect(diff.patch).toEqual([{ op: 'replace', path: '/texts/common.retry', value: 'Coba lagi sekarang' }]);
      // A draft is not public.
      expect((await (await pub('/config/v1/bundle?market=ID')).json()).textSet.texts['common.retry']).not.toBe(
        'Coba lagi sekarang',
      );

      const r = await pat.req('POST', '/admin/api/publish', {
        documents: [{ kind: 'text-set', id: ts }],
        note: 'friendlier retry',
      });
      expect(r.status).toBe(200);
      const after = await pub('/config/v1/bundle?market=ID', { 'if-none-match': oldEtag });
      expect(after.status).toBe(200);
      expect(after.headers.get('etag')).not.toBe(oldEtag);
      expect((await after.json()).textSet.texts['common.retry']).toBe('Coba lagi sekarang');

      const hist = await (await vera.req('GET', `${DOC}/text-set/${ts}/history`)).json();
      expect(hist.versions[0]).toMatchObject({ createdBy: 'pat', note: 'friendlier retry', published: true });
      const audit = await (await vera.req('GET', `/admin/api/audit?kind=text-set&id=${ts}`)).json();
      expect(audit.entries[0]).toMatchObject({ actor: 'pat', action: 'publish', note: 'friendlier retry' });
      expect(audit.entries[0].diff).toEqual([
        { op: 'replace', path: '/texts/common.retry', value: 'Coba lagi sekarang' },
      ]);
      expect(audit.entries[1]).toMatchObject({ actor: 'ed', action: 'draft.save' });
    });

    it('is atomic: one bad document in the set and nothing is published (422 with file and pointer)', async () => {
      const ts = await textSetOf('ID');
      const t = await load(ed, 'text-set', ts);
      t.content.texts['common.back'] = 'Kembali ya';
      expect((await save(ed, 'text-set', ts, t.content, t.etag)).status).toBe(200);
      const sc = await load(ed, 'screen', 'not-found');
      sc.content.body[0].key = 'common.noSuchKeyAnywhere';
      expect((await save(ed, 'screen', 'not-found', sc.content, sc.etag)).status).toBe(200);
      const bundleBefore = await pub('/config/v1/bundle?market=ID');

      const r = await pat.req('POST', '/admin/api/publish', {
        documents: [
          { kind: 'text-set', id: ts },
          { kind: 'screen', id: 'not-found' },
        ],
        note: 'mixed',
      });
      expect(r.status).toBe(422);
      const body = await r.json();
      const err = body.errors.find((e: { message: string }) => e.message.includes('common.noSuchKeyAnywhere'));
      expect(err).toMatchObject({ file: 'screens/pages/not-found.json', kind: 'screen', id: 'not-found' });
      expect(err.instancePath).toBe('/body/0/key');

      const bundleAfter = await pub('/config/v1/bundle?market=ID', {
        'if-none-match': bundleBefore.headers.get('etag')!,
      });
      expect(bundleAfter.status).toBe(304);
      expect((await (await pub('/config/v1/screens/not-found')).json()).body[0].key).not.toBe(
        'common.noSuchKeyAnywhere',
      );
      // Both drafts are still there to be fixed.
      expect((await load(ed, 'text-set', ts)).rec.draft).not.toBeNull();
      const validate = await (await vera.req('POST', '/admin/api/validate', {})).json();
      expect(validate.valid).toBe(false);
      const fixed = await load(ed, 'screen', 'not-found');
      await ed.req('DELETE', `${DOC}/screen/not-found/draft`, undefined, { 'if-match': fixed.etag });
      const tsNow = await load(ed, 'text-set', ts);
      await ed.req('DELETE', `${DOC}/text-set/${ts}/draft`, undefined, { 'if-match': tsNow.etag });
    });

    it('asks for four eyes when a touched market requires it', async () => {
      const m = await load(pat, 'market', 'IN');
      m.content.fourEyes = true;
      expect((await save(pat, 'market', 'IN', m.content, m.etag)).status).toBe(200);
      const alone = await pat.req('POST', '/admin/api/publish', {
        documents: [{ kind: 'market', id: 'IN' }],
        note: 'four eyes on',
      });
      expect(alone.status).toBe(403);
      expect((await alone.json()).error.message).toMatch(/Four eyes.*IN/);
      const byOther = await paula.req('POST', '/admin/api/publish', {
        documents: [{ kind: 'market', id: 'IN' }],
        note: 'four eyes on',
      });
      expect(byOther.status).toBe(200);

      // Now IN's text set needs two people, ID's does not.
      const inTs = await textSetOf('IN');
      const idTs = await textSetOf('ID');
      if (inTs !== idTs) {
        const t = await load(pat, 'text-set', inTs);
        t.content.texts['common.retry'] = 'Retry now';
        expect((await save(pat, 'text-set', inTs, t.content, t.etag)).status).toBe(200);
        expect(
          (await pat.req('POST', '/admin/api/publish', { documents: [{ kind: 'text-set', id: inTs }], note: 'x' }))
            .status,
        ).toBe(403);
        const t2 = await load(ed, 'text-set', inTs);
        t2.content.texts['common.retry'] = 'Retry';
        expect((await save(ed, 'text-set', inTs, t2.content, t2.etag)).status).toBe(200);
        expect(
          (
            await pat.req('POST', '/admin/api/publish', {
              documents: [{ kind: 'text-set', id: inTs }],
              note: 'reviewed by ed',
            })
          ).status,
        ).toBe(200);
      }
    });

    it('rolls back by publishing a new version with the old content', async () => {
      const ts = await textSetOf('ID');
      const hist = await (await vera.req('GET', `${DOC}/text-set/${ts}/history`)).json();
      const first = hist.versions[hist.versions.length - 1];
      const cur = await load(pat, 'text-set', ts);
      const missingIfMatch = await pat.req('POST', `${DOC}/text-set/${ts}/rollback`, {
        version: first.version,
        reason: 'x',
      });
      expect(missingIfMatch.status).toBe(428);
      expect(
        (
          await ed.req(
            'POST',
            `${DOC}/text-set/${ts}/rollback`,
            { version: first.version, reason: 'x' },
            { 'if-match': cur.etag },
          )
        ).status,
      ).toBe(403);
      const r = await pat.req(
        'POST',
        `${DOC}/text-set/${ts}/rollback`,
        { version: first.version, reason: 'copy was wrong' },
        { 'if-match': cur.etag },
      );
      expect(r.status).toBe(200);
      const body = await r.json();
      expect(body.published).toMatchObject({ restoredFrom: first.version, version: hist.versions[0].version + 1 });
      const v1 = await (await vera.req('GET', `${DOC}/text-set/${ts}/versions/${first.version}`)).json();
      const bundle = await (await pub('/config/v1/bundle?market=ID')).json();
      expect(bundle.textSet).toEqual(v1.content);
      const audit = await (await vera.req('GET', '/admin/api/audit?limit=1')).json();
      expect(audit.entries[0]).toMatchObject({ action: 'rollback', actor: 'pat', note: 'copy was wrong' });
    });
  });

  describe('auth', () => {
    const routes: [string, string, unknown?][] = [
      ['GET', '/admin/api/me'],
      ['GET', `${DOC}`],
      ['GET', `${DOC}/screen/not-found`],
      ['PUT', `${DOC}/screen/not-found/draft`, {}],
      ['DELETE', `${DOC}/screen/not-found/draft`],
      ['GET', `${DOC}/screen/not-found/diff`],
      ['GET', `${DOC}/screen/not-found/history`],
      ['POST', `${DOC}/screen/not-found/rollback`, { version: 1, reason: 'x' }],
      ['POST', '/admin/api/validate', {}],
      ['POST', '/admin/api/publish', { documents: [], note: 'x' }],
      ['GET', '/admin/api/audit'],
      ['POST', '/admin/api/logout'],
      ['GET', '/admin/api/no-such-route'],
    ];

    it('answers 401 to anonymous requests on every admin route', async () => {
      for (const [method, path, body] of routes) {
        const r = await fetch(s.url + path, {
          method,
          headers: { 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        expect(r.status, `${method} ${path}`).toBe(401);
        expect((await r.json()).error.status).toBe(401);
      }
    });

    it('lets a viewer read but not write, an editor save drafts but not publish', async () => {
      const { content, etag } = await load(vera, 'screen', 'not-found');
      expect((await save(vera, 'screen', 'not-found', content, etag)).status).toBe(403);
      expect(
        (await vera.req('POST', '/admin/api/publish', { documents: [{ kind: 'screen', id: 'not-found' }], note: 'x' }))
          .status,
      ).toBe(403);
      expect((await vera.req('GET', '/admin/api/audit')).status).toBe(200);
      content.description = 'editor edit';
      const saved = await save(ed, 'screen', 'not-found', content, etag);
      expect(saved.status).toBe(200);
      const denied = await ed.req('POST', '/admin/api/publish', {
        documents: [{ kind: 'screen', id: 'not-found' }],
        note: 'x',
      });
      expect(denied.status).toBe(403);
      expect((await denied.json()).error.message).toMatch(/publisher role/);
      expect(
        (await pat.req('POST', '/admin/api/publish', { documents: [{ kind: 'screen', id: 'not-found' }], note: 'ok' }))
          .status,
      ).toBe(200);
    });

    it('needs the CSRF header for cookie writes, and accepts bearer tokens without it', async () => {
      const { content, etag } = await load(ed, 'screen', 'not-found');
      const noCsrf = await ed.req('PUT', `${DOC}/screen/not-found/draft`, content, {
        'if-match': etag,
        'x-csrf-token': '',
      });
      expect(noCsrf.status).toBe(403);
      expect((await noCsrf.json()).error.message).toMatch(/CSRF/);
      const tok = await (await ed.req('POST', '/admin/api/tokens', { label: 'script' })).json();
      const r = await fetch(`${s.url}${DOC}/screen/not-found/draft`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${tok.token}`, 'content-type': 'application/json', 'if-match': etag },
        body: JSON.stringify(content),
      });
      expect(r.status).toBe(200);
      const bad = await fetch(`${s.url}${DOC}`, { headers: { authorization: 'Bearer nope' } });
      expect(bad.status).toBe(401);
      await ed.req('DELETE', `${DOC}/screen/not-found/draft`, undefined, { 'if-match': r.headers.get('etag')! });
    });

    it('sets an HttpOnly SameSite=Strict cookie, logs out, and rejects wrong passwords', async () => {
      const r = await fetch(`${s.url}/admin/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ user: 'vera', password: 'correct horse battery' }),
      });
      const cookie = r.headers.get('set-cookie')!;
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Strict/i);
      const c = await login(s.url, 'vera');
      expect((await c.req('GET', '/admin/api/me')).status).toBe(200);
      expect((await c.req('POST', '/admin/api/logout')).status).toBe(204);
      expect((await c.req('GET', '/admin/api/me')).status).toBe(401);
      const wrong = await fetch(`${s.url}/admin/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ user: 'vera', password: 'nope nope nope' }),
      });
      expect(wrong.status).toBe(401);
    });
  });
});

describe('login rate limit', () => {
  it('blocks a client after too many failed logins with a JSON 429', async () => {
    const t = await startTestServer({ loginLimit: { windowMs: 60_000, limit: 3 } });
    try {
      const attempt = () =>
        fetch(`${t.url}/admin/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ user: 'pat', password: 'wrong password!' }),
        });
      for (let i = 0; i < 3; i++) expect((await attempt()).status).toBe(401);
      const blocked = await attempt();
      expect(blocked.status).toBe(429);
      expect((await blocked.json()).error.message).toMatch(/Too many failed logins/);
    } finally {
      await t.stop();
    }
  });
});
