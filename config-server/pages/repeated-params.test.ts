/**
 * A page URL may name a param twice (a native shell appending the common params to a link that carries them already):
 * the page is drawn, and its first call made, with the query the app reads, whose last value of a name wins. A HEAD
 * (headers alone) makes no call.
 */
import http from 'node:http';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PublishedSnapshot, type SnapshotDoc } from '../published/snapshot.js';
import { readRepoDocuments } from '../store/repo-documents.js';
import { startPageServer, type PageServer } from './testing/page-server.js';
import { appQuery } from './page-router.js';

let pages: PageServer;
/** What the backend got: the token (the API map sends it as a header) and the order asked for. */
const calls: { token?: string; orderId?: string; market?: unknown }[] = [];

beforeAll(async () => {
  const snap = new PublishedSnapshot(readRepoDocuments().map((d) => structuredClone(d.content) as SnapshotDoc));
  pages = await startPageServer(
    () => snap,
    (app) =>
      app.post('/sandbox/user-problem/problem-init', express.urlencoded({ extended: false }), (req, res) => {
        const call = {
          token: req.get('x-token'),
          orderId: (req.body as { orderId?: string }).orderId,
          market: req.query.market,
        };
        calls.push(call);
        res.json({
          code: '00',
          message: '',
          data: {
            problemType: [],
            problemSonType: [],
            orderDetail: { productName: `Order-${call.orderId}-of-${call.token}`, rows: [] },
          },
        });
      }),
  );
});
afterAll(() => pages.close());

function page(path: string): Promise<{ text: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    http
      .get(pages.origin + path, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ text, headers: res.headers }));
      })
      .on('error', reject);
  });
}

describe('a page URL with a repeated param', () => {
  it("is drawn with the borrower's token and order as the app reads them: the last of each", async () => {
    const { text, headers } = await page('/complaint?market=ID&token=old&orderId=1004&token=tok-b&orderId=1005');
    expect(calls.at(-1)).toEqual({ token: 'tok-b', orderId: '1005', market: 'ID' });
    expect(text).toContain('Order-1005-of-tok-b');
    expect(headers['cache-control']).toBe('private, no-store');
    expect(text.trimEnd().endsWith('</html>')).toBe(true);
  });

  it('is drawn in the market the app reads, the last named, with its call for that market', async () => {
    const { text } = await page('/complaint?market=IN&token=tok-in&orderId=7&market=IN');
    expect(calls.at(-1)).toEqual({ token: 'tok-in', orderId: '7', market: 'IN' });
    expect(text).toContain('<html lang="en-IN"');
    expect(text).toContain('/config/v1/bundle?market=IN&amp;v=');
    expect(text).toContain('Order-7-of-tok-in');
    const other = await page('/complaint?market=IN&token=tok-id&orderId=8&market=ID');
    expect(other.text).toContain('<html lang="id-ID"');
    expect(calls.at(-1)?.market).toBe('ID');
  });

  it('reads the query as URLSearchParams does', () => {
    expect(appQuery('/complaint?a=1&b=x+y&a=2&c=%E2%82%B9&d')).toEqual({ a: '2', b: 'x y', c: '₹', d: '' });
    expect(appQuery('/complaint')).toEqual({});
  });
});

describe('a HEAD of a borrower page', () => {
  it('a HEAD makes no backend call: nobody sees its page', async () => {
    const before = calls.length;
    const res = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http
        .request(`${pages.origin}/complaint?market=ID&token=tok-head&orderId=9`, { method: 'HEAD' }, resolve)
        .on('error', reject)
        .end(),
    );
    res.resume();
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(calls.length).toBe(before);
  });
});
