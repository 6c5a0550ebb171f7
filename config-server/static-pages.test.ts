import { describe, expect, it } from 'vitest';
import { PublishedSnapshot, type SnapshotDoc } from './published-snapshot.js';
import { readRepoDocuments } from './store/repo-documents.js';
import { injectStatic, staticPages } from './static-pages.js';

const repoDocs = () => readRepoDocuments().map((d) => structuredClone(d.content) as SnapshotDoc);

describe('static pages', () => {
  it('renders a static screen once per published version, market and common params; other screens per request', async () => {
    const logs: string[] = [];
    const render = staticPages((m) => logs.push(m));
    const snap = new PublishedSnapshot(repoDocs());
    const home = await render(snap, { market: 'IN', screenId: 'site-home', query: { market: 'IN', utm: 'ad' } });
    expect(home?.html).toContain('<h1 class="sdui-text sdui-text--title">Personal loans from ₹2.000 to ₹80.000</h1>');
    expect(home?.html).toContain('href="/About?market=IN"'); // common params carried, the ad tag not
    expect(home?.title).toBe('CashLoan: instant personal loans');
    expect(home?.lang).toBe('en-IN');
    expect(await render(snap, { market: 'IN', screenId: 'site-home', query: { market: 'IN', utm: 'other' } })).toBe(home); // cached
    expect((await render(snap, { market: 'ID', screenId: 'site-home', query: {} }))?.html).toContain('Rp1.000.000');
    // A borrower screen is drawn per request, without data when the server may not fetch any.
    const entry = await render(snap, { market: 'ID', screenId: 'complaint-entry', query: {} });
    expect(entry?.html).toContain('sdui-toast-region');
    // Not fetched here: the page is told how to start its first call itself (public/early-call.js).
    expect(entry?.data).toEqual({ calls: [], early: { url: '/sandbox/user-problem/problem-init', method: 'POST', headers: expect.objectContaining({ 'X-Requested-With': 'XMLHttpRequest' }), body: '' } });
    expect(injectStatic('<div id="root"></div>', entry!)).toContain('<script src="/early-call.js"></script>');
    expect(await render(snap, { market: 'ID', screenId: 'complaint-entry', query: {} })).not.toBe(entry);
    expect(await render(snap, { market: 'ID', screenId: 'no-such-screen', query: {} })).toBeNull();

    // A publish is a new snapshot: its pages come from the new documents.
    const docs = repoDocs();
    const inMarket = docs.find((d) => d.kind === 'market' && d.id === 'IN')! as SnapshotDoc & { loanRange: object };
    inMarket.loanRange = { min: 5000, max: 150000 };
    const after = await render(new PublishedSnapshot(docs, 2), { market: 'IN', screenId: 'site-home', query: { market: 'IN' } });
    expect(after?.html).toContain('₹5.000 to ₹150.000');
    expect(logs).toEqual([]);
  });

  it('a screen that fails to render is logged and served without markup (the app draws it)', async () => {
    const logs: string[] = [];
    const render = staticPages((m) => logs.push(m));
    const docs = repoDocs();
    const texts = docs.find((d) => d.kind === 'text-set' && d.id === 'en-IN') as SnapshotDoc & { texts: unknown };
    texts.texts = null; // garbage: translate() cannot read it
    const page = await render(new PublishedSnapshot(docs), { market: 'IN', screenId: 'site-about', query: {} });
    expect(page).toBeNull();
    expect(logs.some((l) => l.includes('server render of screen site-about failed'))).toBe(true);
  });

  it('injects markup, title and language into the page, escaping the title', () => {
    const page = injectStatic('<html lang="id"><head><title>loading...</title></head><body><div id="root"></div></body></html>', { html: '<p>x</p>', title: 'A &amp; B', lang: 'en-IN' });
    expect(page).toBe('<html lang="en-IN"><head><title>A &amp; B</title></head><body><div id="root" data-ssr=""><p>x</p></div></body></html>');
  });
});
