/**
 * A landing page is the first thing a paid click sees: it comes drawn by the server (template fetched there),
 * and the visitor pages pass axe in both markets.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, commonParams, routeOf, startHarness, type Harness } from './harness';
import { axeViolations } from './axe';

let h: Harness;
let seq = 0;
const url = (route: string, query: Record<string, string>) =>
  `${h.url}${route}?${new URLSearchParams({ ...commonParams(`landing-ssr-${process.pid}-${++seq}`), ...query })}`;

beforeAll(async () => {
  h = await startHarness({ serverPrefetch: true });
});
afterAll(async () => h?.close());

describe('landing page before JavaScript', () => {
  it('with JavaScript disabled, a published landing page shows its title, banner and form fields', async () => {
    const context = await h.browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 667 } });
    const page = await context.newPage();
    await page.goto(url('/register', { templateId: 'default' }));
    await page.getByRole('heading', { name: 'Pinjaman tunai cepat', level: 1 }).waitFor({ timeout: 2000 });
    expect(await page.locator('img[src="/assets/landing/banner.svg"]').count()).toBe(1);
    expect(await page.getByLabel('Nomor HP').count()).toBe(1);
    expect(await page.getByLabel('Kode gambar', { exact: true }).count()).toBe(1);
    expect(await page.getByLabel('Kode SMS').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Ajukan sekarang' }).count()).toBe(1);
    await context.close();
  });
});

describe('landing pages pass axe in both markets', () => {
  for (const market of ['ID', 'IN'] as const) {
    it(`${market}: register, download, agreement and ended pages have no serious or critical violation`, async () => {
      const heading = market === 'ID' ? 'Pinjaman tunai cepat' : 'Quick cash loans';
      const { page, pageErrors } = await h.openPage(
        '/register?' +
          new URLSearchParams({ ...commonParams(`axe-${market}-${++seq}`), market, templateId: 'default' }).toString(),
      );
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await page.locator('.sdui-captcha img').waitFor();
      expect(await axeViolations(page)).toEqual([]);
      if (market === 'IN') {
        await h.screenshot(page, 'landing-register-in');
        fs.copyFileSync(path.join(ARTIFACTS, 'landing-register-in.png'), 'tests/e2e/readme/landing-register-in.png');
      }

      await page.goto(url('/downloadTemplate', { market, templateId: 'default', id: 'U1' }));
      await page
        .getByRole('heading', { name: market === 'ID' ? 'Unduh CashLoan' : 'Download CashLoan', level: 1 })
        .waitFor();
      expect(await axeViolations(page)).toEqual([]);
      if (market === 'ID') {
        await h.screenshot(page, 'landing-download');
        fs.copyFileSync(path.join(ARTIFACTS, 'landing-download.png'), 'tests/e2e/readme/landing-download.png');
      }

      await page.goto(url('/agreementTemplate', { market, templateId: 'default', id: 'U1' }));
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await axeViolations(page)).toEqual([]);

      await page.goto(url('/register', { market, templateId: 'nope' }));
      await expect.poll(() => routeOf(page).path).toBe('/promotionEnded');
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      expect(pageErrors).toEqual([]);
      await page.context().close();
    });
  }
});
