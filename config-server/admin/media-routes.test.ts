import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, startTestServer, type TestServer } from '../testing/test-helpers.js';
import { sniffImage } from './media-routes.js';

// Multipart bodies are sent with plain fetch (the OpenAPI-checking fetch speaks JSON); the entry is checked for drift.
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32, 1)]);

describe('image upload (POST /admin/api/media)', () => {
  let s: TestServer;
  const cookies: Record<string, { cookie: string; csrf: string }> = {};
  beforeAll(async () => {
    s = await startTestServer({ env: { MEDIA_MAX_BYTES: '1024' } });
    for (const user of ['ed', 'vera']) {
      const r = await fetch(`${s.url}/admin/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ user, password: PASSWORD }),
      });
      cookies[user] = {
        cookie: r.headers.get('set-cookie')!.split(';')[0]!,
        csrf: ((await r.json()) as { csrfToken: string }).csrfToken,
      };
    }
  });
  afterAll(() => s?.stop());

  const upload = (user: string | null, bytes: Buffer, name: string, type = 'image/png') => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
    const c = user ? cookies[user]! : null;
    return fetch(`${s.url}/admin/api/media`, {
      method: 'POST',
      body: form,
      headers: c ? { cookie: c.cookie, 'x-csrf-token': c.csrf, origin: s.url } : {},
    });
  };

  it('stores a real PNG under its content hash and serves it same-origin with long caching', async () => {
    const r = await upload('ed', PNG, 'banner.png');
    expect(r.status).toBe(201);
    const body = (await r.json()) as { url: string; type: string; bytes: number };
    expect(body.url).toMatch(/^\/media\/[0-9a-f]{64}\.png$/);
    expect(body).toMatchObject({ type: 'image/png', bytes: PNG.length });
    const got = await fetch(s.url + body.url);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(got.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await got.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('refuses a file named .png that is not an image, naming the field', async () => {
    const r = await upload(
      'ed',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'banner.png',
    );
    expect(r.status).toBe(415);
    expect(JSON.stringify(await r.json())).toContain('file');
  });

  it('refuses a file over the size limit', async () => {
    const r = await upload('ed', Buffer.concat([PNG, Buffer.alloc(2048)]), 'big.png');
    expect(r.status).toBe(413);
    expect(JSON.stringify(await r.json())).toContain('file');
  });

  it('needs a logged-in editor: anonymous 401, viewer 403', async () => {
    expect((await upload(null, PNG, 'a.png')).status).toBe(401);
    expect((await upload('vera', PNG, 'a.png')).status).toBe(403);
  });

  it('an unknown media name is a 404', async () => {
    expect((await fetch(`${s.url}/media/${'0'.repeat(64)}.png`)).status).toBe(404);
    expect((await fetch(`${s.url}/media/..%2Fconfig.sqlite`)).status).toBe(404);
  });

  it('sniffs PNG, JPEG and WebP by their first bytes only', () => {
    expect(sniffImage(PNG)).toBe('png');
    expect(sniffImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpg');
    expect(sniffImage(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('webp');
    expect(sniffImage(Buffer.from('GIF89a'))).toBeNull();
  });
});
