import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import express from 'express';
import compression from 'compression';
import { describe, expect, it } from 'vitest';
import { assembledPages, sendAssembled } from './page-cache.js';

describe('assembled server-drawn pages', () => {
  it('assembles a drawn page once per template, and sends the bytes compression would (brotli, gzip, none)', async () => {
    const pages = assembledPages();
    const drawn = {};
    let built = 0;
    const body = `<html>${'<p>same</p>'.repeat(500)}</html>`;
    const page = (template: string) => pages.get(drawn, template, () => (built++, body + template));
    expect(page('t1')).toBe(page('t1'));
    expect(built).toBe(1);
    expect(page('t2').body).toBe(body + 't2'); // a new build: assembled again
    expect(built).toBe(2);

    const app = express();
    app.use(compression());
    app.get('/', (req, res) => void sendAssembled(req, res, page('t2')));
    const server = app.listen(0);
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
    try {
      const get = async (enc: string) => {
        const res = await fetch(url, { headers: { 'Accept-Encoding': enc } });
        return {
          enc: res.headers.get('content-encoding'),
          vary: res.headers.get('vary'),
          bytes: Buffer.from(await res.arrayBuffer()),
        };
      };
      // fetch inflates what it receives: the text is the page whatever the encoding.
      for (const enc of ['br, gzip', 'gzip', 'identity']) expect((await get(enc)).bytes.toString()).toBe(body + 't2');
      expect((await get('gzip, deflate, br')).enc).toBe('br');
      expect((await get('gzip')).enc).toBe('gzip');
      expect((await get('identity')).enc).toBeNull();
      expect((await get('gzip')).vary).toContain('Accept-Encoding');
      // Compressed once per encoding, kept with the page.
      const p = page('t2');
      expect(brotliDecompressSync(await p.encoded.get('br')!).toString()).toBe(body + 't2');
      expect(gunzipSync(await p.encoded.get('gzip')!).toString()).toBe(body + 't2');
    } finally {
      server.close();
    }
  });
});
