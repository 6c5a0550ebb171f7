import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { request } from 'node:http';
import { pickEncoding } from './fast-path.js';
import { login, startTestServer, type TestServer } from '../testing/test-helpers.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s?.stop());

/** Raw node:http (fetch would decompress and hide Content-Encoding / Content-Length). */
function raw(path: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      const u = new URL(s.url + path);
      const req = request({ host: u.hostname, port: u.port, path: u.pathname + u.search, method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    },
  );
}

describe('pickEncoding', () => {
  it('prefers brotli, honours q-values and *, and falls back to identity', () => {
    expect(pickEncoding(undefined)).toBe('identity');
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0.5, gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0')).toBe('identity');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('deflate')).toBe('identity');
  });
});

describe('public config API fast path', () => {
  it('sends the same JSON whatever the encoding, with a Content-Length and the security headers', async () => {
    const plain = await raw('/config/v1/bundle?market=ID');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-length']).toBe(String(plain.body.length));
    expect(plain.headers['vary']).toBe('Accept-Encoding');
    expect(plain.headers['x-content-type-options']).toBe('nosniff');
    expect(plain.headers['content-security-policy']).toContain("script-src 'self'");

    const br = await raw('/config/v1/bundle?market=ID', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-length']).toBe(String(br.body.length));
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);

    const gz = await raw('/config/v1/bundle?market=ID', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
    expect(gz.headers['etag']).toBe(plain.headers['etag']);
  });

  it('answers HEAD with the headers only, and a weak or listed If-None-Match with an empty 304', async () => {
    const head = await raw('/config/v1/screens/not-found', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    const etag = String(head.headers['etag']);
    const weak = await raw('/config/v1/screens/not-found', { 'if-none-match': `"other", W/${etag}` });
    expect(weak.status).toBe(304);
    expect(weak.body.length).toBe(0);
    expect(weak.headers['etag']).toBe(etag);
    expect(weak.headers['content-type']).toBeUndefined();
    expect(weak.headers['cache-control']).toBe(head.headers['cache-control']);
    expect(weak.headers['vary']).toBe('Accept-Encoding');
    expect((await raw('/config/v1/screens/not-found', { 'if-none-match': '"stale"' })).status).toBe(200);
  });

  it('leaves errors to the router: a repeated market is a JSON 400, an unknown screen a JSON 404', async () => {
    const twice = await raw('/config/v1/bundle?market=ID&market=IN');
    expect(twice.status).toBe(400);
    expect(JSON.parse(twice.body.toString()).error.details.param).toBe('market');
    const post = await raw('/config/v1/screens/not-found', {}, 'POST');
    expect(post.status).toBe(404);
    expect(post.headers['content-type']).toMatch(/application\/json/);
  });

  it('serves the new body right after a publish', async () => {
    const before = await raw('/config/v1/bundle?market=ID', { 'accept-encoding': 'br' });
    const ed = await login(s.url, 'ed');
    const pat = await login(s.url, 'pat');
    const textSetId = JSON.parse(brotliDecompressSync(before.body).toString()).textSet.id;
    const cur = await ed.req('GET', `/admin/api/documents/text-set/${textSetId}`);
    const doc = structuredClone((await cur.json()).published.content);
    doc.texts['common.error'] = 'Fast path sees the publish';
    expect(
      (
        await ed.req('PUT', `/admin/api/documents/text-set/${textSetId}/draft`, doc, {
          'if-match': cur.headers.get('etag')!,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await pat.req('POST', '/admin/api/publish', {
          documents: [{ kind: 'text-set', id: textSetId }],
          note: 'fast path',
        })
      ).status,
    ).toBe(200);

    const stale = await raw('/config/v1/bundle?market=ID', {
      'accept-encoding': 'br',
      'if-none-match': String(before.headers['etag']),
    });
    expect(stale.status).toBe(200);
    expect(stale.headers['etag']).not.toBe(before.headers['etag']);
    expect(JSON.parse(brotliDecompressSync(stale.body).toString()).textSet.texts['common.error']).toBe(
      'Fast path sees the publish',
    );
  });
});
