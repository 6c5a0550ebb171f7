import { createServer, validateHeaderValue, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { isForbiddenHeader } from '../http/forbidden-headers.js';
import { ssrFetch } from '../pages/backend-call.js';
import { login, startTestServer } from '../testing/test-helpers.js';
import { loadDocuments, validateDocuments } from './validate-documents.js';

type ApiMap = { headers?: Record<string, string>; headersFromQuery: { query: string; header: string }[] };

/** The repository's documents with the API map changed by `edit`. */
function withApiMap(edit: (map: ApiMap) => void) {
  const { docs } = loadDocuments();
  const entry = docs.find((d) => (d.doc as { kind?: string }).kind === 'api-map')!;
  const map = structuredClone(entry.doc) as ApiMap;
  edit(map);
  return { file: entry.file, docs: docs.map((d) => (d === entry ? { ...d, doc: map } : d)) };
}

describe('API map header names', () => {
  it('knows the managed and hop-by-hop headers in any letter case, and nothing else', () => {
    for (const h of [
      'Host',
      'host',
      'COOKIE',
      'Set-Cookie',
      'content-length',
      'Transfer-Encoding',
      'Connection',
      'keep-alive',
      'Proxy-Authorization',
      'proxy-connection',
      'TE',
      'Trailer',
      'Upgrade',
    ]) {
      expect(isForbiddenHeader(h), h).toBe(true);
    }
    for (const h of [
      'X-Token',
      'X-Device-Id',
      'X-Requested-With',
      'Authorization',
      'X-Host',
      'Hostname',
      'Tea',
      'X-Proxy-Id',
    ])
      expect(isForbiddenHeader(h), h).toBe(false);
  });

  it('refuses a Host mapping and a fixed Connection header, each at its JSON pointer; application headers pass', () => {
    const base = withApiMap(() => {});
    expect(validateDocuments(base.docs).filter((e) => e.file === base.file)).toEqual([]);
    let at = -1;
    const { file, docs } = withApiMap((map) => {
      at = map.headersFromQuery.push({ query: 'h', header: 'Host' }) - 1;
      map.headersFromQuery.push({ query: 'trace', header: 'X-Trace' }, { query: 'p', header: 'proxy-authorization' });
      map.headers = { ...map.headers, connection: 'close', 'X-Client': 'h5' };
    });
    const errors = validateDocuments(docs).filter((e) => e.file === file);
    expect(errors.map((e) => e.pointer).sort()).toEqual(
      [`/headersFromQuery/${at}/header`, `/headersFromQuery/${at + 2}/header`, '/headers/connection'].sort(),
    );
    expect(errors.find((e) => e.pointer === `/headersFromQuery/${at}/header`)!.message).toMatch(
      /header "Host" is managed by HTTP itself.*may not set it/,
    );
  });

  it('refuses a header value or name outside visible ASCII at its pointer, which Node would refuse to send', () => {
    let at = -1;
    const { file, docs } = withApiMap((map) => {
      map.headers = { ...map.headers, 'X-Client': 'h5 app', 'X-Brand': 'Pinjam\u2014Cepat', 'X-Emoji': 'ok \u{1F600}' };
      map.headers['X-Caf\u00e9'] = 'v';
      at = map.headersFromQuery.push({ query: 'q', header: 'X Space' }) - 1;
    });
    const errors = validateDocuments(docs).filter((e) => e.file === file);
    expect(errors.map((e) => e.pointer).sort()).toEqual(
      ['/headers/X-Brand', '/headers/X-Emoji', '/headers/X-Caf\u00e9', `/headersFromQuery/${at}/header`].sort(),
    );
    expect(errors.find((e) => e.pointer === '/headers/X-Brand')!.message).toMatch(
      /value of "X-Brand" has a character outside visible ASCII \(U\+2014 at 6\)/,
    );
    // What the refusal protects: Node's own check, which would otherwise fail every server-side first call.
    expect(() => validateHeaderValue('x-brand', 'Pinjam\u2014Cepat')).toThrow(/Invalid character/);
  });

  it('is refused by POST /validate and by publish with its pointer; the same map with X-Trace publishes', async () => {
    const s = await startTestServer();
    try {
      const pat = await login(s.url, 'pat');
      const DOC = '/admin/api/documents/api-map/default';
      const rec = await (await pat.req('GET', DOC)).json();
      const map = structuredClone(rec.published.content) as ApiMap;
      const at = map.headersFromQuery.push({ query: 'h', header: 'Host' }) - 1;
      const saved = await pat.req('PUT', `${DOC}/draft`, map, { 'if-match': rec.etag });
      expect(saved.status).toBe(200);
      const pointer = `/headersFromQuery/${at}/header`;
      const validated = await (
        await pat.req('POST', '/admin/api/validate', { documents: [{ kind: 'api-map', id: 'default' }] })
      ).json();
      expect(validated.valid).toBe(false);
      expect(validated.errors).toEqual([
        expect.objectContaining({
          kind: 'api-map',
          id: 'default',
          instancePath: pointer,
          message: expect.stringMatching(/"Host"/),
        }),
      ]);
      const refused = await pat.req('POST', '/admin/api/publish', {
        documents: [{ kind: 'api-map', id: 'default' }],
        note: 'host header',
      });
      expect(refused.status).toBe(422);
      expect((await refused.json()).errors).toEqual([expect.objectContaining({ instancePath: pointer })]);

      map.headersFromQuery[at].header = 'X-Trace';
      const fixed = await pat.req('PUT', `${DOC}/draft`, map, { 'if-match': saved.headers.get('etag')! });
      expect(fixed.status).toBe(200);
      expect(
        (
          await pat.req('POST', '/admin/api/publish', {
            documents: [{ kind: 'api-map', id: 'default' }],
            note: 'trace header',
          })
        ).status,
      ).toBe(200);
    } finally {
      await s.stop();
    }
  });

  it("never reach the backend from the server's own calls, even from a map published before the rule", async () => {
    let seen: IncomingHttpHeaders = {};
    const backend = createServer((req, res) => {
      seen = req.headers;
      res.end('{}');
    });
    await new Promise<void>((r) => backend.listen(0, '127.0.0.1', r));
    const origin = `http://127.0.0.1:${(backend.address() as AddressInfo).port}`;
    try {
      const send = ssrFetch({ selfOrigin: origin, allowedOrigins: [], deadline: Date.now() + 5000 });
      const r = await send({
        url: '/v3/x',
        method: 'GET',
        headers: { Host: 'evil.example', Cookie: 'a=b', 'Transfer-Encoding': 'chunked', 'X-Token': 'tok' },
      });
      expect(r.status).toBe(200);
      expect(seen.host).toBe(origin.slice('http://'.length));
      expect(seen.cookie).toBeUndefined();
      expect(seen['transfer-encoding']).toBeUndefined();
      expect(seen['x-token']).toBe('tok');
    } finally {
      backend.close();
    }
  });
});
