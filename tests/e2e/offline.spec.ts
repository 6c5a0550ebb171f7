/**
 * The server makes the first reads (serverPrefetch): what it drew into the page is kept as the app's own answers.
 *
 * When the data drops (renderer/worker/README.md): screens seen once open offline with their last data and the
 * offline notice, a screen never seen says so with a retry, and nothing that sends is claimed done offline.
 * Chromium's `context.setOffline` cuts the page, its service worker and its webview-like `navigator.onLine` alike.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PNG, isCall, routeOf, screenVisible, startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ locale: 'id-ID', worker: true, serverPrefetch: true });
});
afterAll(async () => h?.close());

let seq = 0;
const tokenOf = () => `offline-${process.pid}-${Date.now()}-${++seq}`;
const NOTICE = 'Anda sedang offline. Periksa data seluler atau Wi-Fi; isian Anda tetap tersimpan di sini.';
const UNSEEN = 'Halaman ini belum pernah dibuka di ponsel ini, jadi belum bisa ditampilkan tanpa koneksi.';

/** The page's worker is installed and active (it controls the page's next load). */
const workerReady = async (page: Page) => {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.active?.state)), {
      timeout: 20_000,
    })
    .toBe('activated');
};
/** The screen's document is the phone's last good copy (written once its first screen showed). */
const screenKept = (page: Page, id: string) =>
  expect
    .poll(() => page.evaluate((k) => localStorage.getItem(k) !== null, `sdui:config:screen:${id}`), { timeout: 10_000 })
    .toBe(true);

describe('offline reading', () => {
  it('complaint entry and my complaints, seen once, open offline with their data, the time and the notice', async () => {
    const token = tokenOf();
    const { page, pageErrors, cspViolations } = await h.openScreen('/complaint', { token });
    await screenVisible(page);
    await page.getByRole('radio', { name: 'Repayment' }).waitFor();
    await workerReady(page);
    await page.getByRole('link', { name: 'Keluhan saya' }).click();
    await page.getByText('Saya sudah membayar tetapi status belum berubah.').waitFor();
    await screenKept(page, 'complaint-list');
    // Nothing says offline while online.
    expect(await page.getByText(NOTICE).count()).toBe(0);

    await page.context().setOffline(true);
    await page.reload();
    await page.getByText('Saya sudah membayar tetapi status belum berubah.').waitFor();
    await page.getByText(NOTICE).waitFor();
    // "as of" the fetch time, in the market's zone (Asia/Jakarta): HH.mm in id-ID.
    const stamp = await page.locator('.sdui-offline-as-of').innerText();
    expect(stamp).toMatch(/^Data per pukul \d\d\.\d\d$/);
    const jakarta = new Intl.DateTimeFormat('id-ID', {
      timeZone: 'Asia/Jakarta',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    const [hh, mm] = stamp.slice(-5).split('.').map(Number);
    const [nh, nm] = jakarta.format(new Date()).split('.').map(Number);
    expect(Math.abs(nh * 60 + nm - (hh * 60 + mm)) % (24 * 60)).toBeLessThanOrEqual(2);
    await h.screenshot(page, 'offline-complaint-list');

    await page.goto(h.screenUrl('/complaint', { token }));
    await page.getByRole('radio', { name: 'Repayment' }).waitFor();
    await page.getByText(NOTICE).waitFor();
    await page.locator('.sdui-offline-as-of').waitFor();
    await h.screenshot(page, 'offline-complaint-entry');
    expect(pageErrors).toEqual([]);
    expect(cspViolations).toEqual([]);
  });

  it('a screen never seen shows the notice and a retry, which opens it once online', async () => {
    const token = tokenOf();
    const { page } = await h.openScreen('/complaint', { token });
    await screenVisible(page);
    await workerReady(page);
    await page.context().setOffline(true);
    await page.goto(h.screenUrl('/customerService', { token }));
    await page.getByText(UNSEEN).waitFor();
    await page.getByText(NOTICE).first().waitFor();
    await h.screenshot(page, 'offline-never-seen');
    await page.context().setOffline(false);
    await page.getByRole('button', { name: 'Coba lagi' }).click();
    await expect.poll(() => page.getByText(UNSEEN).count()).toBe(0);
    await expect.poll(() => page.locator('.sdui-offline').count()).toBe(0);
    expect(routeOf(page).path).toBe('/customerService');
  });

  it('the personal answers are dropped when the token changes', async () => {
    const token = tokenOf();
    const { page } = await h.openScreen('/complaintList', { token });
    await screenVisible(page);
    await page.getByText('Saya sudah membayar tetapi status belum berubah.').waitFor();
    await workerReady(page);
    await screenKept(page, 'complaint-list');
    await page.context().setOffline(true);
    // Another session on the same phone: the screen opens, the last borrower's complaints do not.
    await page.goto(h.screenUrl('/complaintList', { token: tokenOf() }));
    await page.getByText(NOTICE).first().waitFor();
    await page.getByRole('heading', { name: 'Keluhan saya' }).waitFor();
    await h.screenshot(page, 'offline-other-token');
    expect(await page.getByText('Saya sudah membayar tetapi status belum berubah.').count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('sdui:answers'))).toBeNull();
  });
});

describe('offline in the India market', () => {
  it('the notice and the time are in the market’s own words and zone', async () => {
    const en = JSON.parse(fs.readFileSync('screens/texts/en-IN.json', 'utf8')).texts as Record<string, string>;
    const token = tokenOf();
    const { page } = await h.openScreen('/complaintList', { token, query: { market: 'IN' } });
    await screenVisible(page);
    await workerReady(page);
    await screenKept(page, 'complaint-list');
    await page.context().setOffline(true);
    await page.reload();
    await page.getByText(en['offline.notice']).waitFor();
    expect(await page.locator('.sdui-offline-as-of').innerText()).toMatch(/^Shown as of \d\d:\d\d$/);
    await h.screenshot(page, 'offline-in-complaint-list');
  });
});

describe('nothing that sends is claimed done offline', () => {
  it('a complaint sent offline keeps its text and images, is not shown as sent, and goes with one tap once online', async () => {
    const { page } = await h.openScreen('/complainPageNext', {
      token: tokenOf(),
      query: { problemType: '2', orderNo: 'SB1003' },
    });
    await screenVisible(page);
    const saves: string[] = [];
    page.on('request', (r) => isCall('/user-problem/problem-save')(r) && saves.push(r.url()));
    const box = page.getByLabel('Jelaskan masalah Anda');
    await box.fill('Pembayaran saya belum tercatat.');
    await page.locator('input[type=file]').setInputFiles([
      { name: 'a.png', mimeType: 'image/png', buffer: PNG },
      { name: 'b.png', mimeType: 'image/png', buffer: PNG },
    ]);
    await page.getByText('2 dari 9 gambar').waitFor();

    await page.context().setOffline(true);
    await page.getByRole('button', { name: 'Kirim' }).click();
    await page.getByText(NOTICE).first().waitFor();
    await h.screenshot(page, 'offline-complaint-refused');
    expect(saves).toEqual([]);
    expect(await box.inputValue()).toBe('Pembayaran saya belum tercatat.');
    await page.getByText('2 dari 9 gambar').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(routeOf(page).path).toBe('/complainPageNext');
    // Nothing was queued: back online, nothing leaves until the borrower taps again.
    await page.context().setOffline(false);
    await page.waitForTimeout(1500);
    expect(saves).toEqual([]);

    await page.getByRole('button', { name: 'Kirim' }).click();
    await page.getByRole('dialog').waitFor();
    expect(saves).toHaveLength(1);
  });

  it('an instalment payment tapped offline does not leave the screen and keeps the choice', async () => {
    const { page } = await h.openScreen('/instalmentRepay', {
      token: tokenOf(),
      query: { productId: '103', orderId: '1004' },
    });
    await screenVisible(page);
    const period2 = page.getByRole('button', { name: /^Periode 2 / });
    await period2.click();
    const total = page.locator('#instalment-total');
    expect(await total.innerText()).toBe('Rp400.000');

    await page.context().setOffline(true);
    await page.getByRole('button', { name: 'Bayar Segera' }).click();
    await page.getByText(NOTICE).first().waitFor();
    await page.waitForTimeout(500);
    expect(routeOf(page).path).toBe('/instalmentRepay');
    expect(await total.innerText()).toBe('Rp400.000');

    await page.context().setOffline(false);
    await page.getByRole('button', { name: 'Bayar Segera' }).click();
    await expect.poll(() => routeOf(page).path).toBe('/individual');
  });
});
