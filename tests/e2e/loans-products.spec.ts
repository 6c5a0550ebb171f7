import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, describeViolations } from './axe';
import { bridgeMessages, fieldsOf, isCall, routeOf, stubIosBridge, startHarness, type Harness } from './harness';

// Seed (config-server/sandbox/seed.ts) scenes: relevant [103, 105, 102], precise [105, 101], lucky-bag [104, 102, 106 (full,
// button disabled)], full []. The market's limits.sceneGroups names precise and lucky-bag scenes (module ids 301 / 302), others 300.
// India's sandbox (seed-in.ts) has the same products under English names.
const PRODUCT = {
  ID: {
    101: 'Dana Kilat',
    102: 'Pinjam Cepat',
    103: 'Kredit Pintar',
    104: 'Uang Mudah',
    105: 'Tunai Plus',
    106: 'Modal Usaha',
  },
  IN: {
    101: 'Rupee Express',
    102: 'Quick Rupee',
    103: 'Smart Credit',
    104: 'Easy Money',
    105: 'Cash Plus',
    106: 'Business Capital',
  },
} as const;
type ProductId = keyof (typeof PRODUCT)['ID'];
const WORDS = {
  ID: {
    rate: '0,1%/hari',
    range: 'Jumlah pinjaman',
    full: 'Penuh',
    error: 'Login gagal: akun Anda belum dapat masuk ke produk ini.',
    notice: 'Coba produk lain yang direkomendasikan untuk Anda.',
  },
  IN: {
    rate: '0.1%/day',
    range: 'Loan amount',
    full: 'Full',
    error: 'Login failed: your account cannot sign in to this product yet.',
    notice: 'Try another product recommended for you.',
  },
};
const TITLE = {
  ID: { relevant: 'Produk rekomendasi', special: 'Pengajuan Khusus' },
  IN: { relevant: 'Recommended products', special: 'Special application' },
};

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  fs.mkdirSync('tests/e2e/readme', { recursive: true });
});
afterAll(async () => h?.close());

const open = (
  route: string,
  market: 'ID' | 'IN',
  query: Record<string, string> = {},
  before: (p: Page) => Promise<void> = stubIosBridge,
) => h.openScreen(route, { query: { market, ...query }, before });

const cards = (page: Page) => page.locator('#products .sdui-card');

function record(page: Page, path: string) {
  const calls: Record<string, string>[] = [];
  page.on('request', (r) => isCall(path)(r) && calls.push(fieldsOf(r)));
  return calls;
}

describe('recommended products', () => {
  const cases = [
    {
      route: '/relevant',
      market: 'ID',
      scene: 'relevant',
      title: TITLE.ID.relevant,
      ids: [103, 105, 102],
      moduleId: '300',
      shot: 'loans-relevant-id',
    },
    {
      route: '/keen',
      market: 'IN',
      scene: 'lucky-bag',
      title: TITLE.IN.relevant,
      ids: [104, 102, 106],
      moduleId: '302',
      shot: 'loans-relevant-in',
    },
    {
      route: '/specialApply',
      market: 'ID',
      scene: 'precise',
      title: TITLE.ID.special,
      ids: [105, 101],
      moduleId: '301',
      shot: 'loans-special-apply-id',
    },
    {
      route: '/specialApply',
      market: 'IN',
      scene: 'home',
      title: TITLE.IN.special,
      ids: [101, 102, 103, 104, 105, 106],
      moduleId: '300',
      shot: 'loans-special-apply-in',
    },
  ] as const;
  for (const c of cases) {
    it(`${c.route} ${c.market} scene ${c.scene}: every product from data, tags on the first two only, a tap saves the event and applies with module id ${c.moduleId}`, async () => {
      const { page, pageErrors } = await open(c.route, c.market, { scene: c.scene });
      await page.getByRole('heading', { name: c.title }).waitFor();
      const ids: readonly ProductId[] = c.ids;
      await expect.poll(() => cards(page).count()).toBe(ids.length);
      for (const [i, id] of ids.entries()) {
        const card = cards(page).nth(i);
        await card.getByText(PRODUCT[c.market][id], { exact: true }).waitFor();
        expect(await card.locator('.sdui-tag').count(), `tags of product ${i}`).toBe(i < 2 ? (id === 103 ? 1 : 2) : 0);
        expect(await card.locator('img').count()).toBe(1);
      }
      await page.getByText(WORDS[c.market].rate).first().waitFor();
      await page.getByText(WORDS[c.market].range).first().waitFor();
      await page.screenshot({ path: `tests/e2e/readme/${c.shot}.png`, fullPage: true });
      expect(describeViolations(await axeViolations(page))).toBe('');
      // A full product's button is disabled.
      if (ids.includes(106)) {
        const full = cards(page).nth(ids.indexOf(106));
        expect(await full.getByRole('button', { name: WORDS[c.market].full }).isDisabled()).toBe(true);
      }

      const events = record(page, '/indah/pageEvent/save');
      const applies = record(page, '/indah/v3/product/apply');
      const position = 1;
      await cards(page).nth(position).getByRole('button').click();
      await page.waitForURL(/\/sandbox\/pages\/product/);
      expect(events).toEqual([expect.objectContaining({ moduleId: c.moduleId, positionId: String(position) })]);
      expect(applies).toEqual([
        expect.objectContaining({ product_id: events[0].productId, module_id: c.moduleId, scene: c.scene }),
      ]);
      expect(new URL(page.url()).searchParams.get('from')).toBe('apply');
      expect(pageErrors).toEqual([]);
      await page.context().close();
    });
  }

  for (const market of ['ID', 'IN'] as const) {
    it(`${market}: an empty list says applications are full today, and its button sends the go-home message`, async () => {
      const { page } = await open('/relevant', market, { scene: 'full' });
      const empty = page.locator('#products-empty');
      await empty
        .getByText(market === 'ID' ? 'Kuota pengajuan hari ini sudah penuh' : "Today's applications are full")
        .waitFor();
      await empty.getByText(market === 'ID' ? 'Silakan coba lagi besok.' : 'Please try again tomorrow.').waitFor();
      await page.screenshot({ path: `tests/e2e/readme/loans-relevant-empty-${market.toLowerCase()}.png` });
      expect(describeViolations(await axeViolations(page))).toBe('');
      await empty.getByRole('button').click();
      await expect.poll(async () => JSON.stringify(await bridgeMessages(page))).toContain('goHome');
      await page.context().close();
    });
  }

  it('bad data: a product without logo, tags or button text, a garbage item and a non-http apply url keep the page up and follow nothing', async () => {
    const { page, logs, pageErrors } = await open('/relevant', 'ID', { scene: 'relevant' }, async (p) => {
      await stubIosBridge(p);
      await p.route('**/sandbox/indah/v3/product/recommend-product-list**', (r) =>
        r.fulfill({
          json: {
            code: 0,
            message: 'ok',
            data: {
              list: [{ id: 103, productName: 'Tanpa Logo', productTags: 'oops', buttonStatus: 1 }, 'garbage', null],
            },
          },
        }),
      );
      await p.route('**/sandbox/indah/v3/product/apply**', (r) =>
        r.fulfill({ json: { code: 0, message: 'ok', data: { url: 'javascript:alert(1)' } } }),
      );
    });
    await page.getByText('Tanpa Logo').waitFor();
    expect(await cards(page).first().locator('img').count()).toBe(0);
    await cards(page).first().getByRole('button', { name: 'Ajukan' }).click();
    await page.waitForTimeout(300);
    expect(routeOf(page).path).toBe('/relevant');
    expect(logs.join('\n')).toContain('refused URL');
    expect(pageErrors).toEqual([]);
    await page.context().close();
  });
});

describe('joint-login failure', () => {
  it('shows the error and notice texts and every product; a product with state 0 is not tappable; axe in both markets', async () => {
    for (const [market, route] of [
      ['ID', '/jointLoginFailure'],
      ['IN', '/broad'],
    ] as const) {
      const { page, pageErrors } = await open(route, market);
      await page.getByText(WORDS[market].error).waitFor();
      await page.getByText(WORDS[market].notice).waitFor();
      for (const id of [101, 102, 103, 105] as const)
        await page.getByRole('button', { name: new RegExp(`^${PRODUCT[market][id]}`) }).waitFor();
      for (const name of [PRODUCT[market][104], PRODUCT[market][106]]) {
        await page.getByText(name, { exact: true }).waitFor();
        expect(await page.getByRole('button', { name }).count()).toBe(0);
      }
      await page.screenshot({
        path: `tests/e2e/readme/loans-joint-login-failure-${market.toLowerCase()}.png`,
        fullPage: true,
      });
      expect(describeViolations(await axeViolations(page))).toBe('');
      const clicks = record(page, '/joint/click');
      await page.getByText(PRODUCT[market][104], { exact: true }).click();
      await page.waitForTimeout(300);
      expect(clicks).toEqual([]);
      expect(pageErrors).toEqual([]);
      await page.context().close();
    }
  });

  it('a tap registers a click, then an http jump link opens in the page', async () => {
    const { page } = await open('/jointLoginFailure', 'ID');
    const clicks = record(page, '/joint/click');
    const links = record(page, '/joint/jump-link');
    await page.getByRole('button', { name: 'Dana Kilat' }).click();
    await page.waitForURL(/\/sandbox\/pages\/product\?productId=101/);
    expect(clicks).toEqual([expect.objectContaining({ productId: '101' })]);
    expect(links).toEqual([expect.objectContaining({ productId: '101' })]);
    await page.context().close();
  });

  it('any other jump link goes to the native bridge and the page stays', async () => {
    const { page } = await open('/jointLoginFailure', 'IN');
    await page.getByRole('button', { name: PRODUCT.IN[102] }).click();
    await expect
      .poll(async () => JSON.stringify(await bridgeMessages(page)))
      .toContain('cashloan://product/detail?productId=102');
    const [name] = (await bridgeMessages(page)).find(([, body]) => JSON.stringify(body).includes('cashloan://'))!;
    expect(name).toBe('openPage');
    expect(routeOf(page).path).toBe('/jointLoginFailure');
    await page.context().close();
  });

  it('a failed jump link and a non-zero list status toast the server message', async () => {
    const { page } = await open('/jointLoginFailure', 'ID', {}, async (p) => {
      await stubIosBridge(p);
      await p.route('**/sandbox/joint/jump-link**', (r) =>
        r.fulfill({ json: { status: 7, message: 'Produk sedang penuh', data: null } }),
      );
    });
    await page.getByRole('button', { name: 'Kredit Pintar' }).click();
    await page.locator('.sdui-toast').filter({ hasText: 'Produk sedang penuh' }).first().waitFor();
    await page.screenshot({ path: 'tests/e2e/readme/loans-joint-login-failure-toast.png' });
    expect(routeOf(page).path).toBe('/jointLoginFailure');
    await page.context().close();

    const list = await open('/jointLoginFailure', 'ID', {}, async (p) => {
      await p.route('**/sandbox/joint/recommend-list**', (r) =>
        r.fulfill({ json: { status: 3, message: 'Sesi berakhir', data: null } }),
      );
    });
    await list.page.locator('.sdui-toast').filter({ hasText: 'Sesi berakhir' }).first().waitFor();
    expect(list.pageErrors).toEqual([]);
    await list.page.context().close();
  });
});
