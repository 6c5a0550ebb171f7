/**
 * A borrower's page against the answers a real backend sends, not only the sandbox's: the page is drawn with the data
 * whenever the browser would read the same answer, since a page drawn without it costs the borrower a second call.
 */
import http from 'node:http';
import { brotliCompressSync, deflateRawSync, deflateSync, gunzipSync, gzipSync } from 'node:zlib';
import type { Request, Response } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PublishedSnapshot, type SnapshotDoc } from '../published/snapshot.js';
import { readRepoDocuments } from '../store/repo-documents.js';
import { startPageServer, type PageServer } from './testing/page-server.js';
import { MAX_ANSWER_BYTES } from './backend-call.js';

let pages: PageServer;
let items = 0;
/** How the backend answers complaint entry's first call; the order's name carries the token it was asked with. */
let answer: (res: Response, body: string) => void = (res, body) => res.type('json').send(body);
const envelope = (req: Request) =>
  JSON.stringify({
    code: '00',
    message: '',
    data: {
      problemType: [],
      problemSonType: [],
      orderDetail: { productName: `Order-of-${req.get('x-token')}`, rows: [] },
    },
  });

beforeAll(async () => {
  const snap = new PublishedSnapshot(readRepoDocuments().map((d) => structuredClone(d.content) as SnapshotDoc));
  pages = await startPageServer(
    () => snap,
    (app) => {
      app.post('/sandbox/user-problem/problem-init', (req, res) => answer(res, envelope(req)));
      // My complaints: `items` of them, each about 150 bytes of JSON.
      app.post('/sandbox/user-problem/problem-list', (_req, res) => {
        const list = Array.from({ length: items }, (_, i) => ({
          id: i,
          time: '2026-11-01 10:00:00',
          type: 'Tagihan',
          content: `Complaint-${i} ${'x'.repeat(100)}`,
        }));
        res.json({ code: '00', message: '', data: [{ key: 'processing', title: 'Processing', list }] });
      });
    },
  );
});
afterAll(() => pages.close());

/** The page as a webview gets it (gzip, inflated here). */
function page(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get(pages.origin + path, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const bytes = Buffer.concat(chunks);
          resolve((res.headers['content-encoding'] === 'gzip' ? gunzipSync(bytes) : bytes).toString('utf8'));
        });
      })
      .on('error', reject);
  });
}

describe('a page against what a real backend answers', () => {
  it('is drawn with the data of an answer that starts with a byte order mark, as the browser reads it', async () => {
    answer = (res, body) => res.type('json').send(Buffer.from('\uFEFF' + body, 'utf8'));
    const text = await page('/complaint?market=ID&token=bom&orderId=1004');
    expect(text).toContain('Order-of-bom');
    expect(text).not.toContain('"early":{');
    expect(text.trimEnd().endsWith('</html>')).toBe(true);
  });

  it('is drawn with the data of an answer compressed although the server asked for none, as the browser inflates it', async () => {
    const encodings = {
      gzip: gzipSync,
      br: brotliCompressSync,
      deflate: deflateSync,
      // Raw deflate under the name `deflate`, as some servers send it: browsers read it too.
      'raw-deflate': deflateRawSync,
    };
    for (const [name, compress] of Object.entries(encodings)) {
      answer = (res, body) =>
        res
          .set('Content-Encoding', name === 'raw-deflate' ? 'deflate' : name)
          .type('json')
          .send(compress(Buffer.from(body)));
      const text = await page(`/complaint?market=ID&token=${name}&orderId=1004`);
      expect(text, name).toContain(`Order-of-${name}`);
      expect(text, name).not.toContain('"early":{');
    }
  });

  it('refuses an answer that inflates past the cap: the page is drawn without data, whole, and the app calls', async () => {
    // A few KB on the wire, past MAX_ANSWER_BYTES once inflated.
    answer = (res, body) =>
      res
        .set('Content-Encoding', 'gzip')
        .type('json')
        .send(gzipSync(Buffer.from(body.replace('Order-of-bomb', `Order-of-bomb${' '.repeat(MAX_ANSWER_BYTES)}`))));
    const text = await page('/complaint?market=ID&token=bomb&orderId=1004');
    expect(text).not.toContain('Order-of-bomb');
    expect(text).toContain('"early":{');
    expect(text.trimEnd().endsWith('</html>')).toBe(true);
  });

  it('leaves a huge answer to the app: its page comes at once without it, not megabytes drawn while others wait', async () => {
    items = 10;
    const small = await page('/complaintList?market=ID&token=few');
    expect(small).toContain('Complaint-9 ');
    // About 1 MB of JSON: drawn, a page of several MB and seconds of drawing that hold every other request back.
    items = 7000;
    const text = await page('/complaintList?market=ID&token=many');
    expect(text).not.toContain('Complaint-0 ');
    expect(text).toContain('"early":{');
    expect(text.length).toBeLessThan(100_000);
    expect(text.trimEnd().endsWith('</html>')).toBe(true);
  }, 60_000);
});
