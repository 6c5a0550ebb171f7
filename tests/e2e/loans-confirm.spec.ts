import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, describeViolations } from './axe';
import { bridgeMessages, fieldsOf, isCall, routeOf, stubIosBridge, startHarness, type Harness } from './harness';

// Seed (config-server/sandbox/seed.ts): product 101 'Dana Kilat' (1.500.000, 91 days) has a pop agreement, 102 'Pinjam Cepat'
// (3.000.000) has none; in India (seed-in.ts) they are 'Rupee Express' (15,000) and 'Quick Rupee' (30,000). Market ID
// has languageType 0 (no modal), IN has 1.
const EMBED = 'https://www.cashloan.in/loan-agreement?productId=101';
const COPY = {
  ID: {
    title: 'Konfirmasi pinjaman',
    consent: 'Saya telah membaca dan menyetujui perjanjian berikut',
    term: '91 hari',
    modal: 'Perjanjian pinjaman',
    agree: 'Setuju',
    cancel: 'Batal',
  },
  IN: {
    title: 'Confirm loan',
    consent: 'I have read and agree to the following agreements',
    term: '91 days',
    modal: 'Loan agreement',
    agree: 'Agree',
    cancel: 'Cancel',
  },
};

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  fs.mkdirSync('tests/e2e/readme', { recursive: true });
});
afterAll(async () => h?.close());

/** Rewrites one sandbox response's data (the real call still runs). */
const rewrite = (page: Page, path: string, change: (data: Record<string, unknown>) => unknown) =>
  page.route(`**/sandbox${path}**`, async (route) => {
    const res = await route.fetch();
    const body = await res.json();
    await route.fulfill({ response: res, json: { ...body, data: change(body.data) } });
  });

/** The pop agreement on the IN market's allowed embed origin, served by the test. */
async function allowedEmbed(page: Page) {
  await stubIosBridge(page);
  await rewrite(page, '/v3/loan-confirm/loan-detail-confirm', (d) => ({
    ...d,
    popAgreementUrl: d.popAgreementUrl ? EMBED : '',
  }));
  await page.route(`${EMBED}*`, (r) =>
    r.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><title>Agreement</title><h1>Loan agreement</h1><p>Terms of the loan.</p>',
    }),
  );
}

/** Bridge messages as `name body` lines that outlive the page's navigations (the stub's list lives in one document). */
async function keepBridge(page: Page, kept: string[]) {
  await page.exposeFunction('__keepBridge', (line: string) => kept.push(line));
  await page.addInitScript(() => {
    const w = window as unknown as { webkit: unknown; __keepBridge(line: string): void };
    const handler = (name: string) => ({
      postMessage: (body: unknown) => w.__keepBridge(`${name} ${JSON.stringify(body)}`),
    });
    w.webkit = {
      messageHandlers: new Proxy({}, { get: (_t, name) => (typeof name === 'string' ? handler(name) : undefined) }),
    };
  });
}

const open = (market: 'ID' | 'IN', productId: number, before: (p: Page) => Promise<void> = stubIosBridge) =>
  h.openScreen('/loanConfirm', { query: { market, productId: String(productId) }, before });

describe('loan confirmation', () => {
  it('ID: offer, term, rate, detail lines, plan and note; no modal (language type 0); consent greys confirm; an agreement link goes to its contract_url', async () => {
    const { page, pageErrors } = await open('ID', 101, allowedEmbed);
    await page.getByText('Dana Kilat').waitFor();
    await page.getByText('Rp1.500.000').first().waitFor();
    await page.getByText(COPY.ID.term).waitFor();
    await page.getByText('Suku bunga 0,1%/hari').waitFor();
    await page.getByText('Total pembayaran').waitFor();
    for (const n of [1, 2, 3]) await page.getByText(`Periode ${n}`).waitFor();
    await page.getByText(/Pelunasan lebih awal/).waitFor();
    await page.waitForTimeout(300);
    expect(await page.getByRole('dialog').count()).toBe(0);

    const consent = page.getByRole('checkbox', { name: COPY.ID.consent });
    const confirm = page.getByRole('button', { name: COPY.ID.title, exact: true });
    expect(await consent.isChecked()).toBe(true);
    expect(await confirm.isEnabled()).toBe(true);
    await page.screenshot({ path: 'tests/e2e/readme/loans-confirm-id.png', fullPage: true });
    expect(describeViolations(await axeViolations(page))).toBe('');
    await consent.uncheck();
    expect(await confirm.isDisabled()).toBe(true);
    await page.screenshot({ path: 'tests/e2e/readme/loans-confirm-consent-off.png', fullPage: true });
    expect(describeViolations(await axeViolations(page))).toBe('');
    await consent.check();
    expect(await confirm.isEnabled()).toBe(true);

    const jumps: Record<string, string>[] = [];
    page.on('request', (r) => isCall('/v3/contract/contract-jump')(r) && jumps.push(fieldsOf(r)));
    await page.getByRole('button', { name: 'Kebijakan Privasi' }).click();
    await page.waitForURL(/\/sandbox\/pages\/contract/);
    expect(jumps).toEqual([expect.objectContaining({ productId: '101', scene: '3', position: '2' })]);
    expect(new URL(page.url()).searchParams.get('position')).toBe('2');
    expect(pageErrors).toEqual([]);
    await page.context().close();
  });

  it('IN: the blocking agreement modal (embedded page of an allowed origin); the mask and Escape do not close it; Agree does', async () => {
    const { page } = await open('IN', 101, allowedEmbed);
    const dialog = page.getByRole('dialog', { name: COPY.IN.modal });
    await dialog.waitFor();
    await dialog.getByRole('heading', { name: 'Loan Agreement', exact: true }).waitFor(); // popTitle
    await dialog.getByText(/Please read and accept the loan agreement/).waitFor(); // popContent
    expect(await dialog.locator('iframe').getAttribute('src')).toBe(EMBED);
    await page.frameLocator('iframe').getByRole('heading', { name: 'Loan agreement' }).waitFor();
    await page.screenshot({ path: 'tests/e2e/readme/loans-confirm-modal-in.png' });
    expect(describeViolations(await axeViolations(page))).toBe('');
    await page.mouse.click(5, 5);
    await page.keyboard.press('Escape');
    await page.waitForTimeout(200);
    expect(await dialog.count()).toBe(1);
    await dialog.getByRole('button', { name: COPY.IN.agree }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await page.getByText(COPY.IN.term).waitFor();
    await page.screenshot({ path: 'tests/e2e/readme/loans-confirm-in.png', fullPage: true });
    expect(describeViolations(await axeViolations(page))).toBe('');
    await page.context().close();
  });

  it('IN: Cancel sends the close-webview message; a product without popAgreementUrl shows no modal', async () => {
    const { page } = await open('IN', 101, allowedEmbed);
    await page.getByRole('dialog', { name: COPY.IN.modal }).getByRole('button', { name: COPY.IN.cancel }).click();
    await expect.poll(async () => JSON.stringify(await bridgeMessages(page))).toContain('closeWebview');
    await page.context().close();

    const other = await open('IN', 102, allowedEmbed);
    await other.page.getByText('Quick Rupee').waitFor();
    await other.page.waitForTimeout(300);
    expect(await other.page.getByRole('dialog').count()).toBe(0);
    await other.page.context().close();
  });

  it('IN: while the sandbox runs, its own English agreement is framed and read before Agree', async () => {
    const { page, logs } = await open('IN', 101); // the sandbox's own address, on this very origin
    const dialog = page.getByRole('dialog', { name: COPY.IN.modal });
    await dialog.waitFor();
    const src = await dialog.locator('iframe').getAttribute('src');
    expect(src).toBe(`${h.url}/sandbox/pages/contract?productId=101&position=1&market=IN`);
    // A page of this origin runs no script in the frame: it would have this page's rights.
    expect(await dialog.locator('iframe').getAttribute('sandbox')).toBe('');
    const frame = page.frameLocator('iframe');
    await frame.getByRole('heading', { name: 'Loan Agreement' }).waitFor();
    await frame.getByText('Product: Rupee Express.').waitFor();
    await frame.getByText(/Prepayment only after half of the term/).waitFor();
    await dialog.getByRole('button', { name: COPY.IN.agree }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(logs.filter((l) => l.includes('embedded-page'))).toEqual([]);
    await page.context().close();
  });

  it('an agreement the market does not allow to frame is offered to open, and opens before Agree', async () => {
    const elsewhere = 'https://agreements.example/loan?productId=101';
    // On the context: the window the link opens is a page of its own.
    const served = (p: Page) =>
      p
        .context()
        .route(`${elsewhere}*`, (r) =>
          r.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Agreement</title><h1>Loan terms</h1>' }),
        );
    const moved = async (p: Page) => {
      await rewrite(p, '/v3/loan-confirm/loan-detail-confirm', (d) => ({ ...d, popAgreementUrl: elsewhere }));
      await served(p);
    };
    // In a plain browser: a link that opens the agreement in a new window, the modal staying until Agree.
    const { page, logs } = await open('IN', 101, moved);
    const dialog = page.getByRole('dialog', { name: COPY.IN.modal });
    await dialog.getByText('The agreement cannot be shown here.').waitFor();
    expect(await dialog.locator('iframe').count()).toBe(0);
    expect(logs.join('\n')).toContain('embedded-page');
    const link = dialog.getByRole('link', { name: 'Open the agreement to read it' });
    const [popup] = await Promise.all([page.waitForEvent('popup'), link.click()]);
    await popup.getByRole('heading', { name: 'Loan terms' }).waitFor();
    expect(popup.url()).toBe(elsewhere);
    await popup.close();
    expect(await dialog.count()).toBe(1);
    await page.screenshot({ path: 'tests/e2e/readme/loans-confirm-modal-open-in.png' });
    await dialog.getByRole('button', { name: COPY.IN.agree }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await page.context().close();

    // In the native shell: its open-URL message, no window.
    const native = await open('IN', 101, async (p) => {
      await stubIosBridge(p);
      await moved(p);
    });
    await native.page
      .getByRole('dialog', { name: COPY.IN.modal })
      .getByRole('link', { name: 'Open the agreement to read it' })
      .click();
    await expect.poll(() => bridgeMessages(native.page)).toContainEqual(['openPage', { url: elsewhere }]);
    expect(native.page.context().pages()).toHaveLength(1);
    await native.page.context().close();
  });

  for (const market of ['ID', 'IN'] as const) {
    it(`${market}: confirm sends the offer, fires the tracking point and replaces the location with lendDetailsUrl + common params + from=confirm`, async () => {
      const kept: string[] = [];
      const { page } = await open(market, 102, (p) => keepBridge(p, kept));
      const pushes: Record<string, string>[] = [];
      page.on('request', (r) => isCall('/v3/loan-confirm/loan-detail-push')(r) && pushes.push(fieldsOf(r)));
      await page.getByText(market === 'ID' ? 'Pinjam Cepat' : 'Quick Rupee').waitFor();
      const before = await page.evaluate(() => history.length);
      await page.getByRole('button', { name: COPY[market].title, exact: true }).click();
      await expect.poll(() => routeOf(page).path).toBe('/borrowDetail/');
      expect(pushes).toEqual([
        expect.objectContaining({
          amount: market === 'ID' ? '3000000' : '30000',
          periods: '91',
          termUnit: 'day',
          productId: '102',
        }),
      ]);
      const q = routeOf(page).query;
      const outer = new URL(page.url()).searchParams;
      const param = (k: string) => q.get(k) ?? outer.get(k);
      expect(param('from')).toBe('confirm');
      expect(param('productId')).toBe('102');
      expect(Number(param('orderId'))).toBeGreaterThan(2000);
      expect(param('deviceId')).toBe('dev-e2e');
      expect(param('market')).toBe(market);
      expect(param('token')).toMatch(/^e2e-/);
      const tracking = kept.find((m) => m.startsWith('confirmTrackingPoint '));
      expect(tracking).toContain('102');
      // The location was replaced (no new history entry), and the new page is loan details of the new order (status 21).
      expect(await page.evaluate(() => history.length)).toBe(before);
      await expect
        .poll(() => page.locator('#loan-status-picture').getAttribute('src'))
        .toBe('/icons/loan-status/21.svg');
      await page.context().close();
    });
  }
});

describe('loan confirmation with bad data', () => {
  it('a non-http contract_url is not followed; a product without logo and a failed push keep the page up silently', async () => {
    const { page, logs, pageErrors } = await open('ID', 102, async (p) => {
      await stubIosBridge(p);
      await rewrite(p, '/v3/loan-confirm/loan-detail-confirm', (d) => ({
        ...d,
        productLogo: '',
        repay_plans: 'garbage',
        details: null,
      }));
      await rewrite(p, '/v3/contract/contract-jump', () => ({ contract_url: 'javascript:alert(1)' }));
      await p.route('**/sandbox/v3/loan-confirm/loan-detail-push**', (r) =>
        r.fulfill({ json: { code: 500, message: 'push failed', data: null } }),
      );
    });
    await page.getByText('Pinjam Cepat').waitFor();
    expect(await page.locator('#loan-offer img').count()).toBe(0);
    await page.getByRole('button', { name: 'Perjanjian Pinjaman' }).click();
    await page.waitForTimeout(300);
    expect(routeOf(page).path).toBe('/loanConfirm');
    expect(logs.join('\n')).toContain('refused URL');
    await page.getByRole('button', { name: COPY.ID.title, exact: true }).click();
    await page.waitForTimeout(300);
    expect(routeOf(page).path).toBe('/loanConfirm');
    expect(await page.locator('.sdui-toast').count()).toBe(0);
    expect(JSON.stringify(await bridgeMessages(page))).not.toContain('confirmTrackingPoint');
    expect(pageErrors).toEqual([]);
    await page.context().close();
  });
});
