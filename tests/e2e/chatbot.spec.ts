import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bridgeMessages, fieldsOf, isCall, routeOf, stubIosBridge, startHarness, type Harness } from './harness';

// Seed QA tree: categories Pembayaran(1), Pinjaman(2), Penagihan(3), Akun(4); question 11 → answer 111; 13 is an agent jump (action_type 4).
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ locale: 'id-ID' });
});
afterAll(async () => h?.close());

const records = (page: Page) => {
  const list: Record<string, string>[] = [];
  page.on('request', (r) => isCall('/h5-api/v3/user-problem/qa-record')(r) && list.push(fieldsOf(r)));
  return list;
};
const openBot = async (before?: (p: Page) => Promise<void>) =>
  (await h.openScreen('/intelligentCustomerService', { query: { selectedIndex: '0', orderNo: 'SB1003' }, before }))
    .page;
/** The tab's icon: decorative (empty alt) and actually loaded from the static assets; null when it has none. */
const iconOf = (page: Page, tab: string) =>
  page.getByRole('tab', { name: tab }).evaluate((el) => {
    const img = el.querySelector('img');
    return img && { alt: img.getAttribute('alt'), loaded: img.complete && img.naturalWidth > 0 };
  });
const openAnswer = async (page: Page) => {
  await page.getByRole('button', { name: 'Bagaimana cara membayar tagihan?' }).click();
  await page.getByText('Buka Detail Tagihan, pilih metode pembayaran, lalu ikuti langkahnya.').waitFor();
};

describe('help entry', () => {
  it('offers four problem types; each opens the chatbot with selectedIndex, orderNo and the params', async () => {
    const { page } = await h.openScreen('/complainNewPage');
    await page.getByRole('button', { name: 'Semua', exact: true }).waitFor();
    expect(await page.getByRole('radio').count()).toBe(4);
    await h.screenshot(page, 'complain-new-page');
    await page.getByRole('radio', { name: 'Pembayaran' }).click();
    await expect.poll(() => routeOf(page).path).toBe('/intelligentCustomerService');
    const { query } = routeOf(page);
    expect(query.get('selectedIndex')).toBe('1');
    expect(query.get('orderNo')).toBe('SB1001');
    expect(query.get('deviceId')).toBe('dev-e2e');
    await page.context().close();
  });
});

describe('chatbot', () => {
  it('greets, shows categories as tabs and the questions of the selected one', async () => {
    const page = await openBot();
    await page.getByText('Halo! Ada yang bisa kami bantu? Pilih kategori di bawah.').waitFor();
    expect(await page.getByRole('tab').count()).toBe(4);
    expect(await page.getByRole('tab', { name: 'Pembayaran' }).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('button', { name: 'Bagaimana cara membayar tagihan?' }).waitFor();
    for (const name of ['Pembayaran', 'Pinjaman', 'Penagihan', 'Akun'])
      await expect.poll(() => iconOf(page, name)).toEqual({ alt: '', loaded: true });
    await h.screenshot(page, 'intelligent-customer-service');
    await page.getByRole('tab', { name: 'Akun' }).click();
    await page.getByRole('button', { name: 'Cara mengganti nomor telepon' }).waitFor();
    await page.context().close();
  });

  it('only the first four categories get an icon', async () => {
    // The seed has four categories: the backend sends a fifth one here.
    const page = await openBot(async (p) => {
      await p.route('**/sandbox/h5-api/v3/user-problem/get-qa-list?*', async (route) => {
        const response = await route.fetch();
        const body = await response.json();
        if (new URL(route.request().url()).searchParams.get('pid') === '0')
          body.data.answerList.push({ ...body.data.answerList[3], id: 5, title_local: 'Lainnya' });
        await route.fulfill({ response, json: body });
      });
    });
    await page.getByRole('tab', { name: 'Lainnya' }).waitFor();
    expect(await page.getByRole('tab').count()).toBe(5);
    for (const name of ['Pembayaran', 'Pinjaman', 'Penagihan', 'Akun'])
      await expect.poll(() => iconOf(page, name)).toEqual({ alt: '', loaded: true });
    expect(await iconOf(page, 'Lainnya')).toBeNull();
    await page.context().close();
  });

  it('an agent answer is recorded (type 1) and opens the complaint form', async () => {
    const page = await openBot();
    const sent = records(page);
    await page.getByRole('button', { name: 'Hubungi agen tentang pembayaran' }).click();
    await expect.poll(() => routeOf(page).path).toBe('/complainPageNext');
    expect(sent).toEqual([expect.objectContaining({ type: '1', qaId: '13', orderNo: 'SB1003' })]);
    expect(routeOf(page).query.get('orderNo')).toBe('SB1003');
    await page.context().close();
  });

  it('not helpful only records; helpful records and rates: below 4 shows the server text', async () => {
    const page = await openBot();
    const sent = records(page);
    await openAnswer(page);
    await page.getByRole('button', { name: 'Tidak membantu' }).click();
    await page.getByText('Terima kasih atas masukan Anda.').waitFor();
    expect(sent).toEqual([expect.objectContaining({ type: '2', value: '2', qaId: '111' })]);
    expect(await page.getByRole('dialog').count()).toBe(0);

    await page.getByRole('tab', { name: 'Pinjaman' }).click();
    await page.getByRole('tab', { name: 'Pembayaran' }).click();
    await openAnswer(page);
    await page.getByRole('button', { name: 'Membantu', exact: true }).click();
    const rate = page.getByRole('dialog', { name: 'Nilai layanan kami' });
    await rate.waitFor();
    expect(sent[1]).toMatchObject({ type: '2', value: '1', qaId: '111' });
    expect(await rate.getByRole('radio').count()).toBe(5);
    await rate.getByRole('button', { name: 'Kirim' }).click();
    await page.getByText('Silakan pilih').waitFor();
    await rate.getByRole('radio').nth(1).click();
    await rate.getByRole('button', { name: 'Kirim' }).click();
    const result = page.getByRole('dialog', { name: 'Terima kasih' });
    await result.getByText('Maaf atas pengalaman Anda. Kami akan terus memperbaiki layanan kami.').waitFor();
    expect(sent[2]).toMatchObject({ type: '3', value: '2' });
    await page.context().close();
  });

  it('4 stars or more sends the native rate message', async () => {
    const page = await openBot(stubIosBridge);
    await openAnswer(page);
    await page.getByRole('button', { name: 'Membantu', exact: true }).click();
    const rate = page.getByRole('dialog', { name: 'Nilai layanan kami' });
    await rate.getByRole('radio').nth(4).click();
    await rate.getByRole('button', { name: 'Kirim' }).click();
    await expect.poll(async () => JSON.stringify(await bridgeMessages(page))).toContain('rate');
    const messages = await bridgeMessages(page);
    expect(
      messages.some(
        ([name, body]) =>
          (name === 'rate' || JSON.stringify(body).includes('"rate"')) && JSON.stringify(body).includes('5'),
      ),
    ).toBe(true);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.context().close();
  });

  it('free text must not be empty, is recorded and answered with the server text and a contact-agent button', async () => {
    const page = await openBot();
    const sent = records(page);
    await page
      .getByRole('button', { name: 'Pembayaran' })
      .or(page.getByRole('tab', { name: 'Pembayaran' }))
      .first()
      .waitFor();
    const send = page.getByRole('button', { name: 'Kirim' });
    await send.click();
    await page.getByText('Silakan tulis pertanyaan Anda').first().waitFor();
    expect(sent).toHaveLength(0);
    await page.getByLabel('Tulis pertanyaan Anda').fill('Kapan dana saya cair?');
    await send.click();
    await page
      .getByText('Terima kasih, pesan Anda sudah kami terima. Hubungi agen untuk bantuan lebih lanjut.')
      .waitFor();
    expect(sent).toEqual([expect.objectContaining({ type: '4', value: 'Kapan dana saya cair?' })]);
    await page.getByRole('button', { name: 'Hubungi agen', exact: true }).click();
    await expect.poll(() => routeOf(page).path).toBe('/complainPageNext');
    await page.context().close();
  });
});
