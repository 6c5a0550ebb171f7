/**
 * The loan screens' business constants are the market document's: each is changed in the ID market through the admin
 * API (draft, publish), the borrower page is reloaded, and the new behaviour shows. A screen with the literal would not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, type Client } from '../../config-server/testing/test-helpers';
import { PASSWORD, startConsoleHarness } from './admin-helpers';
import { bridgeMessages, fieldsOf, isCall, stubIosBridge, type Harness } from './harness';

let h: Harness;
let ops: Client;

beforeAll(async () => {
  h = await startConsoleHarness();
  ops = await login(h.url, 'ops', PASSWORD);
});
afterAll(async () => h?.close());

/** Changes limits of the ID market as an ops publisher would: load, save a draft with If-Match, publish. */
async function publishLimits(change: (limits: Record<string, any>) => void) {
  const path = '/admin/api/documents/market/ID';
  const r = await ops.req('GET', path);
  expect(r.status).toBe(200);
  const rec = await r.json();
  const content = structuredClone(rec.draft?.content ?? rec.published.content);
  change(content.limits);
  const saved = await ops.req('PUT', `${path}/draft`, content, { 'if-match': r.headers.get('etag')! });
  expect(saved.status, await saved.clone().text()).toBe(200);
  const pub = await ops.req('POST', '/admin/api/publish', {
    documents: [{ kind: 'market', id: 'ID' }],
    note: 'e2e: loan constants',
  });
  expect(pub.status, await pub.clone().text()).toBe(200);
}

const openDetails = (orderId: number, productId: number) =>
  h.openScreen('/loanDetails', {
    query: { productId: String(productId), orderId: String(orderId) },
    before: stubIosBridge,
  });

describe('loan constants come from the market document', () => {
  it('scene table: a scene added to sceneGroups.precise sends the precise module id, itself editable', async () => {
    await publishLimits((l) => {
      l.sceneGroups.precise = [...l.sceneGroups.precise, 'relevant'];
      l.sceneModuleIds.precise = 311;
    });
    const { page } = await h.openScreen('/relevant', { query: { scene: 'relevant' } });
    const events: Record<string, string>[] = [];
    page.on('request', (r) => isCall('/indah/pageEvent/save')(r) && events.push(fieldsOf(r)));
    await page.locator('#products .sdui-card').first().getByRole('button').click();
    await expect.poll(() => events.length).toBe(1);
    expect(events[0]).toMatchObject({ moduleId: '311', positionId: '0' });
    await page.context().close();
  });

  it('recommendTagsFirst 2 → 1: only the first product shows its tags', async () => {
    await publishLimits((l) => {
      l.recommendTagsFirst = 1;
    });
    const { page } = await h.openScreen('/relevant', { query: { scene: 'relevant' } });
    const cards = page.locator('#products .sdui-card');
    await expect.poll(() => cards.count()).toBe(3);
    expect(await cards.nth(0).locator('.sdui-tag').count()).toBe(1);
    expect(await cards.nth(1).locator('.sdui-tag').count()).toBe(0);
    await page.context().close();
  });

  it('orderStatuses: pictures, repay, extension and loan-more lists are the market’s', async () => {
    await publishLimits((l) => {
      l.orderStatuses.withPicture = l.orderStatuses.withPicture.filter((s: number) => s !== 180);
      l.orderStatuses.defaultPicture = 110;
      l.orderStatuses.repayWithExtension = l.orderStatuses.repayWithExtension.filter((s: number) => s !== 174);
      l.orderStatuses.loanMore = [...l.orderStatuses.loanMore, 174];
    });
    const overdue = (await openDetails(1004, 103)).page;
    await expect
      .poll(() => overdue.locator('#loan-status-picture').getAttribute('src'))
      .toBe('/icons/loan-status/110.svg');
    await overdue.context().close();
    const repaying = (await openDetails(1003, 101)).page;
    await repaying.getByRole('button', { name: 'Pinjam lagi' }).waitFor();
    expect(await repaying.getByRole('button', { name: 'Bayar sekarang' }).count()).toBe(0);
    expect(await repaying.getByRole('link', { name: 'Perpanjang tenor' }).count()).toBe(0);
    await repaying.context().close();
  });

  it('loanMoreModuleId, nativeRatingMinScore and googleScore', async () => {
    await publishLimits((l) => {
      l.loanMoreModuleId = 31;
      l.nativeRatingMinScore = 3;
      l.googleScore = 4;
    });
    const { page } = await openDetails(1009, 104);
    const events: Record<string, string>[] = [];
    const scores: Record<string, string>[] = [];
    page.on('request', (r) => isCall('/service/event/save')(r) && events.push(fieldsOf(r)));
    page.on('request', (r) => isCall('/v3/loan-details/google-score')(r) && scores.push(fieldsOf(r)));
    const dialog = page.getByRole('dialog', { name: 'Beri nilai aplikasi kami' });
    await dialog.getByRole('radio').nth(2).click(); // 3 stars now reach the native rating
    await dialog.getByRole('button', { name: 'Kirim' }).click();
    await expect.poll(async () => (await bridgeMessages(page)).map(([name]) => name)).toContain('rate');
    expect(scores).toEqual([expect.objectContaining({ score: '4' })]);
    await page.getByRole('button', { name: 'Pinjam lagi' }).click();
    await expect.poll(() => events.length).toBe(1);
    expect(events[0]).toMatchObject({ moduleId: '31', positionId: '0' });
    await page.context().close();
  });
});
