/**
 * Published edits during the bank card flow: a publish while the SMS step is open changes nothing until the next
 * navigation, and the market's card grouping, code length and countdown follow a published edit.
 * Seed: order 1003 (product 101) has three pending periods of 350.000; card 1 (BCA) needs an SMS code
 * (123456), card 2 (BNI) pays at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, type Client } from '../../config-server/testing/test-helpers';
import { PASSWORD, startConsoleHarness } from './admin-helpers';
import { fieldsOf, isCall, routeOf, type Harness } from './harness';
import { paywayHelpers, QUERY, REPAY, tokenMaker } from './repayment-helpers';

let h: Harness;
let ops: Client;
beforeAll(async () => {
  h = await startConsoleHarness({ locale: 'id-ID' });
  ops = await login(h.url, 'ops', PASSWORD);
});
afterAll(async () => h?.close());

const tokenOf = tokenMaker('repay-p');
const { paidPeriods } = paywayHelpers(() => h);

describe('a publish while the SMS step is open', () => {
  it('does not reset the step or re-run the first calls; the newer version shows at the next navigation', async () => {
    const token = tokenOf();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const { page } = await h.openScreen('/payway', {
      token,
      query: QUERY,
      // Hold any revalidation of the inlined screen until the publish is done.
      before: async (p) =>
        void (await p.route('**/config/v1/screens/payway*', async (route) => {
          await held;
          await route.continue();
        })),
    });
    await page.getByRole('button', { name: /BCA/ }).waitFor();
    let wayCalls = 0;
    page.on('request', (r) => isCall(`${REPAY}/repayment-way`)(r) && wayCalls++);
    await page.getByRole('button', { name: /BCA/ }).click();
    await page.getByRole('button', { name: 'Bayar', exact: true }).click();
    const sms = page.getByRole('dialog', { name: 'Verifikasi SMS' });
    await sms.waitFor();
    await sms.getByLabel('Kode verifikasi').fill('1234');

    // Ops publishes a new version of the screen (its title changes).
    const path = '/admin/api/documents/screen/payway';
    const r = await ops.req('GET', path);
    const doc = structuredClone((await r.json()).published.content);
    doc.body[0].title = 'title.alipay';
    const saved = await ops.req('PUT', `${path}/draft`, doc, {
      'if-match': r.headers.get('etag')!,
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const pub = await ops.req('POST', '/admin/api/publish', {
      documents: [{ kind: 'screen', id: 'payway' }],
      note: 'e2e: payway title',
    });
    expect(pub.status, await pub.clone().text()).toBe(200);
    // The borrower comes back to the app: the inlined screen is revalidated and the newer version found.
    const revalidated = page.waitForResponse((res) => res.url().includes('/config/v1/screens/payway'));
    release();
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    expect((await revalidated).status()).toBe(200);
    await page.waitForTimeout(500);

    // Still mid-flow: the dialog, the typed code, the old title; no call re-run.
    expect(await sms.isVisible()).toBe(true);
    expect(await sms.getByLabel('Kode verifikasi').inputValue()).toBe('1234');
    expect(await page.getByRole('heading', { name: 'Bayar dengan kartu bank' }).count()).toBe(1);
    expect(wayCalls).toBe(0);

    await sms.getByLabel('Kode verifikasi').fill('123456');
    await sms.getByRole('button', { name: 'Konfirmasi' }).click();
    await expect.poll(() => routeOf(page).path).toMatch(/^\/borrowDetail\/?$/);
    expect(await paidPeriods(token)).toEqual([1]);

    // Next navigation to the screen: the published version.
    await page.goBack();
    await page.getByRole('heading', { name: 'Pembayaran' }).waitFor();
    await page.context().close();
  });
});

describe('market constants drive the flow', () => {
  it('card grouping, code length and countdown follow a published market edit; resend works once the countdown ends', async () => {
    const path = '/admin/api/documents/market/ID';
    const r = await ops.req('GET', path);
    const content = structuredClone((await r.json()).published.content);
    Object.assign(content.limits, { cardDigitGroup: 8, smsCodeLength: 4, smsCountdownSeconds: 2 });
    expect((await ops.req('PUT', `${path}/draft`, content, { 'if-match': r.headers.get('etag')! })).status).toBe(200);
    expect(
      (
        await ops.req('POST', '/admin/api/publish', {
          documents: [{ kind: 'market', id: 'ID' }],
          note: 'e2e: repayment limits',
        })
      ).status,
    ).toBe(200);

    const token = tokenOf();
    const { page } = await h.openScreen('/payway', { token, query: QUERY });
    await page.getByRole('button', { name: /62220200 12345678/ }).click();
    const commits: Record<string, string>[] = [];
    page.on('request', (req) => isCall(`${REPAY}/repayment-commit`)(req) && commits.push(fieldsOf(req)));
    await page.getByRole('button', { name: 'Bayar', exact: true }).click();
    const sms = page.getByRole('dialog', { name: 'Verifikasi SMS' });
    await sms.waitFor();
    const resend = sms.getByRole('button', { name: /Kirim ulang/ });
    expect(await resend.isDisabled()).toBe(true);
    await sms.getByLabel('Kode verifikasi').pressSequentially('12345');
    expect(await sms.getByLabel('Kode verifikasi').inputValue()).toBe('1234');
    await sms.getByRole('button', { name: 'Konfirmasi' }).click();
    await page.getByText('verification code wrong').waitFor(); // 4 digits pass the length check; the server refuses the code
    // Once the countdown ended, resending is allowed: a new commit, and the countdown runs again.
    await expect.poll(() => resend.isDisabled(), { timeout: 5000 }).toBe(false);
    await resend.click();
    await expect.poll(() => commits.length).toBe(2);
    await expect.poll(() => resend.isDisabled()).toBe(true);
    await page.context().close();
  });
});
