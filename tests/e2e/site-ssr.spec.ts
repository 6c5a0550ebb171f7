/**
 * Visible before JavaScript: static screens (site, legal) come from the server with their text in the HTML.
 * With JavaScript disabled, `/`, `/privacyPolicy` and the loan terms show their full text and their links
 * work; with JavaScript on, the app takes over without a loading flash or a layout shift.
 */
import fs from 'node:fs';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { thousands } from '../../renderer/core/expressions/format';
import type { Page } from 'playwright-core';
import { screenVisible, startHarness, type Harness } from './harness';

const textsOf = (locale: string): Record<string, string> =>
  JSON.parse(fs.readFileSync(`screens/texts/${locale}.json`, 'utf8')).texts;
const marketOf = (id: string) => JSON.parse(fs.readFileSync(`screens/markets/${id}.json`, 'utf8'));

/**
 * Page init script: every layout shift (input aside) with what moved and whether the app had taken over yet, in
 * `window.__shifts`, so a failure says where to look.
 */
function recordShifts() {
  type Shift = PerformanceEntry & {
    value: number;
    hadRecentInput: boolean;
    sources?: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
  };
  const w = window as unknown as { __shifts: string[] };
  w.__shifts = [];
  const rect = (r: DOMRectReadOnly) => `${r.x},${r.y} ${r.width}x${r.height}`;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as Shift[]) {
      if (e.hadRecentInput) continue;
      const app = performance.getEntriesByName('sdui:screen-visible').length > 0 ? 'after' : 'before';
      const moved = (e.sources ?? []).map(
        (s) =>
          `${s.node instanceof Element ? `${s.node.tagName.toLowerCase()}.${s.node.className}` : s.node?.nodeName} ${rect(s.previousRect)} -> ${rect(s.currentRect)}`,
      );
      w.__shifts.push(
        `${e.value.toFixed(4)} at ${Math.round(e.startTime)} ms, ${app} the app's first screen: ${moved.join('; ')}`,
      );
    }
  }).observe({ type: 'layout-shift', buffered: true });
}
const shiftsOf = (page: Page) => page.evaluate(() => (window as unknown as { __shifts: string[] }).__shifts);

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ log: () => {} });
});
afterAll(async () => h?.close());

describe('server-rendered page under a hash route', () => {
  it('`/#/gallery` is served the home page (the server never sees the hash) and the app replaces it at once, not after loading the gallery', async () => {
    const { page, pageErrors } = await h.newPage();
    await page.addInitScript(() => {
      const w = window as unknown as { __seen: string[] };
      w.__seen = [];
      new MutationObserver((records) => {
        for (const r of records)
          r.addedNodes.forEach(
            (n) => n instanceof HTMLElement && n.matches('.sdui-loading') && w.__seen.push('loading'),
          );
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${h.url}/?market=ID#/gallery`);
    await page.getByRole('heading', { level: 1, name: 'Galeri komponen' }).waitFor();
    expect(await page.locator('main h1', { hasText: 'Pinjaman pribadi' }).count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __seen: string[] }).__seen)).toContain('loading');
    expect(pageErrors).toEqual([]);
    await page.context().close();
  });
});

describe('a page that arrives in pieces (a slow link cuts it inside the nav bar)', () => {
  it('is not painted until the whole nav bar is there, so its right-aligned entries never move', async () => {
    // A proxy that sends the page up to the nav's second item, waits, then sends the rest; anything else passes.
    let cuts = 0;
    const proxy = http.createServer(async (req, res) => {
      const r = await fetch(h.url + req.url);
      const body = Buffer.from(await r.arrayBuffer());
      res.writeHead(r.status, { 'content-type': r.headers.get('content-type') ?? '', 'cache-control': 'no-store' });
      const cut = body.indexOf('<li class="sdui-tabs__item"', body.indexOf('<li class="sdui-tabs__item"') + 1);
      if (!r.headers.get('content-type')?.includes('text/html') || cut < 0) return res.end(body);
      cuts++;
      res.write(body.subarray(0, cut));
      setTimeout(() => res.end(body.subarray(cut)), 700);
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    try {
      const { page, pageErrors } = await h.newPage({ viewport: { width: 1280, height: 800 } });
      await page.addInitScript(recordShifts);
      await page.addInitScript(() => {
        const w = window as unknown as { __firstFrame: number };
        // What the first painted frame held: the nav items parsed by then.
        requestAnimationFrame(() => (w.__firstFrame = document.querySelectorAll('.sdui-tabs__item').length));
      });
      await page.goto(`http://127.0.0.1:${(proxy.address() as { port: number }).port}/Loan?market=ID`);
      await screenVisible(page);
      expect(cuts).toBe(1);
      expect(await page.evaluate(() => (window as unknown as { __firstFrame: number }).__firstFrame)).toBe(4);
      expect(await shiftsOf(page)).toEqual([]);
      expect(pageErrors).toEqual([]);
      await page.context().close();
    } finally {
      proxy.close();
    }
  });
});

describe.each(['IN', 'ID'])('server-rendered site, market %s', (marketId) => {
  const market = marketOf(marketId);
  const texts = textsOf(market.textSet);

  it('with JavaScript disabled, /, /privacyPolicy and the loan terms show their full text, and the nav links work', async () => {
    const context = await h.browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 667 } });
    const page = await context.newPage();

    await page.goto(`${h.url}/?market=${marketId}`);
    const min = `${market.currency.symbol}${thousands(market.loanRange.min, market.number)}`;
    expect(await page.locator('main h1').innerText()).toContain(min);
    expect(await page.locator('main').innerText()).toContain(texts['site.home.clearBody']);
    expect(await page.getByLabel(texts['site.contact.firstName'], { exact: true }).count()).toBe(1);
    expect(await page.title()).toBe(texts['site.title.home']);
    expect(await page.locator('html').getAttribute('lang')).toBe(market.textSet);

    await page.goto(`${h.url}/privacyPolicy?market=${marketId}`);
    const privacy = page.locator('main article#privacy-policy');
    expect(await privacy.locator('section h3').count()).toBe(9);
    for (let i = 1; i <= 9; i++) expect(await privacy.innerText()).toContain(texts[`legal.privacy.s${i}.h`]);
    expect(await privacy.innerText()).toContain(market.serviceEmail);

    // The loan terms, reached through the server-rendered nav link (a real <a href>, no script needed).
    await page.goto(`${h.url}/?market=${marketId}`);
    await page
      .getByRole('navigation', { name: texts['site.nav.label'] })
      .getByRole('link', { name: texts['site.nav.loanTerms'] })
      .click();
    await page.waitForURL(/\/Loan\?market=/);
    const terms = page.locator('main article#loan-terms');
    expect(await terms.locator('section h3').count()).toBe(21);
    const text = (await terms.innerText()).replace(/\s+/g, ' ');
    expect(text).toContain(`${market.legal.loanTermDays.min}`);
    expect(text).toContain(
      `${market.currency.symbol}${thousands(market.legal.defaultPenalty.newClient, market.number)}`,
    );
    expect(text).toContain(texts['legal.terms.governingLaw.p']);
    await context.close();
  });

  it('with JavaScript on, the app takes over the server markup without a loading flash or a layout shift', async () => {
    const { page, pageErrors } = await h.newPage({ viewport: { width: 1280, height: 800 } });
    await page.addInitScript(recordShifts);
    await page.addInitScript(() => {
      const w = window as unknown as { __flash: string[] };
      w.__flash = [];
      new MutationObserver((records) => {
        for (const r of records)
          r.addedNodes.forEach(
            (n) =>
              n instanceof HTMLElement && n.matches('.sdui-loading, .sdui-screen-error') && w.__flash.push(n.className),
          );
      }).observe(document, { childList: true, subtree: true });
    });
    const served = await (await fetch(`${h.url}/Loan?market=${marketId}`)).text();
    expect(served).toContain('data-ssr');
    expect(served).toContain(texts['legal.terms.waiver.p']);
    // The first paint waits for the whole nav bar (right-aligned: drawn half-parsed, its entries would shift).
    const expectId = /<link rel="expect" href="#([\w-]+)" blocking="render"\/>/.exec(
      served.slice(0, served.indexOf('</head>')),
    )?.[1];
    expect(expectId).toBeTruthy();
    expect(served).toContain(`</ul><span id="${expectId}" hidden=""></span></nav>`);

    // Hold the app's code back until the server's page has been measured.
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await gate;
      await route.continue();
    });
    await page.goto(`${h.url}/Loan?market=${marketId}`, { waitUntil: 'commit' });
    await page.locator('main h1').waitFor();
    const before = await page.locator('main h1').boundingBox();
    expect(before).not.toBeNull();
    release();
    // The app marks its first screen once it has committed it (it replaced the server markup by then).
    await screenVisible(page);
    const after = await page.locator('main h1').boundingBox();
    expect(after).toEqual(before);
    expect(await page.evaluate(() => (window as unknown as { __flash: string[] }).__flash)).toEqual([]);
    expect(await shiftsOf(page)).toEqual([]);
    expect(await page.locator('main article#loan-terms section h3').count()).toBe(21);
    // Identical markup: the server's root and the app's root, compared as DOM in the same browser (React's
    // generated ids, Suspense comments and the app's toast region aside).
    const [server, client] = await page.evaluate((html) => {
      const normal = (root: Element) => {
        const copy = root.cloneNode(true) as Element;
        copy.querySelectorAll('.sdui-toast-region').forEach((e) => e.remove());
        const walker = document.createTreeWalker(copy, NodeFilter.SHOW_COMMENT);
        const comments: Node[] = [];
        while (walker.nextNode()) comments.push(walker.currentNode);
        comments.forEach((c) => c.parentNode?.removeChild(c));
        return copy.innerHTML.replace(
          /(id|for|aria-describedby|aria-labelledby|aria-controls)="[^"]*_r_[^"]*"/g,
          '$1="…"',
        );
      };
      const served = new DOMParser().parseFromString(html, 'text/html').getElementById('root')!;
      return [normal(served), normal(document.getElementById('root')!)];
    }, served);
    expect(client).toBe(server);
    expect(pageErrors).toEqual([]);
    await page.context().close();
  });
});
