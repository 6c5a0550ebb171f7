import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { gzipHead, gzipRest } from './gzip-parts.js';

const page = (n: number) =>
  `<!doctype html><html lang="id"><head><style>${'.sdui-card{padding:12px} '.repeat(n)}</style></head><body>`;

describe('a gzip stream in two parts', () => {
  it('joins one head kept once with different rests into whole pages a browser inflates', () => {
    const head = gzipHead(page(400));
    for (const rest of [
      '<p>Periode 2 · Rp400.000</p></body></html>',
      '<p>Kredit Pintar – ✓ Dipilih 😀</p></body></html>',
    ]) {
      const bytes = Buffer.concat([head.bytes, gzipRest(head, rest)]);
      expect(gunzipSync(bytes).toString('utf8')).toBe(page(400) + rest);
    }
  });

  it('is as small as one compression of the whole page: the rest reads on from the head', () => {
    const rows = Array.from(
      { length: 200 },
      (_, i) => `<li class="sdui-card">Periode ${i}: Rp${(i * 7919) % 100000}</li>`,
    );
    const body = `<ul>${rows.join('')}</ul></body></html>`;
    const head = gzipHead(page(400));
    const joined = head.bytes.length + gzipRest(head, body).length;
    expect(joined).toBeLessThan(gzipSync(page(400) + body).length * 1.02 + 16);
  });

  it('heads longer than the deflate window and empty ones work too', () => {
    for (const text of [page(3000), '']) {
      const head = gzipHead(text);
      const bytes = Buffer.concat([head.bytes, gzipRest(head, '<main>x</main>')]);
      expect(gunzipSync(bytes).toString('utf8')).toBe(text + '<main>x</main>');
    }
  });

  it('an empty rest ends the head as a whole page', () => {
    const head = gzipHead(page(40));
    expect(gunzipSync(Buffer.concat([head.bytes, gzipRest(head, '')])).toString('utf8')).toBe(page(40));
  });
});
