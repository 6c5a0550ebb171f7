/**
 * Finding things in the ops console (task 1): a navigation grouped for people with human
 * titles and statuses (a draft says who drafted it, a broken draft says it has errors), and a search
 * box from anywhere: "Keluhan" lists the text keys whose copy holds it and the screens using them;
 * picking a key opens the copy table filtered to it, picking a screen opens it; the URL follows, so
 * Back returns to the previous page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAxeClean, loginConsole, PASSWORD, saveDraft, startConsoleHarness } from './admin-helpers';
import type { Harness } from './harness';

let h: Harness;

beforeAll(async () => {
  h = await startConsoleHarness();
  await h.addUser('ani', 'editor', PASSWORD);
});
afterAll(async () => h?.close());

describe('finding things in the console', () => {
  it('groups the navigation with titles and statuses, and searches keys, copy and screens', async () => {
    const ani = await loginConsole(h, 'ani');
    await saveDraft(ani.page, 'screen', 'complaint-list', (d) => (d.description = `${d.description} (reviewed)`));
    // A draft naming a key no text set has: the would-be state has an error in this file.
    await saveDraft(ani.page, 'screen', 'not-found', (d) => (d.body[0].key = 'ops.noSuchKey'));

    const { page, pageErrors } = await loginConsole(h, 'ops');
    const nav = page.getByRole('navigation', { name: 'Console' });
    for (const group of [
      'Copy',
      'Markets',
      'Screens: complaints',
      'Screens: repayment',
      'Screens: loans',
      'Screens: site',
      'Screens: landing',
      'Routes and API',
      'Landing pages',
      'Publishing',
    ]) {
      await nav.getByRole('heading', { name: group, exact: true }).waitFor();
    }
    // Human titles from the screens' title keys (id-ID), the id beside them, and the status.
    const entry = (id: string) => nav.getByRole('link', { name: new RegExp(`(^|\\s)${id}(\\s|$)`) });
    await expect
      .poll(() => entry('complaint-list').innerText())
      .toMatch(/Keluhan saya[\s\S]*complaint-list[\s\S]*draft by ani/);
    await expect.poll(() => entry('not-found').innerText()).toMatch(/has errors/);
    expect(await entry('complaint-entry').innerText()).toMatch(/Keluhan[\s\S]*published/);
    expect(await nav.getByRole('link', { name: /Indonesia \(ID\)/ }).count()).toBe(1);
    expect(await nav.getByRole('link', { name: /Route map/ }).count()).toBe(1);
    await page.screenshot({ path: 'tests/e2e/readme/admin-navigation.png' });
    await expectAxeClean(page);

    // Search from the top bar: the keys whose copy says "Keluhan" and the screens using them.
    const search = page.getByRole('searchbox', { name: 'Search documents, text keys and copy' });
    await search.fill('Keluhan');
    const results = page.getByRole('listbox', { name: 'Search results' });
    await results.getByRole('option', { name: /^title\.complaintEntry: Keluhan$/ }).waitFor();
    await results.getByRole('option', { name: /^complaint\.myComplaints: Keluhan saya/ }).waitFor();
    await results.getByRole('option', { name: /\(screen complaint-entry\)/ }).waitFor();
    await page.screenshot({ path: 'tests/e2e/readme/admin-search.png' });
    await expectAxeClean(page);

    // A key opens the copy table filtered to that key.
    await results.getByRole('option', { name: /^complaint\.myComplaints:/ }).click();
    await page.waitForURL(/#\/copy\?key=complaint\.myComplaints$/);
    const cell = page.getByLabel('complaint.myComplaints (id-ID)', { exact: true });
    await expect.poll(() => cell.inputValue()).toBe('Keluhan saya');
    expect(await page.getByRole('table').locator('tbody tr').count()).toBe(1);

    // A screen opens its page (the screen editor); Back returns to the filtered copy table.
    await search.fill('Keluhan');
    await results.getByRole('option', { name: /\(screen complaint-entry\)/ }).click();
    await page.waitForURL(/#\/doc\/screen\/complaint-entry$/);
    await page.getByRole('tree', { name: 'Outline' }).waitFor();
    expect(await entry('complaint-entry').getAttribute('aria-current')).toBe('page');
    await page.goBack();
    await page.waitForURL(/#\/copy\?key=complaint\.myComplaints$/);
    await cell.waitFor();

    // A linked page opens as linked (a fresh load of the URL).
    await page.goto(`${h.url}/admin#/doc/market/IN`);
    await page.getByRole('heading', { name: 'Market IN', exact: true }).waitFor();
    expect(pageErrors).toEqual([]);
  });
});
