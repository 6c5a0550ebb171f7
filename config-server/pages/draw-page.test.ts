import http from 'node:http';
import { describe, expect, it, vi } from 'vitest';
import { PublishedSnapshot, type SnapshotDoc } from '../published/snapshot.js';
import { readRepoDocuments } from '../store/repo-documents.js';
import { pageDrawer } from './draw-page.js';
import { injectDrawn } from './inject-drawn.js';
import { compactHandOff, readHandOff } from '../../renderer/core/first-calls/hand-off.js';
import { CAPTURE_SCRIPT } from '../../renderer/boot/capture/capture-script.js';

const repoDocs = () => readRepoDocuments().map((d) => structuredClone(d.content) as SnapshotDoc);

describe('static pages', () => {
  it('renders a static screen once per published version, market and common params; other screens per query', async () => {
    const logs: string[] = [];
    const render = pageDrawer((m) => logs.push(m));
    const snap = new PublishedSnapshot(repoDocs());
    const home = await render(snap, { market: 'IN', screenId: 'site-home', query: { market: 'IN', utm: 'ad' } });
    expect(home?.html).toContain('<h1 class="sdui-text sdui-text--title">Personal loans from ₹2,000 to ₹80,000</h1>');
    expect(home?.html).toContain('href="/About?market=IN"'); // common params carried, the ad tag not
    expect(home?.title).toBe('CashLoan: instant personal loans');
    // The search result's line under the title: the screen's metaDescription key, in the market's text set.
    expect(home?.description).toMatch(/^Instant personal loans for salaried earners/);
    expect(home?.lang).toBe('en-IN');
    expect(await render(snap, { market: 'IN', screenId: 'site-home', query: { market: 'IN', utm: 'other' } })).toBe(
      home,
    ); // cached
    expect((await render(snap, { market: 'ID', screenId: 'site-home', query: {} }))?.html).toContain('Rp1.000.000');
    // A borrower screen is drawn per query, without data when the server may not fetch any.
    const entry = await render(snap, { market: 'ID', screenId: 'complaint-entry', query: {} });
    expect(entry?.html).toContain('sdui-toast-region');
    expect(entry?.description).toBe('Keluhan'); // no metaDescription key: the title's text
    // Not fetched here: the page is told how to start its first call itself (public/early-call.js).
    expect(entry?.data).toEqual({
      calls: [],
      early: {
        key: '["problemInit",{},false]',
        url: '/sandbox/user-problem/problem-init',
        method: 'POST',
        headers: expect.objectContaining({ 'X-Requested-With': 'XMLHttpRequest' }),
        body: '',
      },
    });
    expect(injectDrawn('<div id="root"></div>', entry!)).toContain('<script src="/early-call.js"></script>');
    // Kept for a while (an overloaded backend sends every request down this path); another borrower gets their own.
    expect(await render(snap, { market: 'ID', screenId: 'complaint-entry', query: {} })).toBe(entry);
    const other = await render(snap, { market: 'ID', screenId: 'complaint-entry', query: { token: 't2' } });
    expect(other).not.toBe(entry);
    expect(other?.data?.early?.url).toBe('/sandbox/user-problem/problem-init?token=t2');
    expect(await render(snap, { market: 'ID', screenId: 'no-such-screen', query: {} })).toBeNull();

    // A publish is a new snapshot: its pages come from the new documents.
    const docs = repoDocs();
    const inMarket = docs.find((d) => d.kind === 'market' && d.id === 'IN')! as SnapshotDoc & { loanRange: object };
    inMarket.loanRange = { min: 5000, max: 250000 };
    const after = await render(new PublishedSnapshot(docs, 2), {
      market: 'IN',
      screenId: 'site-home',
      query: { market: 'IN' },
    });
    expect(after?.html).toContain('₹5,000 to ₹2,50,000');
    expect(logs).toEqual([]);
  });

  it('a screen that fails to render is logged and served without markup (the app draws it)', async () => {
    const logs: string[] = [];
    const render = pageDrawer((m) => logs.push(m));
    const docs = repoDocs();
    const texts = docs.find((d) => d.kind === 'text-set' && d.id === 'en-IN') as SnapshotDoc & { texts: unknown };
    texts.texts = null; // garbage: translate() cannot read it
    const page = await render(new PublishedSnapshot(docs), { market: 'IN', screenId: 'site-about', query: {} });
    expect(page).toBeNull();
    expect(logs.some((l) => l.includes('server render of screen site-about failed'))).toBe(true);
  });

  it('injects markup, title, description and language into the page, escaping the title', () => {
    const page = injectDrawn(
      '<html lang="id"><head><title>loading...</title></head><body><div id="root"></div></body></html>',
      { html: '<p>x</p>', title: 'A &amp; B', description: '&quot;C&quot;', lang: 'en-IN' },
    );
    // The capture script last in the head (http/security-headers.test.ts checks it against the CSP).
    expect(page).toBe(
      `<html lang="en-IN"><head><title>A &amp; B</title><meta name="description" content="&quot;C&quot;" /><script>${CAPTURE_SCRIPT}</script></head><body><div id="root" data-ssr=""><p>x</p></div></body></html>`,
    );
  });

  it('reuses a borrower page only for the same query and answer: two tokens with different answers get their own pages', async () => {
    // A backend answering problem-init with the product named after the token, and a switch to change it.
    let suffix = '';
    const seen: string[] = [];
    const backend = http.createServer((req, res) => {
      const token = new URL(req.url ?? '/', 'http://x').searchParams.get('token') ?? '';
      seen.push(token);
      res.setHeader('Content-Type', 'application/json');
      res.end(
        JSON.stringify({
          code: '00',
          message: '',
          data: {
            problemType: [],
            problemSonType: [],
            orderDetail: { productName: `Product of ${token}${suffix}`, rows: [] },
          },
        }),
      );
    });
    await new Promise<void>((r) => backend.listen(0, '127.0.0.1', r));
    const origin = `http://127.0.0.1:${(backend.address() as { port: number }).port}`;
    try {
      const render = pageDrawer(() => {}, { allowedOrigins: [], budgetMs: 2000 });
      const snap = new PublishedSnapshot(repoDocs());
      const page = (token: string) =>
        render(snap, { market: 'ID', screenId: 'complaint-entry', query: { market: 'ID', token }, selfOrigin: origin });
      const a = await page('alice');
      const b = await page('bob');
      expect(a?.html).toContain('Product of alice');
      expect(b?.html).toContain('Product of bob');
      expect(b?.html).not.toContain('alice');
      expect(JSON.stringify(b?.data)).not.toContain('alice');
      // Alice again, same answer: the page drawn for her, not redrawn (the call is still made: it decides).
      expect(await page('alice')).toBe(a);
      expect(seen).toEqual(['alice', 'bob', 'alice']);
      // Her answer changed: a new page.
      suffix = ' v2';
      const a2 = await page('alice');
      expect(a2).not.toBe(a);
      expect(a2?.html).toContain('Product of alice v2');
      // Another query (another order) is another page even with the same answer.
      suffix = '';
      const other = await render(snap, {
        market: 'ID',
        screenId: 'complaint-entry',
        query: { market: 'ID', token: 'alice', orderId: '9' },
        selfOrigin: origin,
      });
      expect(other).not.toBe(a);
    } finally {
      backend.close();
    }
  });

  it('works a first call out once per query, unless the screen reads the clock for it', async () => {
    const bodies: string[] = [];
    const backend = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        bodies.push(body);
        res.setHeader('Content-Type', 'application/json');
        res.end(
          JSON.stringify({
            code: '00',
            message: '',
            data: { problemType: [], problemSonType: [], orderDetail: { productName: 'P', rows: [] } },
          }),
        );
      });
    });
    await new Promise<void>((r) => backend.listen(0, '127.0.0.1', r));
    const origin = `http://127.0.0.1:${(backend.address() as { port: number }).port}`;
    const clock = vi.spyOn(Date, 'now');
    try {
      const docs = repoDocs();
      const entry = docs.find((d) => d.kind === 'screen' && d.id === 'complaint-entry') as SnapshotDoc & {
        onLoad: unknown[];
      };
      entry.onLoad = [
        { action: 'api', endpoint: 'problemInit', params: { orderId: '{{ now() }}' }, resultTo: 'init' },
        ...entry.onLoad.slice(1),
      ];
      const render = pageDrawer(() => {}, { allowedOrigins: [], budgetMs: 2000 });
      const snap = new PublishedSnapshot(docs);
      const page = () =>
        render(snap, {
          market: 'ID',
          screenId: 'complaint-entry',
          query: { market: 'ID', token: 't' },
          selfOrigin: origin,
        });
      clock.mockReturnValue(1_700_000_000_000);
      await page();
      clock.mockReturnValue(1_700_000_005_000);
      await page();
      expect(bodies).toEqual(['orderId=1700000000000', 'orderId=1700000005000']);
      // The default screen reads only the query: the same call both times.
      const plain = new PublishedSnapshot(repoDocs());
      await render(plain, {
        market: 'ID',
        screenId: 'complaint-entry',
        query: { market: 'ID', token: 't', orderId: '7' },
        selfOrigin: origin,
      });
      await render(plain, {
        market: 'ID',
        screenId: 'complaint-entry',
        query: { market: 'ID', token: 't', orderId: '7' },
        selfOrigin: origin,
      });
      expect(bodies.slice(2)).toEqual(['orderId=7', 'orderId=7']);
    } finally {
      clock.mockRestore();
      backend.close();
    }
  });

  it('inlines a call answer once: a state entry equal to it is named, and the app reads the same state back', () => {
    const items = Array.from({ length: 3 }, (_, i) => ({ id: i, title: `item ${i}` }));
    const data = {
      state: { tabs: items, first: items[0], note: 'x' },
      calls: [{ endpoint: 'problemList', key: 'k', result: { ok: true as const, code: 0, message: '', data: items } }],
    };
    const compact = compactHandOff(data);
    expect(compact.state).toEqual({ first: items[0], note: 'x' });
    expect(compact.stateFromCalls).toEqual({ tabs: 0 });
    const json = JSON.stringify(compact);
    expect(json.split('item 2').length - 1).toBe(1); // once, in the call
    const doc = { getElementById: () => ({ textContent: json }) } as unknown as Document;
    expect(readHandOff(doc)?.state).toEqual(data.state);
    // A reference to no call, or to a forbidden key, is garbage: the app calls as usual.
    const bad = (refs: unknown) =>
      ({
        getElementById: () => ({ textContent: JSON.stringify({ ...compact, stateFromCalls: refs }) }),
      }) as unknown as Document;
    expect(readHandOff(bad({ tabs: 3 }))).toBeNull();
    expect(readHandOff(bad(JSON.parse('{"__proto__": 0}')))).toBeNull();
  });
});
