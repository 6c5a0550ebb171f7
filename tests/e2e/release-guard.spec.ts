/**
 * Automatic rollback: an API map change that breaks the complaint entry's first call (`problemInit` at a
 * wrong path), published as a guarded release to 50 % of borrowers. Distinct borrowers (a new browser context and
 * deviceId each, from its own address) open `/complaint`, see it, and put the app in the background, so each page sends
 * its beacon with the view ticket the server handed out with the page (only such views count). The guard,
 * looking once a second, rolls the release back by itself: before 80 page views in all, with the base arm clean, the
 * audit entry naming the figures, and the candidate's borrowers getting the working screen on their next load.
 *
 * The server makes the first call as in production (serverPrefetch on); when it fails the page comes without data and
 * the page makes the call again. The page's beacon reports the borrower's failure once per view, which the test
 * asserts; the server's own failure is kept under its own metric (releases/prefetch-failures.ts), outside the rate.
 *
 * Screenshots (tests/e2e/artifacts): release-guard-broken.png (a candidate borrower during the release) and
 * release-guard-after.png (the same borrower after the rollback).
 */
import type { Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, type Client } from '../../config-server/testing/test-helpers';
import { PASSWORD } from './admin-helpers';
import { commonParams, screenVisible, startHarness, type Harness, type PageRecord } from './harness';

/** The bound: the guard must have acted before this many page views in all. */
const MAX_VIEWS = 80;

type Arm = 'base' | 'candidate';
interface ArmFigures {
  pageViews: number;
  errors: number;
}
interface ReleaseRow {
  id: string;
  status: string;
  arms: Record<Arm, ArmFigures>;
}

let h: Harness;
let ops: Client;
let release: string;

const armOf = (header: string | null | undefined) => /=(base|candidate)$/.exec(header ?? '')?.[1] as Arm | undefined;

beforeAll(async () => {
  // Loopback is the trusted proxy: each borrower's context says its own address in X-Forwarded-For.
  h = await startHarness({
    serverPrefetch: true,
    locale: 'id-ID',
    env: { ADMIN_USER: 'ops', ADMIN_PASSWORD: PASSWORD, ADMIN_ROLE: 'publisher', TRUST_PROXY: 'loopback' },
    log: () => {},
  });
  ops = await login(h.url, 'ops', PASSWORD);
  const doc = await ops.req('GET', '/admin/api/documents/api-map/default');
  const content = structuredClone((await doc.json()).published.content);
  content.endpoints.problemInit.path = '/user-problem/problem-init-v2';
  expect(
    (
      await ops.req('PUT', '/admin/api/documents/api-map/default/draft', content, {
        'if-match': doc.headers.get('etag')!,
      })
    ).status,
  ).toBe(200);
  const published = await ops.req('POST', '/admin/api/publish', {
    documents: [{ kind: 'api-map', id: 'default' }],
    note: 'problemInit moved',
    rollout: { percent: 50, guard: true },
  });
  expect(published.status).toBe(200);
  release = (await published.json()).release.id;
}, 60_000);
afterAll(async () => h?.close());

async function releaseRow(): Promise<ReleaseRow> {
  const list = await (await ops.req('GET', '/admin/api/releases')).json();
  return list.releases.find((r: ReleaseRow) => r.id === release);
}

/** Opens the complaint entry as `deviceId`, waits until its screen is shown, and records its config answers' arms. */
let borrowers = 0;
async function open(
  deviceId: string,
): Promise<PageRecord & { arm?: Arm; configArms: (Arm | undefined)[]; sender: Promise<unknown> }> {
  const n = ++borrowers;
  const rec = await h.newPage({ headers: { 'x-forwarded-for': `198.51.${n >> 8}.${n & 255}` } });
  // Chromium asks for a favicon the app does not have: its 404 is no problem of the page.
  await rec.page.route('**/favicon.ico', (r) => r.fulfill({ status: 204 }));
  // The beacon sender's code comes once the first screen is shown and the page is idle.
  const sender = rec.page.waitForResponse((r) => /\/assets\/start-beacons-[^/]+\.js$/.test(r.url()));
  // Awaited only by pages that go on to hide; one closed before the chunk came must not leave a stray rejection.
  sender.catch(() => undefined);
  const configArms: (Arm | undefined)[] = [];
  rec.page.on('response', (r: Response) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/config/v1/') && path !== '/config/v1/beacon')
      configArms.push(armOf(r.headers()['x-config-release']));
  });
  // Toasts last two seconds: every text the toast region shows is kept, however briefly it was up.
  await rec.page.addInitScript(() => {
    const seen: string[] = ((window as unknown as { __toasts: string[] }).__toasts = []);
    new MutationObserver(() => {
      const text = document.querySelector('.sdui-toast-region')?.textContent?.trim();
      if (text && seen[seen.length - 1] !== text) seen.push(text);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  const query = new URLSearchParams({ ...commonParams(`guard-${deviceId}`), deviceId });
  const res = await rec.page.goto(`${h.url}/complaint?${query}`);
  await screenVisible(rec.page);
  return { ...rec, arm: armOf(res!.headers()['x-config-release']), configArms, sender };
}

const toasts = (rec: PageRecord) => rec.page.evaluate(() => (window as unknown as { __toasts: string[] }).__toasts);

/**
 * The borrower puts the app in the background: the page sends its beacon, which the server takes. The sender's chunk
 * may have arrived but not yet listen, so the page is hidden again until a beacon leaves; after the first one there is
 * nothing left to send, so a repeat cannot count a view twice.
 */
async function hide(rec: PageRecord & { sender: Promise<unknown> }) {
  await rec.sender;
  const answers: number[] = [];
  rec.page.on('response', (r) => void (new URL(r.url()).pathname === '/config/v1/beacon' && answers.push(r.status())));
  await rec.page.evaluate(() =>
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' }),
  );
  await expect
    .poll(
      async () => {
        await rec.page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
        return answers.length;
      },
      { timeout: 10_000 },
    )
    .toBeGreaterThan(0);
  expect(answers).toEqual([204]);
}

describe('a guarded release that breaks problemInit for half of the borrowers', () => {
  it('is rolled back by the guard before 80 page views, and its borrowers get the working screen again', async () => {
    const candidates: string[] = [];
    let before: ReleaseRow | undefined;
    let views = 0;
    let row = await releaseRow();
    for (; row.status === 'rolling' && views < MAX_VIEWS; row = await releaseRow()) {
      before = row;
      const deviceId = `guard-e2e-${views}`;
      const rec = await open(deviceId);
      views++;
      if (rec.arm === 'candidate') {
        candidates.push(deviceId);
        // The broken call says so to the borrower, and the page stays up.
        await rec.page.waitForFunction(() => (window as unknown as { __toasts: string[] }).__toasts.length > 0);
        if (candidates.length === 1) await h.screenshot(rec.page, 'release-guard-broken');
      } else if (rec.arm === 'base') {
        await rec.page.getByRole('radio', { name: 'Repayment' }).waitFor();
        expect(await toasts(rec)).toEqual([]);
      } else {
        // The guard rolled the release back while this page loaded: it was in no arm, so it reports nothing.
        await rec.page.context().close();
        break;
      }
      await hide(rec);
      expect(rec.pageErrors).toEqual([]);
      await rec.page.context().close();
    }
    // The guard looks once a second: the last beacons may need one more look.
    await expect.poll(async () => (row = await releaseRow()).status, { timeout: 5_000 }).toBe('rolled-back');

    // (a) Rolled back before 80 page views in all, by the server's own count and by ours.
    const { base, candidate } = row.arms;
    expect(views).toBeLessThan(MAX_VIEWS);
    expect(base.pageViews + candidate.pageViews).toBeLessThan(MAX_VIEWS);
    expect(candidate.pageViews).toBeGreaterThanOrEqual(20);
    // (b) The base arm recorded no failure, while the release was rolling and in its final figures.
    expect(before!.arms.base.errors).toBe(0);
    expect(base.errors).toBe(0);
    // One failure per candidate page view: what the borrower met, counted once.
    expect(candidate.errors).toBe(candidate.pageViews);

    // (d) The audit entry, by the guard, names the figures.
    const audit = await (await ops.req('GET', `/admin/api/audit?kind=release&id=${release}`)).json();
    const entry = audit.entries.find((e: { action: string }) => e.action === 'release.rollback');
    expect(entry).toMatchObject({ actor: 'guard', kind: 'release', id: release });
    const m = /^automatic rollback: error rate (\d+) % candidate vs 0 % base over (\d+) \/ (\d+) page views/.exec(
      entry.note,
    );
    expect(m, entry.note).not.toBeNull();
    expect(Number(m![2])).toBeGreaterThanOrEqual(20);
    expect(Number(m![2]) + Number(m![3])).toBeLessThan(MAX_VIEWS);
    console.log(
      `release-guard: rolled back after ${views} borrowers; server figures ${candidate.pageViews} / ${base.pageViews} page views; audit: ${entry.note}`,
    );

    // (c) The candidate's borrowers, on their next load, get the working screen and no candidate config.
    expect(candidates.length).toBeGreaterThanOrEqual(20);
    for (const deviceId of candidates) {
      const rec = await open(deviceId);
      expect(rec.arm).toBeUndefined();
      // The selected order's card (the sandbox's first order) and the problem types.
      await rec.page.getByText('SB1001', { exact: true }).first().waitFor();
      await rec.page.getByRole('radio', { name: 'Repayment' }).waitFor();
      expect(rec.configArms.filter((a) => a === 'candidate')).toEqual([]);
      expect(await toasts(rec)).toEqual([]);
      if (deviceId === candidates[0]) await h.screenshot(rec.page, 'release-guard-after');
      expect(rec.pageErrors).toEqual([]);
      await rec.page.context().close();
    }
  }, 180_000);
});
