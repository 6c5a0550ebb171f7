/**
 * One place for every business constant: each constant the complaint screens use is changed in the ID
 * market document through the admin API (draft, publish), the borrower page is reloaded, and the new
 * behaviour shows. A screen that still had the literal would keep the old behaviour and fail here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, type Client } from '../../config-server/testing/test-helpers';
import { PASSWORD, startConsoleHarness } from './admin-helpers';
import { bridgeMessages, fieldsOf, isCall, PNG, routeOf, stubIosBridge, type Harness } from './harness';

let h: Harness;
let ops: Client;

beforeAll(async () => {
  h = await startConsoleHarness({ locale: 'id-ID' });
  ops = await login(h.url, 'ops', PASSWORD);
});
afterAll(async () => h?.close());

/** Changes limits of the ID market as an ops publisher would: load, save a draft with If-Match, publish with a note. */
async function publishLimits(limits: Record<string, unknown>) {
  const path = '/admin/api/documents/market/ID';
  const r = await ops.req('GET', path);
  expect(r.status).toBe(200);
  const rec = await r.json();
  const content = structuredClone(rec.draft?.content ?? rec.published.content);
  Object.assign(content.limits, limits);
  const saved = await ops.req('PUT', `${path}/draft`, content, { 'if-match': r.headers.get('etag')! });
  expect(saved.status, await saved.clone().text()).toBe(200);
  const pub = await ops.req('POST', '/admin/api/publish', {
    documents: [{ kind: 'market', id: 'ID' }],
    note: `e2e: ${Object.keys(limits).join(', ')}`,
  });
  expect(pub.status, await pub.clone().text()).toBe(200);
}

const openForm = async () =>
  (await h.openScreen('/complainPageNext', { query: { problemType: '2', orderNo: 'SB1003' } })).page;

describe('complaint constants come from the market document', () => {
  it('text length: complaintTextMax 200 → 30 caps the description and its counter', async () => {
    await publishLimits({ complaintTextMax: 30 });
    const page = await openForm();
    await page.getByText('0/30').waitFor();
    const box = page.getByLabel('Jelaskan masalah Anda');
    await box.pressSequentially('x'.repeat(35));
    expect(await box.inputValue()).toBe('x'.repeat(30));
    await page.getByText('30/30').waitFor();
    await page.context().close();
  });

  it('image count: complaintImagesMax 9 → 2 stops the picker at two', async () => {
    await publishLimits({ complaintImagesMax: 2 });
    const page = await openForm();
    await page.getByText('0 dari 2 gambar').waitFor();
    const files = Array.from({ length: 3 }, (_, i) => ({ name: `e${i}.png`, mimeType: 'image/png', buffer: PNG }));
    await page.locator('input[type=file]').setInputFiles(files);
    await page.getByText('2 dari 2 gambar').waitFor();
    expect(await page.locator('.sdui-image-upload img').count()).toBe(2);
    expect(await page.locator('input[type=file]').count()).toBe(0);
    await page.context().close();
  });

  it('review weekdays: reviewWeekdays 3 → 5 changes the promise', async () => {
    await publishLimits({ reviewWeekdays: 5 });
    const page = await openForm();
    await page.getByText('Kami akan meninjau keluhan Anda dalam 5 hari kerja.').waitFor();
    await page.context().close();
  });

  it('success-modal time: successModalMs 1500 → 3500 keeps the modal up past 1.5 s', async () => {
    await publishLimits({ successModalMs: 3500 });
    const page = await openForm();
    await page.getByLabel('Jelaskan masalah Anda').fill('Uang belum masuk');
    const sent = Date.now();
    await page.getByRole('button', { name: 'Kirim' }).click();
    const dialog = page.getByRole('dialog', { name: 'Berhasil dikirim' });
    await dialog.waitFor();
    await page.waitForTimeout(Math.max(0, 2500 - (Date.now() - sent)));
    expect(await dialog.isVisible()).toBe(true);
    expect(routeOf(page).path).toBe('/complainPageNext');
    await expect.poll(() => routeOf(page).path, { timeout: 6000 }).toBe('/complaint');
    expect(Date.now() - sent).toBeGreaterThanOrEqual(3500);
    await page.context().close();
  });

  it('rating-modal delay: ratingModalDelayMs 3000 → 600 opens the rating well before 3 s', async () => {
    await publishLimits({ ratingModalDelayMs: 600 });
    const { page } = await h.openScreen('/complainDetails', { query: { problemId: '501' } });
    await page.getByText('Hasil proses').waitFor();
    const shown = Date.now();
    await page.getByRole('dialog', { name: 'Nilai penanganan keluhan ini' }).waitFor({ timeout: 2000 });
    expect(Date.now() - shown).toBeLessThan(2000);
    await page.context().close();
  });

  it('native-rating threshold: nativeRatingMinScore 4 → 2 sends the native rate message for two stars', async () => {
    await publishLimits({ nativeRatingMinScore: 2 });
    const { page } = await h.openScreen('/intelligentCustomerService', {
      query: { selectedIndex: '0', orderNo: 'SB1003' },
      before: stubIosBridge,
    });
    const records: Record<string, string>[] = [];
    page.on('request', (r) => isCall('/h5-api/v3/user-problem/qa-record')(r) && records.push(fieldsOf(r)));
    await page.getByRole('button', { name: 'Bagaimana cara membayar tagihan?' }).click();
    await page.getByRole('button', { name: 'Membantu', exact: true }).click();
    const rate = page.getByRole('dialog', { name: 'Nilai layanan kami' });
    await rate.getByRole('radio').nth(1).click();
    await rate.getByRole('button', { name: 'Kirim' }).click();
    await expect.poll(async () => JSON.stringify(await bridgeMessages(page))).toContain('rate');
    expect(await page.getByRole('dialog', { name: 'Terima kasih' }).count()).toBe(0);
    await page.context().close();
  });
});
