import fs from 'node:fs';
import path from 'node:path';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ARTIFACTS,
  commonParams,
  fieldsOf,
  isCall,
  routeOf,
  screenVisible,
  startHarness,
  type Harness,
} from './harness';
import { axeViolations } from './axe';

// Sandbox (config-server/sandbox/seed.ts): every captcha reads 7G4K, every SMS code is 123456,
// 13800138000 is already registered, get-sms answers 'too early' within 60 s for the same phone.
const CAPTCHA = '7G4K';
const SMS = '123456';
const REGISTERED = '13800138000';

let h: Harness;
let seq = 0;
beforeAll(async () => {
  h = await startHarness({ locale: 'id-ID' });
});
afterAll(async () => h?.close());

const token = () => `landing-${process.pid}-${Date.now()}-${++seq}`;
/** A visitor's landing page: the common params of a device plus the template (and whatever else the ad put there). */
async function open(query: Record<string, string>, o: { token?: string; before?: (p: Page) => Promise<void> } = {}) {
  const rec = await h.openScreen('/register', {
    token: o.token ?? token(),
    query: { templateId: 'default', ...query },
    before: o.before,
  });
  // The visitor types once the app is up (a CI run typed into the drawn page before it was, in the headless shell).
  await screenVisible(rec.page);
  return rec;
}

function record(page: Page, p: string): Record<string, string>[] {
  const seen: Record<string, string>[] = [];
  page.on('request', (r: Request) => isCall(p)(r) && seen.push(fieldsOf(r)));
  return seen;
}

const toast = (page: Page, text: string) => page.locator('.sdui-toast', { hasText: text }).first().waitFor();
const apply = (page: Page) => page.getByRole('button', { name: 'Ajukan sekarang' }).click();
const sendCode = (page: Page) => page.getByRole('button', { name: 'Dapatkan kode' }).click();

async function fillContact(page: Page, phone: string, captcha = CAPTCHA) {
  await page.getByLabel('Nomor HP').fill(phone);
  await page.getByLabel('Kode gambar', { exact: true }).fill(captcha);
}

function keep(name: string) {
  fs.mkdirSync('tests/e2e/readme', { recursive: true });
  fs.copyFileSync(path.join(ARTIFACTS, `${name}.png`), `tests/e2e/readme/${name}.png`);
}

describe('registration landing page', () => {
  it('registers a visitor: validation messages, captcha, SMS with a countdown that blocks resend, register, then the download page with the query', async () => {
    // The visit is tracked as the page loads: listen before it opens, or a fast page has sent it already.
    let visits: Record<string, string>[] = [];
    const { page, logs, pageErrors } = await open(
      {},
      { before: async (p) => void (visits = record(p, '/api/v2/youmi/promotion/track-visit')) },
    );
    const missing: string[] = [];
    page.on('response', (r) => r.status() === 404 && missing.push(new URL(r.url()).pathname));
    const clicks = record(page, '/api/v2/youmi/promotion/track-click');
    const registers = record(page, '/api/v2/youmi/promotion/register');
    await page.getByRole('heading', { name: 'Pinjaman tunai cepat', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Kode gambar, ketuk untuk memperbarui' }).locator('img').waitFor();
    await expect.poll(() => visits.length).toBe(1);

    // Validation, in order: mobile, captcha, SMS code.
    await apply(page);
    await toast(page, 'enter correct mobile number');
    await page.getByLabel('Nomor HP').fill('12812345678'); // second digit 2
    await apply(page);
    await page.getByRole('alert').filter({ hasText: 'enter correct mobile number' }).first().waitFor();
    const phone = page.getByLabel('Nomor HP');
    await phone.fill('');
    await phone.pressSequentially('139a1234-5678999');
    expect(await phone.inputValue()).toBe('139 1234 5678'); // digits only, max 11, 3-4-4
    await apply(page);
    await toast(page, 'Silakan masukkan kode gambar');
    await page.getByLabel('Kode gambar', { exact: true }).pressSequentially('7G4K9');
    expect(await page.getByLabel('Kode gambar', { exact: true }).inputValue()).toBe(CAPTCHA); // max 4
    await apply(page);
    await toast(page, 'Silakan masukkan kode SMS');
    expect(registers).toHaveLength(0);
    expect(clicks.length).toBeGreaterThan(0); // track-click on every apply, silently

    // SMS: sent, then the countdown blocks resend.
    await sendCode(page);
    await toast(page, 'Kode verifikasi terkirim');
    const resend = page.getByRole('button', { name: /Tunggu \d+ dtk/ });
    await resend.waitFor();
    expect(await resend.isDisabled()).toBe(true);

    const smsBox = page.getByLabel('Kode SMS');
    await smsBox.pressSequentially('1234567');
    expect(await smsBox.inputValue()).toBe(SMS); // max 6
    await h.screenshot(page, 'landing-register');
    keep('landing-register');
    await apply(page);
    await toast(page, 'registration successful');
    await expect.poll(() => routeOf(page).path).toBe('/downloadTemplate');
    const { query } = routeOf(page);
    expect(query.get('templateId')).toBe('default');
    expect(query.get('id')).toMatch(/^U\d+$/);
    expect(query.get('deviceId')).toBe('dev-e2e');
    expect(registers[0]).toMatchObject({
      phone: '13912345678',
      capcode: CAPTCHA,
      smsCode: SMS,
      appName: 'CashLoan',
      id: 'default',
      user_from: 'landing',
      app_from: 'h5',
      utm_tag: 'default',
      deviceId: 'dev-e2e',
    });
    expect(registers[0].sid).toMatch(/^[0-9a-f]{24}$/);
    await page.getByRole('button', { name: 'Unduh CashLoan' }).waitFor();
    expect(pageErrors).toEqual([]);
    expect(missing.filter((p) => p !== '/favicon.ico')).toEqual([]);
    expect(logs.filter((l) => !l.includes('404'))).toEqual([]);
    await page.context().close();
  });

  it('get-sms 101 refreshes the captcha and says so; 11 says registered and goes to the download page; a second send within 60 s is refused as too early', async () => {
    const t = token();
    const { page } = await open({}, { token: t });
    const sids = record(page, '/api/v2/youmi/promotion/get-sid');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await fillContact(page, '13712345678', 'ABCD');
    await page.waitForLoadState('networkidle');
    const sidsBefore = sids.length;
    await sendCode(page);
    await toast(page, 'Kode gambar salah, masukkan kode yang baru');
    await expect.poll(() => sids.length).toBe(sidsBefore + 1); // a new sid, so a new picture
    expect(await page.getByLabel('Kode gambar', { exact: true }).inputValue()).toBe('');
    // No countdown: the button keeps its name and is usable again once the send's steps have ended (it is busy
    // until then, a moment after the toast and the new picture: read at once, it failed once in a whole-suite run).
    await expect.poll(() => page.getByRole('button', { name: 'Dapatkan kode' }).isDisabled()).toBe(false);

    await page.getByLabel('Kode gambar', { exact: true }).fill(CAPTCHA);
    await sendCode(page);
    await toast(page, 'Kode verifikasi terkirim');

    // The same visitor on another tab within 60 s: the server refuses.
    const second = await open({}, { token: t });
    await second.page.getByRole('heading', { level: 1 }).waitFor();
    await fillContact(second.page, '13712345678');
    await sendCode(second.page);
    await toast(second.page, 'do not send verification code repeatedly');
    await second.page.context().close();

    const third = await open({}, { token: t });
    await third.page.getByRole('heading', { level: 1 }).waitFor();
    await fillContact(third.page, REGISTERED);
    await sendCode(third.page);
    await toast(third.page, 'you are registered, download the app to log in');
    await expect.poll(() => routeOf(third.page).path).toBe('/downloadTemplate');
    expect(routeOf(third.page).query.get('templateId')).toBe('default');
    await third.page.context().close();
    await page.context().close();
  });

  it('register -1 refreshes the captcha; register 11 says registered and goes to the download page', async () => {
    const t = token();
    const { page } = await open({}, { token: t });
    const sids = record(page, '/api/v2/youmi/promotion/get-sid');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await fillContact(page, '13612345678');
    await sendCode(page);
    await toast(page, 'Kode verifikasi terkirim');
    await page.getByLabel('Kode SMS').fill(SMS);
    await page.getByLabel('Kode gambar', { exact: true }).fill('ZZZZ');
    const sidsBefore = sids.length;
    await apply(page);
    await toast(page, 'Kode gambar salah, masukkan kode yang baru');
    await expect.poll(() => sids.length).toBe(sidsBefore + 1);
    expect(routeOf(page).path).toBe('/register');

    // Meanwhile the same phone registers on another tab; this tab then hears 11.
    const other = await open({}, { token: t });
    await other.page.getByRole('heading', { level: 1 }).waitFor();
    await fillContact(other.page, '13612345678');
    await other.page.getByLabel('Kode SMS').fill(SMS);
    await apply(other.page);
    await expect.poll(() => routeOf(other.page).path).toBe('/downloadTemplate');
    await other.page.context().close();

    await page.getByLabel('Kode gambar', { exact: true }).fill(CAPTCHA);
    await apply(page);
    await toast(page, 'you are registered, download the app to log in');
    await expect.poll(() => routeOf(page).path).toBe('/downloadTemplate');
    await page.context().close();
  });

  it('tapping the captcha needs a mobile first, then loads a new picture', async () => {
    const { page } = await open({});
    const pic = page.getByRole('button', { name: 'Kode gambar, ketuk untuk memperbarui' });
    await pic.locator('img').waitFor();
    const before = await pic.locator('img').getAttribute('src');
    await pic.click();
    await toast(page, 'Masukkan nomor HP yang benar terlebih dahulu');
    expect(await pic.locator('img').getAttribute('src')).toBe(before);
    await page.getByLabel('Nomor HP').fill('13512345678');
    await pic.click();
    await expect.poll(() => pic.locator('img').getAttribute('src')).not.toBe(before);
    await page.context().close();
  });
});

describe('attribution, messenger hint, ended page', () => {
  it('keeps utm tag, invite code, channel and merchant number from the address in a cookie until the end of 9999 and sends them on a later visit', async () => {
    // Chromium stores at most 400 days of expiry, so the test reads what the page asked for as well.
    const watchCookies = async (p: Page) => {
      await p.addInitScript(() => {
        const d = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
        const writes: string[] = ((window as unknown as { __cookieWrites: string[] }).__cookieWrites = []);
        Object.defineProperty(document, 'cookie', {
          get: () => d.get!.call(document),
          set: (v: string) => (writes.push(v), d.set!.call(document, v)),
        });
      });
    };
    const { page } = await open(
      { utm_tag: 'spring-fb', invite_code: 'INV42', channel: 'fb-ads', merchantNumber: 'M7' },
      { before: watchCookies },
    );
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect
      .poll(async () => (await page.context().cookies()).find((c) => c.name === 'landing_utm_tag')?.value)
      .toBe('spring-fb');
    const cookies = await page.context().cookies();
    const writes = await page.evaluate(() => (window as unknown as { __cookieWrites: string[] }).__cookieWrites);
    expect(writes.find((w) => w.startsWith('landing_utm_tag='))).toMatch(
      /^landing_utm_tag=spring-fb; path=\/; SameSite=Lax; expires=Fri, 31 Dec 9999 23:59:59 GMT/,
    );
    expect(cookies.find((c) => c.name === 'landing_invite_code')?.value).toBe('INV42');

    // Back later without the ad's query: the cookie still attributes the registration.
    const later = await page.context().newPage();
    const registers = record(later, '/api/v2/youmi/promotion/register');
    await later.goto(`${h.url}/register?${new URLSearchParams({ ...commonParams(token()), templateId: 'default' })}`);
    await later.getByRole('heading', { level: 1 }).waitFor();
    await fillContact(later, '13512345670');
    await sendCode(later);
    await toast(later, 'Kode verifikasi terkirim');
    await later.getByLabel('Kode SMS').fill(SMS);
    await apply(later);
    await expect.poll(() => registers.length).toBe(1);
    expect(registers[0]).toMatchObject({
      utm_tag: 'spring-fb',
      invite_code: 'INV42',
      user_from: 'fb-ads',
      merchantNumber: 'M7',
    });
    await page.context().close();
  });

  it('a messenger browser gets the open-in-browser hint (register and download pages); an ordinary one does not', async () => {
    const ua = async (p: Page) => {
      await p.addInitScript(() =>
        Object.defineProperty(navigator, 'userAgent', {
          get: () => 'Mozilla/5.0 (iPhone) Mobile/15E148 [FBAN/MessengerForiOS;FBAV/400.0]',
        }),
      );
    };
    const { page } = await open({}, { before: ua });
    await page.getByText(/Anda berada di browser messenger/).waitFor();
    await h.screenshot(page, 'landing-messenger');
    keep('landing-messenger');
    await page.goto(
      `${h.url}/downloadTemplate?${new URLSearchParams({ ...commonParams(token()), templateId: 'default' })}`,
    );
    await page.getByText(/Anda berada di browser messenger/).waitFor();
    await page.context().close();

    const plain = await open({});
    await plain.page.getByRole('heading', { level: 1 }).waitFor();
    expect(await plain.page.getByText(/Anda berada di browser messenger/).count()).toBe(0);
    await plain.page.context().close();
  });

  it('an unknown or missing templateId shows the promotion-ended page (also as /#/register)', async () => {
    const { page, pageErrors } = await open({ templateId: 'no-such-campaign' });
    await page.getByRole('heading', { name: 'Promosi ini telah berakhir', level: 1 }).waitFor();
    expect(routeOf(page).path).toBe('/promotionEnded');
    await h.screenshot(page, 'landing-ended');
    keep('landing-ended');
    await page.goto(`${h.url}/#/register?${new URLSearchParams({ ...commonParams(token()), templateId: 'gone' })}`);
    await page.getByRole('heading', { name: 'Promosi ini telah berakhir', level: 1 }).waitFor();
    await page.goto(`${h.url}/#/register?${new URLSearchParams({ ...commonParams(token()) })}`);
    await page.getByRole('heading', { name: 'Promosi ini telah berakhir', level: 1 }).waitFor();
    await page.goto(`${h.url}/#/register?${new URLSearchParams({ ...commonParams(token()), templateId: 'default' })}`);
    await page.getByRole('heading', { name: 'Pinjaman tunai cepat', level: 1 }).waitFor();
    expect(pageErrors).toEqual([]);
    await page.context().close();
  });
});
