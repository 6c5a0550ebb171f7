/**
 * What a borrower types, ticks or taps on the drawn page before the app runs counts. The app's scripts are
 * held back (route interception) until after the input, as on a slow phone on a slow network; the page's capture
 * script records the input and the app replays it once hydrated. Each page also passes axe while only drawn, and
 * hydrates without a mismatch. Seed (config-server/sandbox/seed.ts): order 1004 (product 103) has periods 2 and 3
 * of 400.000 open; product 101 is 'Dana Kilat', 1.500.000; captchas read 7G4K.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, describeViolations } from './axe';
import {
  fieldsOf,
  holdAppScripts,
  isCall,
  routeOf,
  screenVisible,
  startHarness,
  stubIosBridge,
  type Harness,
  type PageRecord,
} from './harness';

let h: Harness;
let seq = 0;
beforeAll(async () => {
  // The server makes each screen's first (read) call, so the drawn page holds its data, as in production.
  h = await startHarness({ locale: 'id-ID', serverPrefetch: true });
});
afterAll(async () => h?.close());

const token = () => `early-${process.pid}-${Date.now()}-${++seq}`;

/** Opens a borrower route with the app's scripts held; resolves once the drawn page is shown. */
async function openHeld(
  route: string,
  query: Record<string, string>,
  ready: (p: Page) => Promise<unknown>,
  before?: (p: Page) => Promise<void>,
  hold?: Parameters<typeof holdAppScripts>[1],
) {
  const rec = await h.newPage();
  if (before) await before(rec.page);
  const scripts = await holdAppScripts(rec.page, hold);
  await rec.page.goto(h.screenUrl(route, { token: token(), query }), { waitUntil: 'commit' });
  await ready(rec.page);
  return { ...rec, scripts };
}

/** The drawn page as a borrower meets it before the app runs: axe finds nothing, and the app is really not there. */
async function expectDrawnOnly(rec: PageRecord & { scripts: { held(): number } }) {
  expect(await rec.page.evaluate(() => performance.getEntriesByName('sdui:screen-visible').length)).toBe(0);
  expect(rec.scripts.held()).toBeGreaterThan(0);
  expect(await rec.page.locator('#root[data-ssr]').count()).toBe(1);
  expect(describeViolations(await axeViolations(rec.page))).toBe('');
}

/** After the app took over: no hydration mismatch, no error, no CSP refusal (the inline capture script included). */
function expectCleanHydration(rec: PageRecord) {
  expect(rec.logs.filter((l) => /hydrat/i.test(l))).toEqual([]);
  expect(rec.pageErrors).toEqual([]);
  expect(rec.cspViolations).toEqual([]);
}

const calls = (page: Page, path: string) => {
  const seen: Record<string, string>[] = [];
  page.on('request', (r) => isCall(path)(r) && seen.push(fieldsOf(r)));
  return seen;
};

describe('landing page', () => {
  it('a phone number typed before the app starts (and while it hydrates) is the one get SMS code sends', async () => {
    const heading = (p: Page) => p.getByRole('heading', { name: 'Pinjaman tunai cepat', level: 1 }).waitFor();
    const rec = await openHeld('/register', { templateId: 'default' }, heading);
    const { page } = rec;
    await expectDrawnOnly(rec);
    const sms = calls(page, '/api/v2/youmi/promotion/get-sms');
    const phone = page.getByLabel('Nomor HP');
    await phone.pressSequentially('1391234');
    await page.getByLabel('Kode gambar', { exact: true }).pressSequentially('7G4K');
    // Back in the phone field, the borrower goes on typing as the app arrives and hydrates.
    await phone.click();
    rec.scripts.release();
    await phone.pressSequentially('5678', { delay: 40 });
    await screenVisible(page);
    // The app's own formatting of the whole number: the typed digits are in its state, none lost.
    await expect.poll(() => phone.inputValue()).toBe('139 1234 5678');
    expect(await phone.evaluate((el: HTMLInputElement) => [el.selectionStart, el.value.length])).toEqual([13, 13]);
    await page.getByRole('button', { name: 'Dapatkan kode' }).click();
    await expect.poll(() => sms.length).toBe(1);
    expect(sms[0]).toMatchObject({ phone: '13912345678' });
    await page.locator('.sdui-toast', { hasText: 'Kode verifikasi terkirim' }).first().waitFor();
    expectCleanHydration(rec);
  });
});

/** A widget's code later than the app by more than its 3 s wait (CI under load failed so, now and then). */
const slowWidgets = (names: string) => ({ slow: new RegExp(`/(${names})-[^/]+\\.js$`), slowMs: 4000 });

describe('a widget whose code comes seconds after the app', () => {
  it('keeps the phone number and captcha typed into it, and get SMS code sends them', async () => {
    const heading = (p: Page) => p.getByRole('heading', { name: 'Pinjaman tunai cepat', level: 1 }).waitFor();
    const hold = slowWidgets('PhoneField|CaptchaImage');
    const rec = await openHeld('/register', { templateId: 'default' }, heading, undefined, hold);
    const { page } = rec;
    const sms = calls(page, '/api/v2/youmi/promotion/get-sms');
    const phone = page.getByLabel('Nomor HP');
    await phone.pressSequentially('13912345678');
    await page.getByLabel('Kode gambar', { exact: true }).pressSequentially('7G4K');
    rec.scripts.release();
    await screenVisible(page);
    await expect.poll(() => phone.inputValue(), { timeout: 10000 }).toBe('139 1234 5678');
    await page.getByRole('button', { name: 'Dapatkan kode' }).click();
    await expect.poll(() => sms.length).toBe(1);
    expect(sms[0]).toMatchObject({ phone: '13912345678', capcode: '7G4K' });
    expectCleanHydration(rec);
  });

  it('replays a tick and a Bayar Segera tap made on it', async () => {
    const drawn = (p: Page) => p.getByRole('button', { name: /^Periode 2 / }).waitFor();
    const rec = await openHeld(
      '/instalmentRepay',
      { productId: '103', orderId: '1004' },
      drawn,
      undefined,
      slowWidgets('Checkbox'),
    );
    const { page } = rec;
    await page.getByRole('checkbox', { name: 'Bayar semua total pembayaran' }).check();
    await page.getByRole('button', { name: 'Bayar Segera' }).click();
    rec.scripts.release();
    await expect.poll(() => routeOf(page).path, { timeout: 15000 }).toBe('/individual');
    expect(routeOf(page).query.get('amount')).toBe('800000');
    expectCleanHydration(rec);
  });
});

describe('instalments', () => {
  const drawn = (p: Page) => p.getByRole('button', { name: /^Periode 2 / }).waitFor();
  const selectAll = (p: Page) => p.getByRole('checkbox', { name: 'Bayar semua total pembayaran' });

  it('an early select-all tick gives the summed total', async () => {
    const rec = await openHeld('/instalmentRepay', { productId: '103', orderId: '1004' }, drawn);
    const { page } = rec;
    await expectDrawnOnly(rec);
    expect(await page.locator('#instalment-total').innerText()).toBe('Rp0');
    await selectAll(page).check();
    rec.scripts.release();
    await screenVisible(page);
    await expect.poll(() => page.locator('#instalment-total').innerText()).toBe('Rp800.000');
    expect(await selectAll(page).isChecked()).toBe(true);
    expect(
      await page
        .getByRole('button', { name: /^Periode 3 / })
        .getByText('✓ Dipilih')
        .count(),
    ).toBe(1);
    expectCleanHydration(rec);
  });

  it('an early Bayar Segera tap shows at once that it was taken, then goes to payment with the ticked amount', async () => {
    const rec = await openHeld('/instalmentRepay', { productId: '103', orderId: '1004' }, drawn);
    const { page } = rec;
    await selectAll(page).check();
    const pay = page.getByRole('button', { name: 'Bayar Segera' });
    await pay.click();
    expect(await pay.getAttribute('aria-busy')).toBe('true');
    // The pressed button before the app runs, as a borrower sees it.
    await h.screenshot(page, 'early-input-pressed');
    expect(routeOf(page).path).toBe('/instalmentRepay');
    rec.scripts.release();
    await expect.poll(() => routeOf(page).path, { timeout: 15000 }).toBe('/individual');
    expect(routeOf(page).query.get('amount')).toBe('800000');
    expectCleanHydration(rec);
  });
});

describe('loan confirmation', () => {
  const consentOf = (p: Page) =>
    p.getByRole('checkbox', { name: 'Saya telah membaca dan menyetujui perjanjian berikut' });
  const confirmOf = (p: Page) => p.getByRole('button', { name: 'Konfirmasi pinjaman', exact: true });

  it('is drawn with its amount; an early untick of consent leaves Confirm disabled, and an early Confirm tap then does nothing', async () => {
    const rec = await openHeld(
      '/loanConfirm',
      { productId: '101' },
      (p) => p.getByText('Dana Kilat').waitFor(),
      stubIosBridge,
    );
    const { page } = rec;
    await page.getByText('Rp1.500.000').first().waitFor();
    await expectDrawnOnly(rec);
    const pushes = calls(page, '/v3/loan-confirm/loan-detail-push');
    await consentOf(page).uncheck();
    // The drawn button does not know yet: the tap is taken, and must come to nothing once the app knows.
    await confirmOf(page).click();
    rec.scripts.release();
    await screenVisible(page);
    await expect.poll(() => confirmOf(page).isDisabled()).toBe(true);
    expect(await consentOf(page).isChecked()).toBe(false);
    expect(await confirmOf(page).getAttribute('aria-busy')).toBeNull();
    await page.waitForTimeout(300);
    expect(pushes).toEqual([]);
    // The app holds the untick: ticking again enables Confirm.
    await consentOf(page).check();
    await expect.poll(() => confirmOf(page).isEnabled()).toBe(true);
    expectCleanHydration(rec);
  });
});

describe('links', () => {
  it('a link to another screen tapped before the app runs is followed by the browser', async () => {
    const rec = await openHeld(
      '/loanDetails',
      { productId: '101', orderId: '1003' },
      (p) => p.locator('#loan-extend').waitFor(),
      stubIosBridge,
    );
    const { page } = rec;
    await page.locator('#loan-extend').click();
    // The next screen is drawn by the server too (the app's scripts are still held).
    await expect.poll(() => routeOf(page).path).toBe('/delayRepay');
    expect(routeOf(page).query.get('orderId')).toBe('1003');
    rec.scripts.release();
  });
});
