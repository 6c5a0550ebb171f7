/**
 * A repeat visit paints from the phone (renderer/worker/README.md): the worker answers a page it kept at once, the app
 * confirms it against the server's drawn page of the same navigation, and a changed answer replaces the kept figures
 * visibly. Chromium's network emulation holds the server's page back, as a phone's link does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenVisible, startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ locale: 'id-ID', worker: true, serverPrefetch: true });
});
afterAll(async () => h?.close());

let seq = 0;
const tokenOf = () => `repeat-${process.pid}-${Date.now()}-${++seq}`;
/** A first visit installs the worker after load and an idle moment, which then draws the page once more to keep it. */
const KEEP_WAIT = { timeout: 30_000 };

/** The pages the phone keeps (their URLs) and when each was drawn. */
const keptPages = (page: Page) =>
  page.evaluate(async () => {
    const cache = await caches.open('sdui-pages');
    const out: Record<string, number> = {};
    for (const req of await cache.keys())
      out[req.url] = Number((await cache.match(req))?.headers.get('X-Sdui-Kept-At'));
    return out;
  });
/** A phone's link: every request of the page, its navigation's included, takes `ms` more. */
async function slowLink(page: Page, ms: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: ms,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
}
const keptMeta = (page: Page) => page.locator('meta[name="sdui-kept"]').count();
const sandbox = async (token: string, path: string, body: Record<string, string> = {}) => {
  const res = await fetch(`${h.url}/sandbox${path}?market=ID&token=${encodeURIComponent(token)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(body).toString(),
  });
  return ((await res.json()) as { data: unknown }).data;
};

describe('a repeat visit', () => {
  it('paints the kept page at once; the server confirms it and keeps its own', async () => {
    const token = tokenOf();
    const url = h.screenUrl('/complaint', { token });
    const { page, pageErrors, cspViolations } = await h.openPage(url.slice(h.url.length));
    await screenVisible(page);
    await page.getByRole('radio', { name: 'Repayment' }).waitFor();
    expect(await keptMeta(page)).toBe(0);
    await expect.poll(async () => Object.keys(await keptPages(page)), KEEP_WAIT).toEqual([url]);
    const first = (await keptPages(page))[url];

    await slowLink(page, 800);
    const t0 = Date.now();
    await page.goto(url, { waitUntil: 'commit' });
    await page.getByRole('radio', { name: 'Repayment' }).waitFor();
    // On screen before the server's page could be here (its request alone takes 800 ms more).
    expect(Date.now() - t0).toBeLessThan(800);
    expect(await keptMeta(page)).toBe(1);
    // The entry is imported by an inline module after the markup, out of the preload scanner's sight; the CSP allows it
    // by its hash (no violation below), and the app it starts confirms the page.
    expect(await page.locator('script[type="module"][src]').count()).toBe(0);
    expect(await page.locator('body > script[type="module"]:last-child').textContent()).toMatch(/^import "\/assets\//);
    await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));
    await h.screenshot(page, 'repeat-visit-complaint');
    // The server's page of this navigation said the same: it is kept in its place, and nothing reloaded.
    await expect.poll(async () => (await keptPages(page))[url], KEEP_WAIT).toBeGreaterThan(first);
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
    expect(await page.locator('.sdui-offline').count()).toBe(0);
    expect(pageErrors).toEqual([]);
    expect(cspViolations).toEqual([]);
  });

  it('a changed answer replaces the kept figures visibly, from the network', async () => {
    const token = tokenOf();
    const url = h.screenUrl('/complaintList', { token });
    const { page, pageErrors } = await h.openPage(url.slice(h.url.length));
    await screenVisible(page);
    const before = (await sandbox(token, '/user-problem/problem-list')) as { list: { content: string }[] }[];
    await page.getByText(before[0].list[0].content).first().waitFor();
    await expect.poll(async () => Object.keys(await keptPages(page)), KEEP_WAIT).toEqual([url]);

    // Meanwhile the borrower filed a complaint elsewhere: the server's answer changed.
    const added = `Keluhan baru ${Date.now()}`;
    await sandbox(token, '/user-problem/problem-save', {
      problemType: '2',
      problemDetail: added,
      orderNo: 'SB1003',
      problemImage: '',
    });
    await slowLink(page, 600);
    await page.goto(url, { waitUntil: 'commit' });
    // The kept list first, then the server's, in a load from the network.
    await page.getByText(before[0].list[0].content).first().waitFor();
    expect(await keptMeta(page)).toBe(1);
    expect(await page.getByText(added).count()).toBe(0);
    await page.getByText(added).first().waitFor({ timeout: 20_000 });
    expect(await keptMeta(page)).toBe(0);
    await screenVisible(page);
    expect(pageErrors).toEqual([]);
  });

  it('another borrower on the phone: what was kept for the last one goes', async () => {
    const one = h.screenUrl('/complaint', { token: tokenOf() });
    const { page } = await h.openPage(one.slice(h.url.length));
    await screenVisible(page);
    await expect.poll(async () => Object.keys(await keptPages(page)), KEEP_WAIT).toEqual([one]);
    const two = h.screenUrl('/complaint', { token: tokenOf() });
    await page.goto(two);
    await screenVisible(page);
    expect(await keptMeta(page)).toBe(0);
    await expect.poll(async () => Object.keys(await keptPages(page)), KEEP_WAIT).toEqual([two]);
  });
});
