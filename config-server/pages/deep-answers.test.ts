/**
 * A backend answer can be valid JSON nested deeper than the server can write back out: JSON.parse reads it, but
 * JSON.stringify (the page's hand-off) runs out of stack. The borrower must still get a whole page, drawn without
 * the data, whose app makes the call itself, never a 500 or a stream cut after its shell.
 */
import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PublishedSnapshot, type SnapshotDoc } from '../published/snapshot.js';
import { readRepoDocuments } from '../store/repo-documents.js';
import { startPageServer, type PageServer } from './testing/page-server.js';

/** Far deeper than V8's JSON.stringify goes on the server's stack; about 200 KB of answer. */
const DEPTH = 100_000;
let pages: PageServer;

beforeAll(async () => {
  // A map without `numericFields` (optional): nothing walks the whole answer before the page writes it. With them
  // the walk overflows first at most depths, but not at all (it stops a little deeper once optimised).
  const docs = readRepoDocuments().map((d) => structuredClone(d.content) as SnapshotDoc & { numericFields?: unknown });
  for (const d of docs) if (d.kind === 'api-map') delete d.numericFields;
  const snap = new PublishedSnapshot(docs);
  pages = await startPageServer(
    () => snap,
    (app) => {
      app.post('/sandbox/user-problem/problem-init', (_req, res) => {
        const deep = '['.repeat(DEPTH) + ']'.repeat(DEPTH);
        res
          .type('json')
          .send(
            `{"code":"00","message":"","data":{"problemType":[],"problemSonType":[],` +
              `"orderDetail":{"productName":"Deep-1","rows":[]},"extra":${deep}}}`,
          );
      });
    },
  );
});
afterAll(() => pages.close());

/** The page as a webview gets it: status and text, or how the response broke off. */
function load(path: string): Promise<{ status?: number; text: string; broken?: string }> {
  return new Promise((resolve) => {
    http
      .get(pages.origin + path, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('aborted', () => resolve({ status: res.statusCode, text: '', broken: 'aborted' }));
        res.on('error', (e) => resolve({ status: res.statusCode, text: '', broken: e.message }));
        res.on('end', () => {
          const bytes = Buffer.concat(chunks);
          const text = (res.headers['content-encoding'] === 'gzip' ? gunzipSync(bytes) : bytes).toString('utf8');
          resolve({ status: res.statusCode, text });
        });
      })
      .on('error', (e) => resolve({ text: '', broken: e.message }));
  });
}

describe('a backend answer too deep to hand to the page', () => {
  for (const [what, path] of [
    ['streamed (a borrower with a token)', '/complaint?market=ID&token=deep-a'],
    ['sent whole (no token)', '/complaint?market=ID&deviceId=deep-b'],
  ]) {
    it(`${what}: a whole page drawn without the data, whose app makes the call`, async () => {
      for (let i = 0; i < 2; i++) {
        // Twice: the second request meets whatever the first one kept.
        const page = await load(path);
        expect(page.broken).toBeUndefined();
        expect(page.status).toBe(200);
        expect(page.text.trimEnd().endsWith('</html>')).toBe(true);
        expect(page.text).toContain('<div id="root" data-ssr="">');
        expect(page.text).toContain('"early":{');
        expect(page.text).not.toContain('Deep-1');
      }
    });
  }
});
