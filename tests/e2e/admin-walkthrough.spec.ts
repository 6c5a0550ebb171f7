/**
 * The README walkthrough "change a label and publish it", as a browser test that also takes its
 * screenshots (tests/e2e/readme/admin-walkthrough-<n>.png, 1280×800; the borrower's phone at 375×667):
 * 1 log in · 2 find the label · 3 edit it and save the draft (the preview shows it) · 4 review the
 * diff · 5 publish with a note · 6 the borrower sees it.
 */
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleLoaded, DESKTOP, openDocument, openSection, PASSWORD, startConsoleHarness } from './admin-helpers';
import type { Harness } from './harness';

const KEY = 'complaint.myComplaints';
const OLD = JSON.parse(fs.readFileSync('screens/texts/id-ID.json', 'utf8')).texts[KEY] as string;
const NEW = 'Pengaduan saya';
const BORROWER = '/complaint?market=ID&deviceId=dev-e2e&token=walkthrough&platform=ios';

let h: Harness;
beforeAll(async () => {
  h = await startConsoleHarness();
  fs.mkdirSync('tests/e2e/readme', { recursive: true });
});
afterAll(async () => h?.close());

const shot = (page: Page, n: number) => page.screenshot({ path: `tests/e2e/readme/admin-walkthrough-${n}.png` });

describe('README walkthrough: change a label and publish it', () => {
  it('takes six steps', async () => {
    const { page, pageErrors } = await h.openPage('/admin', { viewport: DESKTOP });
    // 1. Log in.
    await page.getByLabel('User name').fill('ops');
    await page.getByLabel('Password').fill(PASSWORD);
    await shot(page, 1);
    await page.getByRole('button', { name: 'Log in' }).click();
    await consoleLoaded(page);

    // 2. Find the label in the copy table.
    await openDocument(page, 'text-set', 'id-ID');
    await page.getByLabel('Search texts').fill(KEY);
    const cell = page.getByLabel(`${KEY} (id-ID)`, { exact: true });
    await expect.poll(() => cell.inputValue()).toBe(OLD);
    await shot(page, 2);

    // 3. Edit it and save the draft: the preview beside runs the draft.
    await cell.fill(NEW);
    await page.getByRole('button', { name: /Save draft/ }).click();
    await page.getByText('Draft saved.').waitFor();
    const showPreview = page.getByRole('button', { name: 'Show preview' });
    if (await showPreview.count()) await showPreview.click();
    await page.getByLabel('Preview route').fill('/complaint');
    await page
      .frameLocator('iframe[title="Draft preview"]')
      .getByRole('link', { name: NEW, exact: true })
      .waitFor({ timeout: 15000 });
    await shot(page, 3);

    // 4. Review what will change.
    await openSection(page, /Publish|Review/);
    const diff = page.getByRole('table', { name: 'Changes in text-set id-ID' });
    await expect.poll(() => diff.innerText()).toMatch(new RegExp(`${KEY}[\\s\\S]*${OLD}[\\s\\S]*${NEW}`));
    await page.getByRole('heading', { name: /no errors/ }).waitFor();
    await shot(page, 4);

    // 5. Publish with a note.
    await page.getByLabel('Note').fill('Shorter complaint link');
    await page.getByRole('button', { name: /^Publish 1 document/ }).click();
    await page.getByText('Published 1 document(s).').waitFor();
    await shot(page, 5);

    // 6. The borrower's next page load shows it.
    const { page: phone } = await h.openPage(BORROWER);
    await phone.getByRole('link', { name: NEW, exact: true }).waitFor({ timeout: 15000 });
    await phone.screenshot({ path: 'tests/e2e/readme/admin-walkthrough-6.png' });
    expect(pageErrors).toEqual([]);
  });
});
