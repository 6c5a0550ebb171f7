/**
 * The offline worker's lifecycle against the server (renderer/worker/README.md): a rolled-back release reaches a page
 * the worker controls as it reaches one without it, config and backend requests pass a stopped worker by without
 * starting it, the market's off switch removes the worker from an open page, and a new build's worker takes over at
 * the next navigation, never under a half-filled form.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, type Client } from '../../config-server/testing/test-helpers';
import { PASSWORD, startConsoleHarness } from './admin-helpers';
import { commonParams, routeOf, screenVisible, type Harness } from './harness';
import { watchWorkers } from './worker-watch';

const texts = JSON.parse(fs.readFileSync('screens/texts/id-ID.json', 'utf8')).texts as Record<string, string>;
/** On the complaint entry. */
const FIRST = 'complaint.typesLabel';
const CANDIDATE = 'Apa jenis masalahnya? (kandidat)';
const NOTICE = texts['offline.notice'];

/** The built app, copied: the last test replaces it with a "new build", as a deploy would. */
const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sdui-build-'));
fs.cpSync('dist/renderer', staticDir, { recursive: true });

let h: Harness;
let ops: Client;
beforeAll(async () => {
  h = await startConsoleHarness({ locale: 'id-ID', staticDir, worker: true });
  ops = await login(h.url, 'ops', PASSWORD);
}, 60_000);
afterAll(async () => {
  await h?.close();
  fs.rmSync(staticDir, { recursive: true, force: true });
});

/** Registering waits for the first screen and an idle moment, then installs ~40 files: seconds on a busy machine. */
const WORKER_WAIT = { timeout: 20_000 };
const armOf = (header: string | null | undefined) => /=(base|candidate)$/.exec(header ?? '')?.[1];
const activeWorker = (page: Page) =>
  page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.active?.state ?? null));
const keptPageCount = (page: Page) =>
  page.evaluate(() =>
    caches
      .open('sdui-pages')
      .then((c) => c.keys())
      .then((k) => k.length),
  );
const controlled = (page: Page) => page.evaluate(() => navigator.serviceWorker.controller !== null);

/** Publishes an edit of one published document (through the console's API, as ops would). */
async function publishEdit(kind: string, id: string, edit: (c: any) => void, rollout?: object) {
  const doc = await ops.req('GET', `/admin/api/documents/${kind}/${id}`);
  const content = structuredClone((await doc.json()).published.content);
  edit(content);
  const put = await ops.req('PUT', `/admin/api/documents/${kind}/${id}/draft`, content, {
    'if-match': doc.headers.get('etag')!,
  });
  expect(put.status).toBe(200);
  const published = await ops.req('POST', '/admin/api/publish', {
    documents: [{ kind, id }],
    note: `offline worker test: ${kind} ${id}`,
    ...(rollout ? { rollout } : {}),
    acceptWarnings: { reason: 'test copy for the offline worker test' },
  });
  expect(published.status).toBe(200);
  return (await published.json()) as { release?: { id: string } };
}

describe('the offline worker', () => {
  it('a guarded release rolled back under an open candidate page: the next navigation is the base, offline too', async () => {
    const { release } = await publishEdit('text-set', 'id-ID', (c) => (c.texts[FIRST] = CANDIDATE), {
      percent: 50,
      guard: true,
    });
    let deviceId = '';
    for (let i = 0; !deviceId; i++) {
      const r = await fetch(`${h.url}/config/v1/bundle?market=ID&deviceId=offline-arm-${i}`);
      await r.arrayBuffer();
      if (armOf(r.headers.get('x-config-release')) === 'candidate') deviceId = `offline-arm-${i}`;
    }
    const url = `${h.url}/complaint?${new URLSearchParams({ ...commonParams(`arm-${Date.now()}`), deviceId })}`;
    const { page } = await h.openPage(url.slice(h.url.length));
    await screenVisible(page);
    await page.getByText(CANDIDATE, { exact: true }).waitFor();
    await expect.poll(() => activeWorker(page), WORKER_WAIT).toBe('activated');
    // A load the worker controls, still the candidate; its bundle is the phone's last good copy.
    await page.reload();
    await screenVisible(page);
    expect(await controlled(page)).toBe(true);
    await page.getByText(CANDIDATE, { exact: true }).waitFor();
    // A page drawn inside a release holds an arm: the phone never keeps it for a repeat visit.
    await page.waitForTimeout(2000);
    expect(await keptPageCount(page)).toBe(0);

    const back = await ops.req('POST', `/admin/api/releases/${release!.id}/rollback`, { reason: 'offline test' });
    expect(back.status).toBe(200);
    // The next navigation, through the worker: the base arm, drawn and hydrated.
    const res = await page.goto(url);
    expect(res!.headers()['x-config-release']).toBeUndefined();
    await screenVisible(page);
    expect(await controlled(page)).toBe(true);
    await page.getByText(texts[FIRST], { exact: true }).waitFor();
    expect(await page.getByText(CANDIDATE, { exact: true }).count()).toBe(0);
    // What the phone keeps is the base now: offline, the same page opens in the base arm, never the candidate's copy.
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('sdui:config:bundle:ID') ?? ''), WORKER_WAIT)
      .toContain(texts[FIRST]);
    await page.context().setOffline(true);
    await page.reload();
    await page.getByText(NOTICE).first().waitFor();
    await page.getByText(texts[FIRST], { exact: true }).waitFor();
    expect(await page.getByText(CANDIDATE, { exact: true }).count()).toBe(0);
    await h.screenshot(page, 'offline-after-rollback');
  });

  it('config reads and backend calls go to the network without starting a stopped worker', async () => {
    const { page } = await h.openScreen('/complaint');
    await screenVisible(page);
    await expect.poll(() => controlled(page), WORKER_WAIT).toBe(true);
    const workers = await watchWorkers(page);
    await workers.stopAll();
    const allStopped = () => {
      const states = workers.activeRunning();
      return states.length > 0 && states.every((s) => s === 'stopped');
    };
    await expect.poll(allStopped).toBe(true);

    const query = new URLSearchParams(commonParams(`pass-by-${Date.now()}`)).toString();
    const statuses = await page.evaluate(async (q) => {
      const bundle = await fetch(`/config/v1/bundle?${q}`);
      const call = await fetch(`/sandbox/user-problem/problem-init?${q}`, { method: 'POST' });
      return [bundle.status, call.status];
    }, query);
    expect(statuses).toEqual([200, 200]);
    await page.waitForTimeout(500);
    expect(allStopped()).toBe(true);

    // What the worker answers still goes to it: a precached file starts it.
    expect(await page.evaluate(() => fetch('/early-call.js').then((r) => r.status))).toBe(200);
    await expect.poll(() => workers.activeRunning().includes('running')).toBe(true);
  });

  it('the off switch: once published, the next load of an open page has no controlling worker', async () => {
    const { page } = await h.openScreen('/complaint');
    await screenVisible(page);
    await expect.poll(() => activeWorker(page), WORKER_WAIT).toBe('activated');
    // The publish lands before the reloaded page's live stream opens (it starts once the first screen shows and the
    // page is idle: seconds on a slow phone). The stream's first event still names the newer bundle.
    let letStreamOpen = () => {};
    const held = new Promise<void>((r) => (letStreamOpen = r));
    const streams: string[] = [];
    await page.route('**/config/v1/live?*', async (route) => {
      streams.push(route.request().url());
      await held;
      await route.continue();
    });
    await page.reload();
    await screenVisible(page);
    expect(await controlled(page)).toBe(true);
    expect(await page.evaluate(() => caches.keys().then((k) => k.length))).toBeGreaterThan(0);

    try {
      await publishEdit('market', 'ID', (c) => (c.offline = { ...c.offline, worker: 'off' }));
      letStreamOpen();
      await expect.poll(() => streams.length, WORKER_WAIT).toBeGreaterThan(0);
      expect(new URL(streams[0]).searchParams.get('bundleEtag')).toBeTruthy();
      // The publish reaches the open page (live stream): the worker and its caches go, without a reload.
      await expect.poll(() => activeWorker(page), { timeout: 15_000 }).toBeNull();
      await expect.poll(() => page.evaluate(() => caches.keys().then((k) => k.length))).toBe(0);
      await page.reload();
      await screenVisible(page);
      expect(await controlled(page)).toBe(false);
      // And no page registers it again while the switch is off.
      await page.waitForTimeout(1000);
      expect(await activeWorker(page)).toBeNull();
    } finally {
      await publishEdit('market', 'ID', (c) => (c.offline = { ...c.offline, worker: 'on' }));
    }
  });

  // Tried twice: in 3 of 4 CI runs on 2026-11-28 (two of them under heavy load) the new build had not loaded 30 s
  // after the navigation, and it did on every run of this file alone, beside two busy cores and inside the whole e2e
  // project. Not understood yet: a failure now says what the workers and the page loads did. Each try deploys a build
  // of its own, so a second try proves the takeover afresh rather than finding the first try's files.
  it('a new build takes over at the next navigation; a half-filled form is untouched', { retry: 1 }, async () => {
    const { page } = await h.openScreen('/complaint');
    const workers = await watchWorkers(page);
    await screenVisible(page);
    await expect.poll(() => controlled(page), WORKER_WAIT).toBe(true);
    await page.getByRole('radio', { name: 'Repayment' }).click();
    await expect.poll(() => routeOf(page).path).toBe('/complainPageNext');
    const box = page.getByLabel('Jelaskan masalah Anda');
    await box.fill('Setengah diisi');
    await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));

    // A deploy: a new page template and a worker that precaches it (its revision changed).
    const index = path.join(staticDir, 'index.html');
    const build = `build-${Date.now()}`;
    const newBuild = `meta[name="sdui-build"][content="${build}"]`;
    const html = fs
      .readFileSync(index, 'utf8')
      .replace(/<meta name="sdui-build" content="[^"]*">/, '')
      .replace('<head>', `<head><meta name="sdui-build" content="${build}">`);
    fs.writeFileSync(index, html);
    const sw = path.join(staticDir, 'sw.js');
    const revision = createHash('md5').update(html).digest('hex');
    fs.writeFileSync(
      sw,
      fs
        .readFileSync(sw, 'utf8')
        .replace(/\{"revision":"[0-9a-f]+","url":"index.html"\}/, `{"revision":"${revision}","url":"index.html"}`),
    );
    // The page looks for a new worker (on its own at a navigation, every ten minutes at most): it installs and waits.
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
    await expect
      .poll(
        () => page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.waiting?.state)),
        WORKER_WAIT,
      )
      .toBe('installed');
    await page.waitForTimeout(500);
    expect(await box.inputValue()).toBe('Setengah diisi');
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
    expect(await page.locator(newBuild).count()).toBe(0);

    // The borrower leaves the form: the new build loads where they went.
    await page
      .getByRole('button', { name: /kembali|back/i })
      .first()
      .click();
    await expect.poll(() => routeOf(page).path).toBe('/complaint');
    await expect
      .poll(() => page.locator(newBuild).count(), { timeout: 30_000 })
      .toBe(1)
      .catch(async (e: Error) => {
        const record = `${e.message}\nThe workers and page loads since the page opened:\n${await workers.report()}`;
        // Printed as well as thrown: when the second try passes, a thrown error of the first is not in the log.
        console.error(`new-build takeover, a failed try:\n${record}`);
        throw new Error(record);
      });
    await screenVisible(page);
    expect(routeOf(page).path).toBe('/complaint');
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBeUndefined();
    expect(await controlled(page)).toBe(true);
    expect(
      await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.waiting ?? null)),
    ).toBeNull();
  });
});
