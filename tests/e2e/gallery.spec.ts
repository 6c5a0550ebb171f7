/**
 * The widget gallery in real Chromium through the real server: every node type of schemas/node.json
 * draws something a borrower can see or use, the page logs no widget failure, and a 375×667
 * screenshot lands in tests/e2e/artifacts/gallery.png.
 */
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

const query = new URLSearchParams({
  deviceId: 'dev-e2e',
  market: 'ID',
  version: '1.0.0',
  token: 'gallery',
  type: 'ios',
  platform: 'ios',
});

const nodeTypes = (JSON.parse(fs.readFileSync('schemas/node.json', 'utf8')).oneOf as { $ref: string }[]).map((r) =>
  r.$ref.replace(/^nodes\/|\.json$/g, ''),
);

/** One visible proof per node type (id-ID copy of screens/texts/id-ID.json). */
const proofs: Record<string, (p: Page) => ReturnType<Page['locator']>> = {
  page: (p) => p.getByRole('heading', { level: 1, name: 'Galeri komponen' }),
  stack: (p) => p.locator('.sdui-stack').first(),
  row: (p) => p.locator('.sdui-row').first(),
  text: (p) => p.getByText('Semua widget dengan data contoh'),
  image: (p) => p.getByRole('img', { name: 'Logo produk' }),
  tag: (p) => p.getByText('Pembayaran', { exact: true }),
  divider: (p) => p.getByRole('separator').first(),
  link: (p) => p.getByRole('link', { name: 'Keluhan saya' }),
  card: (p) => p.getByRole('heading', { name: 'Rincian' }),
  'detail-lines': (p) => p.getByRole('term').filter({ hasText: 'Loan amount' }),
  button: (p) => p.getByRole('button', { name: 'Buka dialog' }),
  countdown: (p) => p.getByRole('timer'),
  'star-rating': (p) => p.getByRole('radiogroup', { name: 'Penilaian Anda' }),
  modal: (p) => p.getByRole('button', { name: 'Buka dialog' }),
  form: (p) => p.locator('form#galleryForm'),
  'text-field': (p) => p.getByLabel('Nama', { exact: true }),
  'phone-field': (p) => p.getByLabel('Nomor HP'),
  'bank-card-field': (p) => p.getByLabel('Nomor kartu bank'),
  'amount-field': (p) => p.getByLabel('Jumlah'),
  select: (p) => p.getByRole('combobox', { name: 'Bank' }),
  'choice-list': (p) => p.getByRole('radiogroup', { name: 'Jenis pertanyaan' }),
  textarea: (p) => p.getByLabel('Deskripsi'),
  'theme-scope': (p) => p.locator('.sdui-theme-scope[style*="--sdui-brand"]'),
  'image-upload': (p) => p.getByRole('button', { name: 'Hapus gambar 1' }),
  'captcha-image': (p) => p.getByRole('button', { name: 'Kode gambar, ketuk untuk memperbarui' }),
  'sms-code-field': (p) => p.getByRole('button', { name: 'Kirim kode' }),
  checkbox: (p) => p.getByRole('checkbox', { name: 'Saya telah membaca dan menyetujui perjanjian pinjaman' }),
  tabs: (p) => p.getByRole('tablist', { name: 'Status keluhan' }),
  list: (p) => p.getByRole('list', { name: 'Keluhan' }),
  collapse: (p) => p.getByRole('button', { name: 'Periode terbayar' }),
  'icon-grid': (p) => p.getByRole('button', { name: 'Pinjaman' }),
  'rich-document': (p) => p.getByRole('heading', { name: '1. Definitions' }),
  'embedded-page': (p) => p.getByTitle('Kebijakan privasi'),
  landmark: (p) => p.getByRole('region', { name: 'Wilayah penanda' }),
};

describe('widget gallery', () => {
  it('renders every node type with sample data and keeps working', async () => {
    // The embedded page's allowed origin (market ID) is outside this machine: serve a stand-in.
    const rec = await h.openPage(`/gallery?${query}`, {
      before: async (p) =>
        void (await p.route('https://www.cashloan.co.id/**', (r) =>
          r.fulfill({ status: 200, contentType: 'text/html', body: '<p>Privacy policy</p>' }),
        )),
    });
    const { page } = rec;
    await proofs.page(page).waitFor();
    expect(Object.keys(proofs).sort()).toEqual([...nodeTypes].sort());
    for (const type of nodeTypes) {
      const proof = proofs[type](page).first();
      await proof.waitFor({ state: 'attached', timeout: 10_000 }).catch(() => {
        throw new Error(`gallery: node type "${type}" drew nothing`);
      });
    }
    await h.screenshot(page, 'gallery');

    // A few things a borrower would notice.
    expect(await page.getByLabel('Nomor HP').inputValue()).toBe('138 1234 5678');
    expect(await page.getByLabel('Jumlah').inputValue()).toBe('1.500.000');
    expect(await page.getByRole('term').filter({ hasText: 'Late fee' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Buka dialog', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Sebuah dialog' });
    await dialog.waitFor();
    await page.getByRole('button', { name: 'Tutup' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: 'Selesai' }).click();
    await page.getByText('Belum ada keluhan').waitFor();
    // Data tabs: the document's `icons` decorate the first two of the three problem types.
    const dataTabs = page.getByRole('tablist', { name: 'Jenis masalah' });
    expect(
      await dataTabs
        .getByRole('tab')
        .evaluateAll((tabs) => tabs.map((t) => t.querySelector('img')?.getAttribute('src') ?? null)),
    ).toEqual(['/icons/bell.svg', '/icons/wallet.svg', null]);
    expect(await page.frameLocator('iframe[title="Kebijakan privasi"]').getByText('Privacy policy').textContent()).toBe(
      'Privacy policy',
    );
    // No widget failed, no copy is missing, nothing broke the CSP.
    expect(rec.pageErrors).toEqual([]);
    expect(rec.cspViolations).toEqual([]);
    expect(rec.logs).toEqual([]);
    await page.context().close();
  });

  it('/testPreview: typed device params travel with every flow link; native features go through the bridge', async () => {
    const rec = await h.openPage(`/testPreview?${query}`, {
      before: async (p) => {
        await p.addInitScript(() => {
          const sent: unknown[] = [];
          (window as unknown as { __sent: unknown[] }).__sent = sent;
          const handlers = new Proxy(
            {},
            { get: (_t, name) => ({ postMessage: (body: unknown) => sent.push([name, body]) }) },
          );
          (window as unknown as { webkit: unknown }).webkit = { messageHandlers: handlers };
        });
      },
    });
    const { page } = rec;
    const deviceId = page.getByLabel('ID perangkat');
    await deviceId.waitFor();
    // Prefilled from the page's own query (by the app's first step: the drawn field may show before it), then edited.
    await expect.poll(() => deviceId.inputValue()).toBe('dev-e2e');
    await page.getByLabel('ID produk').fill('p42');
    const confirm = page.getByRole('link', { name: 'Konfirmasi pinjaman' });
    const href = new URL((await confirm.getAttribute('href'))!, h.url);
    expect(href.pathname).toBe('/fine');
    expect(href.searchParams.get('productId')).toBe('p42');
    expect(href.searchParams.get('deviceId')).toBe('dev-e2e');
    expect(await page.getByRole('link').count()).toBe(10);
    await page.getByRole('button', { name: 'Ambil atau pilih foto' }).click();
    await page.getByRole('button', { name: 'Pilih kontak' }).click();
    await page.getByRole('button', { name: 'Dapatkan lokasi saya' }).click();
    await expect
      .poll(async () => (await page.evaluate(() => (window as unknown as { __sent: unknown[] }).__sent)).length)
      .toBe(3);
    await h.screenshot(page, 'test-preview');
    expect(rec.pageErrors).toEqual([]);
    await page.context().close();
  });
});
