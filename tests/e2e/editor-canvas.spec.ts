/**
 * The screen editor's canvas in Chromium: the real renderer in the phone frame draws the unsaved draft.
 * A click in the frame selects that node in the outline (the page does not react), selecting in the outline outlines
 * the node in the frame, the states menu opens a modal, an edit redraws the frame without reloading it, and the
 * other market draws the same draft with its own copy; once saved, the review shows the change as before/after
 * pictures beside its diff.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginConsole, openSection, startConsoleHarness } from './admin-helpers';
import type { Harness } from './harness';

const texts = (locale: string) =>
  JSON.parse(fs.readFileSync(`screens/texts/${locale}.json`, 'utf8')).texts as Record<string, string>;
const ID = texts('id-ID');
const IN = texts('en-IN');
/** The cancel button in complain-details' rating modal. */
const CANCEL = '/body/0/children/1/children/1/children/0';

let h: Harness;

beforeAll(async () => {
  h = await startConsoleHarness();
});
afterAll(async () => h?.close());

describe('editor canvas', () => {
  it('click selects, outline outlines, states menu opens a modal, edits redraw in place, both markets, review pictures', async () => {
    const { page, pageErrors } = await loginConsole(h, 'ops');
    await page.goto(`${h.url}/admin#/doc/screen/complain-details`);
    const frameEl = page.locator('iframe[title^="Canvas: the draft screen"]');
    const canvas = page.frameLocator('iframe[title^="Canvas: the draft screen"]');
    const selectedRow = () => page.locator('[role="treeitem"][aria-selected="true"]').getAttribute('data-pointer');

    // The draft is drawn in the frame, each node marked with its pointer.
    await canvas.locator('sdui-node[data-sdui-pointer="/body/0"]').waitFor({ state: 'attached', timeout: 20000 });
    // Select mode is on once the frame's preview listens (the canvas asks for it then).
    await canvas.locator('html[data-sdui-select]').waitFor({ state: 'attached' });
    const heading = canvas.getByRole('heading', { name: ID['title.complainDetails'] });
    await heading.click();
    await expect.poll(selectedRow).toBe('/body/0');

    // The states menu: the rating modal, open, drawn by the real Modal widget.
    await page.getByLabel('Preview state').selectOption({ label: 'modal #rating open' });
    const dialog = canvas.getByRole('dialog', { name: ID['complaint.rateTitle'] });
    await dialog.waitFor({ timeout: 15000 });
    // Its cancel button, clicked in select mode, selects the button; the page does not close the modal.
    const cancel = dialog.getByRole('button', { name: ID['common.cancel'] });
    await cancel.click();
    await expect.poll(selectedRow).toBe(CANCEL);
    expect(await dialog.isVisible()).toBe(true);
    const outlined = canvas.locator('#sdui-preview-selected');
    await expect.poll(() => outlined.textContent()).toContain(CANCEL);
    expect(await cancel.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');

    // Selecting in the outline outlines the node in the frame.
    await page.locator('[role="treeitem"][data-pointer="/body/0/children/1"]').click();
    await expect.poll(() => outlined.textContent()).toContain('"/body/0/children/1"');

    // An edit (duplicate the cancel button) is drawn in the same frame, not a reloaded one.
    await canvas.locator('body').evaluate(() => void ((window as { __sameFrame?: boolean }).__sameFrame = true));
    await page.locator(`[role="treeitem"][data-pointer="${CANCEL}"]`).click();
    await page.getByRole('toolbar', { name: 'Outline commands' }).getByRole('button', { name: 'Duplicate' }).click();
    await expect
      .poll(() => dialog.getByRole('button', { name: ID['common.cancel'] }).count(), { timeout: 10000 })
      .toBe(2);
    expect(await canvas.locator('body').evaluate(() => (window as { __sameFrame?: boolean }).__sameFrame)).toBe(true);
    await page.screenshot({ path: 'tests/e2e/readme/editor-canvas.png' });

    // The other market: its own frame (bundle and copy), the same draft and state.
    await page.getByRole('group', { name: 'Market' }).getByRole('button', { name: 'IN' }).click();
    expect(await frameEl.getAttribute('src')).toContain('market=IN');
    await canvas.getByRole('dialog', { name: IN['complaint.rateTitle'] }).waitFor({ timeout: 20000 });
    expect(await canvas.getByRole('button', { name: IN['common.cancel'] }).count()).toBe(2);

    // A visible change (the page node twice), saved: the review shows it as before/after pictures beside the diff.
    await page.locator('[role="treeitem"][data-pointer="/body/0"]').click();
    await page.getByRole('toolbar', { name: 'Outline commands' }).getByRole('button', { name: 'Duplicate' }).click();
    const inHeading = canvas.locator('h1', { hasText: IN['title.complainDetails'] });
    await expect.poll(() => inHeading.count(), { timeout: 10000 }).toBe(2);
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText('Draft saved.').waitFor();
    await openSection(page, /Publish|Review/);
    const card = page.getByRole('article').filter({ hasText: 'screen complain-details' });
    await card.getByRole('table', { name: 'Changes in screen complain-details' }).waitFor();
    const pictures = card.getByRole('group', { name: /^Pictures of screen complain-details/ });
    await pictures.scrollIntoViewIfNeeded();
    const headings = (label: string) =>
      page
        .frameLocator(`iframe[title="${label}: screen complain-details"]`)
        .locator('h1', { hasText: ID['title.complainDetails'] });
    await expect.poll(() => headings('Published (before)').count(), { timeout: 20000 }).toBe(1);
    await expect.poll(() => headings('Draft (after)').count(), { timeout: 20000 }).toBe(2);
    for (const f of await pictures.locator('iframe').all()) expect(await f.getAttribute('inert')).not.toBeNull();
    await pictures.screenshot({ path: 'tests/e2e/readme/review-pictures.png' });
    expect(pageErrors).toEqual([]);
  });
});
