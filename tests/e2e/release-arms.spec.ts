/**
 * Same arm everywhere: a text change released to 50 % of borrowers. For a candidate and a base deviceId,
 * the page the server draws, the bundle it names, the app after hydration (and after its revalidations on focus)
 * and the next screen reached in the app all show that arm's copy, with no hydration mismatch. Every config request
 * the app makes says who the borrower is (their common params), and each answer says the same arm.
 *
 * Then the beacons: a real page, hidden, sends a beacon the server accepts (204) that reports both screens in the
 * borrower's arm, holds no token or deviceId, and shows up in the release's figures.
 */
import fs from 'node:fs';
import type { Request, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateBeacon } from '../../schemas/generated/validators.js';
import { login, type Client } from '../../config-server/testing/test-helpers';
import { PASSWORD, startConsoleHarness } from './admin-helpers';
import { commonParams, routeOf, screenVisible, type Harness, type PageRecord } from './harness';

const texts = JSON.parse(fs.readFileSync('screens/texts/id-ID.json', 'utf8')).texts as Record<string, string>;
/** On the complaint entry (drawn by the server) and the form the app opens next. */
const FIRST = 'complaint.typesLabel';
const NEXT = 'title.complainPageNext';
const copy = {
  base: { first: texts[FIRST], next: texts[NEXT] },
  candidate: { first: 'Apa jenis masalahnya? (kandidat)', next: 'Sampaikan keluhan (kandidat)' },
};
type Arm = keyof typeof copy;

let h: Harness;
let ops: Client;
let release: string;
const device: Record<Arm, string> = { base: '', candidate: '' };

const armOf = (header: string | null | undefined) => /=(base|candidate)$/.exec(header ?? '')?.[1] as Arm | undefined;

beforeAll(async () => {
  h = await startConsoleHarness({ locale: 'id-ID', serverPrefetch: true });
  ops = await login(h.url, 'ops', PASSWORD);
  const doc = await ops.req('GET', '/admin/api/documents/text-set/id-ID');
  const content = structuredClone((await doc.json()).published.content);
  content.texts[FIRST] = copy.candidate.first;
  content.texts[NEXT] = copy.candidate.next;
  expect(
    (
      await ops.req('PUT', '/admin/api/documents/text-set/id-ID/draft', content, {
        'if-match': doc.headers.get('etag')!,
      })
    ).status,
  ).toBe(200);
  const published = await ops.req('POST', '/admin/api/publish', {
    documents: [{ kind: 'text-set', id: 'id-ID' }],
    note: 'copy at 50 %',
    rollout: { percent: 50, guard: false },
    // The copy checks warn about this test copy (409 without this): ops confirm, as they would in the console.
    acceptWarnings: { reason: 'test copy for the release, longer on purpose' },
  });
  expect(published.status).toBe(200);
  release = (await published.json()).release.id;
  // One deviceId of each arm, as the server decides it.
  for (let i = 0; !device.base || !device.candidate; i++) {
    const id = `arm-e2e-${i}`;
    const r = await fetch(`${h.url}/config/v1/bundle?market=ID&deviceId=${id}`);
    await r.arrayBuffer();
    device[armOf(r.headers.get('x-config-release'))!] ||= id;
  }
}, 60_000);
afterAll(async () => h?.close());

/** Opens the complaint entry as `arm`'s borrower, recording every config request and its answer's arm. */
async function open(
  arm: Arm,
): Promise<PageRecord & { html: string; config: { url: URL; arm?: Arm }[]; sender: Promise<unknown> }> {
  const rec = await h.newPage();
  // The beacon sender's code comes once the first screen is shown and the page is idle.
  // Chromium asks for a favicon the app does not have: its 404 is no problem of the page.
  await rec.page.route('**/favicon.ico', (r) => r.fulfill({ status: 204 }));
  const sender = rec.page.waitForResponse((r) => /\/assets\/start-beacons-[^/]+\.js$/.test(r.url()));
  const config: { url: URL; arm?: Arm }[] = [];
  rec.page.on('response', (r: Response) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/config/v1/') && url.pathname !== '/config/v1/beacon')
      config.push({ url, arm: armOf(r.headers()['x-config-release']) });
  });
  const query = new URLSearchParams({ ...commonParams(`arm-${arm}-${Date.now()}`), deviceId: device[arm] });
  const res = await rec.page.goto(`${h.url}/complaint?${query}`);
  expect(armOf(res!.headers()['x-config-release'])).toBe(arm);
  const html = await res!.text();
  await screenVisible(rec.page);
  return { ...rec, html, config, sender };
}

describe('a text change released to 50 %', () => {
  for (const arm of ['candidate', 'base'] as const) {
    it(`shows the ${arm} arm's copy on the drawn page, after hydration, after revalidation and on the next screen`, async () => {
      const other: Arm = arm === 'base' ? 'candidate' : 'base';
      const { page, logs, pageErrors, html, config } = await open(arm);
      // The drawn page, before any script ran, and the bundle it names.
      expect(html).toContain(`>${copy[arm].first}<`);
      expect(html).not.toContain(`>${copy[other].first}<`);
      const boot = JSON.parse(/<script type="application\/json" id="sdui-boot">(.*?)<\/script>/s.exec(html)![1]);
      expect(boot).toMatchObject({ release: `${release}=${arm}`, bundleRelease: `${release}=${arm}` });
      await expect.poll(() => config.some((c) => c.url.pathname === '/config/v1/bundle')).toBe(true);
      expect(config.find((c) => c.url.pathname === '/config/v1/bundle')).toMatchObject({ arm });

      // Hydrated, then a return to the app (focus revalidates the bundle and the drawn screen): still this arm's copy.
      await page.getByText(copy[arm].first, { exact: true }).waitFor();
      const bundles = () => config.filter((c) => c.url.pathname === '/config/v1/bundle').length;
      const before = bundles();
      await page.evaluate(() => window.dispatchEvent(new Event('focus')));
      await expect.poll(bundles).toBe(before + 1);
      await expect.poll(() => config.some((c) => c.url.pathname === '/config/v1/screens/complaint-entry')).toBe(true);
      await page.waitForTimeout(200);
      expect(await page.getByText(copy[arm].first, { exact: true }).count()).toBe(1);
      expect(await page.getByText(copy[other].first, { exact: true }).count()).toBe(0);

      // The next screen, opened in the app.
      await page.getByRole('radio', { name: 'Repayment' }).click();
      await expect.poll(() => routeOf(page).path).toBe('/complainPageNext');
      await expect.poll(() => page.title()).toBe(copy[arm].next);
      await page.getByText(copy[arm].next, { exact: true }).first().waitFor();
      expect(await page.getByText(copy[other].next, { exact: true }).count()).toBe(0);
      await expect
        .poll(() => config.some((c) => c.url.pathname === '/config/v1/screens/complain-page-next'))
        .toBe(true);

      // Every config request named the borrower (the drawn page's bundle by its version) and got this arm.
      for (const c of config) {
        if (c.url.searchParams.has('v')) continue;
        expect(c.url.searchParams.get('deviceId'), c.url.href).toBe(device[arm]);
        expect(c.url.searchParams.get('platform')).toBe('ios');
        expect(c.url.searchParams.get('version')).toBe('1.0.0');
        expect(c.url.searchParams.has('token')).toBe(false);
      }
      expect(config.filter((c) => c.url.pathname === '/config/v1/bundle').every((c) => c.arm === arm)).toBe(true);
      expect(logs.filter((l) => /hydrat/i.test(l))).toEqual([]);
      expect(logs).toEqual([]);
      expect(pageErrors).toEqual([]);
      await h.screenshot(page, `release-arms-${arm}-next`);
      await page.context().close();
    });
  }

  it("a real page, hidden, sends one valid beacon: both screens in the borrower's arm, no token or deviceId, counted by the server", async () => {
    const { page, pageErrors, sender } = await open('candidate');
    await sender;
    const token = new URL(page.url()).searchParams.get('token')!;
    const beacons: Request[] = [];
    page.on('request', (r: Request) => void (new URL(r.url()).pathname === '/config/v1/beacon' && beacons.push(r)));
    await page.getByRole('radio', { name: 'Repayment' }).click();
    await expect.poll(() => routeOf(page).path).toBe('/complainPageNext');
    await page.getByText(copy.candidate.next, { exact: true }).first().waitFor();
    await page.waitForTimeout(200);
    expect(beacons).toEqual([]); // nothing while the borrower is on the page
    const viewsBefore = await candidateViews();

    // The app goes to the background (the webview is hidden): one beacon, which the server takes.
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/config/v1/beacon');
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect((await answered).status()).toBe(204);
    expect(beacons).toHaveLength(1);
    expect(beacons[0].headers()['content-type']).toBe('application/json');
    const text = beacons[0].postData() ?? '';
    const body = JSON.parse(text);
    expect(validateBeacon(body), JSON.stringify(validateBeacon.errors)).toBe(true);
    expect(body.market).toBe('ID');
    expect(body.screens).toEqual([
      expect.objectContaining({
        screen: 'complaint-entry',
        ticket: expect.any(String),
        pageViews: 1,
        lcp: [expect.any(Number)],
      }),
      expect.objectContaining({ screen: 'complain-page-next', ticket: expect.any(String), pageViews: 1 }),
    ]);
    // Each view's ticket is the server's word on its screen and arm (the body names no arm); one ticket per view.
    const said = body.screens.map((s: { ticket: string }) =>
      JSON.parse(Buffer.from(s.ticket.split('.')[0], 'base64url').toString('utf8')),
    );
    expect(said.map((t: { s: string; r: unknown }) => [t.s, t.r])).toEqual([
      ['complaint-entry', [[release, 'c']]],
      ['complain-page-next', [[release, 'c']]],
    ]);
    expect(said[0].v).not.toBe(said[1].v);
    for (const secret of [device.candidate, token, 'SB1001', 'iPhone', 'arm-']) expect(text).not.toContain(secret);
    await expect.poll(candidateViews).toBe(viewsBefore + 2);

    // Back in front, the borrower goes back to the entry and closes the page: what was counted since goes on unload.
    await page.evaluate(() => void delete (document as { visibilityState?: unknown }).visibilityState);
    await page.goBack();
    await expect.poll(() => routeOf(page).path).toBe('/complaint');
    await page.getByText(copy.candidate.first, { exact: true }).waitFor();
    await page.goto('about:blank');
    await expect.poll(candidateViews).toBe(viewsBefore + 3);
    expect(pageErrors).toEqual([]);
    await page.context().close();
  });
});

/** Page views the server counted for the release's candidate arm (admin API). */
async function candidateViews(): Promise<number> {
  const list = await (await ops.req('GET', '/admin/api/releases')).json();
  return list.releases.find((r: { id: string }) => r.id === release).arms.candidate.pageViews;
}
