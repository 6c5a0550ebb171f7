/**
 * Streamed pages keep their head per published version and their body per drawn page: what is kept must never
 * carry one borrower's data into another's page, and a publish must show at once.
 */
import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PublishedSnapshot, type SnapshotDoc } from '../published/snapshot.js';
import { readRepoDocuments } from '../store/repo-documents.js';
import { startPageServer, type PageServer } from './testing/page-server.js';

/** The published documents, with complaint entry's title changed to `title` (a publish). */
const published = (title?: string) =>
  new PublishedSnapshot(
    readRepoDocuments().map((d) => {
      const doc = structuredClone(d.content) as SnapshotDoc & { texts?: Record<string, string> };
      if (title && doc.kind === 'text-set' && doc.texts?.['title.complaintEntry'])
        doc.texts['title.complaintEntry'] = title;
      return doc;
    }),
  );

let pages: PageServer;
let origin: string;
let snap = published();

beforeAll(async () => {
  pages = await startPageServer(
    () => snap,
    (app) => {
      // Each borrower's own order, by the token the server forwards.
      app.post('/sandbox/user-problem/problem-init', (req, res) => {
        res.json({
          code: '00',
          message: '',
          data: {
            problemType: [],
            problemSonType: [],
            orderDetail: { productName: `Order-of-${String(req.get('x-token'))}`, rows: [] },
          },
        });
      });
    },
  );
  origin = pages.origin;
});
afterAll(() => pages.close());

/** The page as a webview gets it (gzip, the bytes inflated here), with its encoding. */
function page(token: string): Promise<{ text: string; encoding?: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${origin}/complaint?market=ID&token=${token}`, { headers: { 'accept-encoding': 'gzip, br' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const bytes = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          resolve({ text: (encoding === 'gzip' ? gunzipSync(bytes) : bytes).toString('utf8'), encoding });
        });
      })
      .on('error', reject);
  });
}

describe('streamed pages kept between requests', () => {
  it('gives every borrower their own data, and one borrower the same page again', async () => {
    const alice = await page('alice');
    const bob = await page('bob');
    expect(alice.encoding).toBe('gzip');
    expect(alice.text).toContain('Order-of-alice');
    expect(alice.text).not.toContain('Order-of-bob');
    expect(bob.text).toContain('Order-of-bob');
    expect(bob.text).not.toContain('Order-of-alice');
    expect((await page('alice')).text).toBe(alice.text);
    expect((await page('bob')).text).toBe(bob.text);
  });

  it('shows a publish at once: the kept head and body are those of the version they were drawn from', async () => {
    const before = await page('carol');
    expect(before.text).toContain('<title>Keluhan</title>');
    snap = published('Keluhan baru');
    const after = await page('carol');
    expect(after.text).toContain('<title>Keluhan baru</title>');
    expect(after.text).toContain('Order-of-carol');
    expect(after.text.trimEnd().endsWith('</html>')).toBe(true);
  });
});
