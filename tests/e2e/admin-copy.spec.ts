/**
 * Editing copy (task 2) at 1280×800: key and every locale side by side with the whole text
 * readable (cells wrap and grow, nothing scrolls sideways), filters for missing translations and for
 * keys changed in this draft, where each key is used (screen + node pointer), and a placeholder
 * dropped from a value flagged next to its cell and blocking the save until confirmed.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, expectAxeClean, loginConsole, saveDraft, startConsoleHarness } from './admin-helpers';
import type { Harness } from './harness';

const ID = JSON.parse(fs.readFileSync('screens/texts/id-ID.json', 'utf8')).texts as Record<string, string>;
const LONG = 'legal.terms.definitions.p';

let h: Harness;

beforeAll(async () => {
  h = await startConsoleHarness();
});
afterAll(async () => h?.close());

describe('the copy table', () => {
  it('shows long copy whole, filters missing and changed keys, lists uses and checks placeholders', async () => {
    const { page, pageErrors } = await loginConsole(h, 'ops');
    await saveDraft(page, 'text-set', 'id-ID', (d) => {
      d.texts['ops.onlyIndonesian'] = 'Hanya dalam bahasa Indonesia';
      d.texts['common.retry'] = 'Ulangi';
    });
    await page.goto(`${h.url}/admin#/copy`);
    const search = page.getByLabel('Search texts');
    await search.fill(LONG);
    const cell = page.getByLabel(`${LONG} (id-ID)`, { exact: true });
    await expect.poll(() => cell.inputValue()).toBe(ID[LONG]);
    // The whole text shows: no sideways scroll, no hidden lines, the cell grew past one line.
    const box = await cell.evaluate((el) => ({
      sw: el.scrollWidth,
      cw: el.clientWidth,
      sh: el.scrollHeight,
      ch: el.clientHeight,
      w: el.getBoundingClientRect().width,
    }));
    expect(box.sw).toBeLessThanOrEqual(box.cw);
    expect(box.sh).toBeLessThanOrEqual(box.ch + 1);
    expect(box.ch).toBeGreaterThan(80);
    expect(box.w).toBeGreaterThan(280);
    const before = box.ch;
    await cell.press('Control+End');
    await cell.pressSequentially(
      ' Tambahan kalimat yang cukup panjang untuk menambah satu baris lagi di sel ini, dan satu lagi agar pasti.',
    );
    expect(await cell.evaluate((el) => el.clientHeight)).toBeGreaterThan(before);
    await search.fill('');
    await page.getByLabel('Only changed in this draft').check();
    await page.screenshot({ path: 'tests/e2e/readme/admin-text-table.png' });
    await expectAxeClean(page);

    // Changed in this draft: the saved draft's key and the one typed here, nothing else.
    const keys = async () => (await page.locator('tbody th code.text-table__keyname').allInnerTexts()).sort();
    await expect.poll(keys).toEqual(['common.retry', LONG, 'ops.onlyIndonesian'].sort());
    await page.getByLabel('Only changed in this draft').uncheck();
    // Missing: the key only id-ID has.
    await page.getByLabel('Only missing').check();
    await expect.poll(keys).toContain('ops.onlyIndonesian');
    expect(await page.getByLabel('ops.onlyIndonesian (en-IN)', { exact: true }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    await page.getByLabel('Only missing').uncheck();

    // Used in: the screens and pointers naming the key.
    await search.fill('complaint.myComplaints');
    const row = page.getByRole('row').filter({ has: page.getByText('complaint.myComplaints', { exact: true }) });
    await row.getByText(/Used in \d+ screen/).click();
    const uses = page.getByRole('list', { name: 'complaint.myComplaints is used in' });
    await uses.getByRole('link', { name: 'Keluhan', exact: true }).waitFor();
    expect(await uses.innerText()).toMatch(/complaint-entry\/body\/\S+/);

    // A dropped placeholder is flagged next to its cell and blocks the save until confirmed.
    await search.fill('complaint.reviewPromise');
    const promise = page.getByLabel('complaint.reviewPromise (id-ID)', { exact: true });
    await promise.fill('Kami akan meninjau keluhan Anda segera.');
    await page.getByText('Placeholder drops {days}').waitFor();
    expect(await promise.getAttribute('aria-invalid')).toBe('true');
    const save = page.getByRole('button', { name: /^Save draft/ });
    expect(await save.isDisabled()).toBe(true);
    await page.getByLabel(/Save anyway/).check();
    expect(await save.isDisabled()).toBe(false);
    await page.getByLabel(/Save anyway/).uncheck();
    // Fixing the value lifts the block; the save writes the draft.
    await promise.fill('Kami akan meninjau keluhan Anda dalam {days} hari.');
    expect(await page.getByText('Placeholder drops {days}').count()).toBe(0);
    await save.click();
    await page.getByText('Draft saved.').waitFor();
    const got = await api<{ draft: { content: { texts: Record<string, string> } } }>(
      page,
      'GET',
      '/documents/text-set/id-ID',
    );
    expect(got.body.draft.content.texts['complaint.reviewPromise']).toBe(
      'Kami akan meninjau keluhan Anda dalam {days} hari.',
    );
    expect(got.body.draft.content.texts[LONG]).toMatch(/dan satu lagi agar pasti\.$/);
    expect(pageErrors).toEqual([]);
  });
});
