import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG, fieldsOf, isCall, routeOf, ARTIFACTS, startHarness, type Harness } from './harness';

// Seed (config-server/sandbox/seed.ts): the first order SB1001 has isShow 0, SB1003 has isShow 1.
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ locale: 'id-ID' });
});
afterAll(async () => h?.close());

describe('complaint entry', () => {
  it('blocks collection complaints on an isShow 0 order, allows them after choosing an isShow 1 order, and navigates with the exact query', async () => {
    const { page } = await h.openScreen('/complaint');
    await expect.poll(() => page.getByRole('radio', { name: 'Collection' }).count()).toBe(1);
    await page.getByRole('radio', { name: 'Collection' }).click();
    await page.getByText('The selected order does not support sending collection types').waitFor();
    expect(await page.getByRole('radiogroup', { name: 'Pilih jenis penagihan' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Semua', exact: true }).click();
    await page.getByRole('button', { name: /SB1003/ }).click();
    await expect.poll(() => page.getByRole('button', { name: /SB1001/ }).count()).toBe(0); // the list closed
    await page.getByRole('radio', { name: 'Collection' }).click();
    await page.getByRole('radiogroup', { name: 'Pilih jenis penagihan' }).waitFor();
    await h.screenshot(page, 'complaint-entry');
    fs.mkdirSync('tests/e2e/readme', { recursive: true });
    fs.copyFileSync(path.join(ARTIFACTS, 'complaint-entry.png'), 'tests/e2e/readme/complaint-entry.png');

    await page.getByRole('radio', { name: 'Calls at unreasonable hours' }).click();
    await expect.poll(() => routeOf(page).path).toBe('/complainPageNext');
    const { query } = routeOf(page);
    expect(query.get('problemType')).toBe('1');
    expect(query.get('problemSonType')).toBe('3');
    expect(query.get('orderNo')).toBe('SB1003');
    expect(query.get('deviceId')).toBe('dev-e2e');
    expect(query.get('token')).toMatch(/^e2e-/);
    await page.context().close();
  });

  it('another type goes straight to the form with problemType, orderNo and the common params; My complaints opens the list', async () => {
    const { page } = await h.openScreen('/complaint');
    await page.getByRole('radio', { name: 'Repayment' }).click();
    await expect.poll(() => routeOf(page).path).toBe('/complainPageNext');
    const { query } = routeOf(page);
    expect(query.get('problemType')).toBe('2');
    expect(query.get('orderNo')).toBe('SB1001');
    expect(query.get('problemSonType')).toBeNull();
    expect(query.get('platform')).toBe('ios');

    await page.goBack();
    await page.getByRole('link', { name: 'Keluhan saya' }).click();
    await expect.poll(() => routeOf(page).path).toBe('/complaintList');
    await page.context().close();
  });
});

describe('complaint form', () => {
  it('needs text, ignores input past 200, takes at most 9 images, sends the fields, shows the success modal for 1.5 s, then the entry', async () => {
    const { page } = await h.openScreen('/complainPageNext', { query: { problemType: '2', orderNo: 'SB1003' } });
    await page.getByText('Repayment').waitFor();
    const saves: Record<string, string>[] = [];
    page.on('request', (r) => isCall('/user-problem/problem-save')(r) && saves.push(fieldsOf(r)));

    await page.getByRole('button', { name: 'Kirim' }).click();
    await page.getByText('Please fill in your comments and suggestions').first().waitFor();
    expect(saves).toHaveLength(0);

    const box = page.getByLabel('Jelaskan masalah Anda');
    await box.fill('x'.repeat(190));
    await box.pressSequentially('y'.repeat(20));
    expect((await box.inputValue()).length).toBe(200);
    await page.getByText('200/200').waitFor();

    const files = Array.from({ length: 10 }, (_, i) => ({ name: `e${i}.png`, mimeType: 'image/png', buffer: PNG }));
    await page.locator('input[type=file]').setInputFiles(files);
    await page.getByText('9 dari 9 gambar').waitFor();
    expect(await page.locator('input[type=file]').count()).toBe(0); // no add tile once full
    await page.getByRole('button', { name: 'Hapus gambar 1' }).click();
    await page.getByText('8 dari 9 gambar').waitFor();
    const urls = await page
      .locator('.sdui-image-upload img')
      .evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).getAttribute('src')));
    await h.screenshot(page, 'complain-page-next');

    await page.evaluate(() => localStorage.setItem('sdui:data:draft', 'leftover'));
    const sent = Date.now();
    await page.getByRole('button', { name: 'Kirim' }).click();
    const dialog = page.getByRole('dialog', { name: 'Berhasil dikirim' });
    await dialog.waitFor();
    expect(saves).toHaveLength(1);
    expect(saves[0]).toMatchObject({
      problemType: '2',
      problemSonType: '',
      orderNo: 'SB1003',
      problemDetail: 'x'.repeat(190) + 'y'.repeat(10),
    });
    expect(saves[0]!.problemImage.split(',')).toEqual(urls);
    expect(urls).toHaveLength(8);

    await page.waitForTimeout(Math.max(0, 1000 - (Date.now() - sent)));
    expect(routeOf(page).path).toBe('/complainPageNext'); // not before 1.5 s
    expect(await dialog.isVisible()).toBe(true);
    await expect.poll(() => routeOf(page).path, { timeout: 5000 }).toBe('/complaint');
    expect(Date.now() - sent).toBeGreaterThanOrEqual(1500);
    expect(await page.evaluate(() => localStorage.getItem('sdui:data:draft'))).toBeNull();
    await page.context().close();
  });
});
