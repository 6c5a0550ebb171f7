import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { fieldsOf, isCall, routeOf, startHarness, type Harness } from './harness';

// Seed: complaint 502 is being processed (no result, isScore 0); 501 is processed and may be rated (isScore 1).
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ locale: 'id-ID' });
});
afterAll(async () => h?.close());

const RATING = 'Nilai penanganan keluhan ini';
/**
 * The page's timers on Playwright's clock: the rating's 3 s are fast-forwarded (`runFor`) instead of waited out, and
 * what the page sees of time is the same.
 */
const withClock = { before: (page: Page) => page.clock.install() };
const pageNow = (page: Page) => page.evaluate(() => Date.now());

describe('my complaints', () => {
  it('shows items in tabs with time, type and content; an item opens its details by problemId', async () => {
    const { page } = await h.openScreen('/complaintList');
    await page.getByRole('tab', { name: 'Processing' }).waitFor();
    await page.getByText('Saya sudah membayar tetapi status belum berubah.').waitFor();
    await page.getByText('2025-06-02 14:03:10').waitFor();
    await h.screenshot(page, 'complaint-list');
    await page.getByRole('tab', { name: 'Processed' }).click();
    await page.getByText('Penagih menghubungi kontak darurat saya berkali-kali.').click();
    await expect.poll(() => routeOf(page).path).toBe('/complainDetails');
    expect(routeOf(page).query.get('problemId')).toBe('501');
    await page.context().close();
  });
});

describe('complaint details', () => {
  it('hides Process Result when empty and never asks for a rating when isScore is 0', async () => {
    const { page } = await h.openScreen('/complainDetails', { query: { problemId: '502' }, ...withClock });
    const content = page.getByLabel('Isi keluhan');
    await content.waitFor();
    expect(await content.inputValue()).toBe('Saya sudah membayar tetapi status belum berubah.');
    expect(await content.getAttribute('readonly')).not.toBeNull();
    await page.getByText('48/200').waitFor();
    expect(await page.getByText('Hasil proses').count()).toBe(0);
    await page.clock.runFor(3600);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.context().close();
  });

  it('opens the 5-star rating 3 s after load; zero stars says Silakan pilih; Send saves the score', async () => {
    const { page } = await h.openScreen('/complainDetails', { query: { problemId: '501' }, ...withClock });
    const loaded = await pageNow(page);
    await page.getByText('Hasil proses').waitFor();
    await page.getByText('Kami telah menegur tim penagihan terkait. Mohon maaf atas ketidaknyamanannya.').waitFor();
    await page.clock.runFor(Math.max(0, 2300 - ((await pageNow(page)) - loaded)));
    expect(await page.getByRole('dialog', { name: RATING }).count()).toBe(0); // not before 3 s
    const dialog = page.getByRole('dialog', { name: RATING });
    await page.clock.runFor(1000);
    await dialog.waitFor({ timeout: 5000 });
    expect((await pageNow(page)) - loaded).toBeGreaterThanOrEqual(2900);
    await h.screenshot(page, 'complain-details');
    expect(await dialog.getByRole('radio').count()).toBe(5);

    await dialog.getByRole('button', { name: 'Kirim' }).click();
    await page.getByText('Silakan pilih').waitFor();

    const save = page.waitForRequest(isCall('/user-problem/save-score'));
    await dialog.getByRole('radio').nth(3).click();
    await dialog.getByRole('button', { name: 'Kirim' }).click();
    expect(fieldsOf(await save)).toMatchObject({ score: '4', problemId: '501' });
    await page.getByText('Successful demonstration！').waitFor();
    await expect.poll(() => dialog.count()).toBe(0);
    await page.context().close();
  });

  it('Cancel closes without saving; a failed save toasts the server message', async () => {
    const token = `e2e-rate-${Date.now()}`;
    const { page: first } = await h.openScreen('/complainDetails', {
      token,
      query: { problemId: '501' },
      ...withClock,
    });
    const { page: second } = await h.openScreen('/complainDetails', {
      token,
      query: { problemId: '501' },
      ...withClock,
    });
    const saves: string[] = [];
    for (const p of [first, second])
      p.on('request', (r) => isCall('/user-problem/save-score')(r) && saves.push(r.url()));

    const d1 = first.getByRole('dialog', { name: RATING });
    await first.getByText('Hasil proses').waitFor();
    await first.clock.runFor(3100);
    await d1.waitFor({ timeout: 6000 });
    await d1.getByRole('radio').nth(2).click();
    await d1.getByRole('button', { name: 'Batal' }).click();
    await expect.poll(() => d1.count()).toBe(0);
    expect(saves).toHaveLength(0);

    // The same complaint rated in another page first: the server refuses the second rating (409) with the market's
    // copy of sandbox.conflict; its developer's words ('problemId 501 cannot be rated: already rated') are in `detail`.
    const { page: third } = await h.openScreen('/complainDetails', {
      token,
      query: { problemId: '501' },
      ...withClock,
    });
    const d2 = second.getByRole('dialog', { name: RATING });
    const d3 = third.getByRole('dialog', { name: RATING });
    for (const p of [second, third]) {
      await p.getByText('Hasil proses').waitFor();
      await p.clock.runFor(3100);
    }
    await d2.waitFor({ timeout: 6000 });
    await d3.waitFor({ timeout: 6000 });
    await d2.getByRole('radio').nth(4).click();
    await d2.getByRole('button', { name: 'Kirim' }).click();
    await second.getByText('Successful demonstration！').waitFor();
    await d3.getByRole('radio').nth(1).click();
    await d3.getByRole('button', { name: 'Kirim' }).click();
    await third.getByText('Permintaan ini tidak dapat diproses saat ini. Silakan muat ulang halaman.').waitFor();
    expect(await d3.isVisible()).toBe(true);
    await first.context().close();
    await second.context().close();
    await third.context().close();
  });
});
