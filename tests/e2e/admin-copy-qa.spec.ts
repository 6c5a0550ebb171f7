/**
 * Copy QA in the console, at 1280×800: an en-IN plural without `one` is an error at its cell, the
 * one-click fix saves the corrected copy and the change publishes; an id-ID button label longer than its slot is a
 * length warning at the cell, the preview at 320 px lists and outlines the text that overflows the button, and the
 * publish asks for a reason (kept in the audit log) before it ships the warning; axe on the copy table showing
 * findings and on the confirmation dialog.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, expectAxeClean, loginConsole, startConsoleHarness } from './admin-helpers';
import type { Harness } from './harness';

const PROMISE = 'complaint.reviewPromise';
const NO_ONE = 'We will review your complaint within {days, plural, other {# working days}}.';
// One word with no break opportunity: a block button wraps spaces, so only this is wider than 288 px at 320 px.
const LONG_LABEL = 'KirimPengaduanBesertaSeluruhLampiranBukti';

type TextSet = {
  draft: { content: { texts: Record<string, string> } } | null;
  published: { version: number; content: { texts: Record<string, string> } };
};

let h: Harness;

beforeAll(async () => {
  h = await startConsoleHarness();
});
afterAll(async () => h?.close());

describe('copy QA in the console', () => {
  it('an en-IN plural without "one" is an error at the cell, fixed in one click, then published', async () => {
    const { page, pageErrors } = await loginConsole(h, 'ops');
    await page.goto(`${h.url}/admin#/copy`);
    await page.getByLabel('Search texts').fill(PROMISE);
    const cell = page.getByLabel(`${PROMISE} (en-IN)`, { exact: true });
    await cell.fill(NO_ONE);
    await page.getByRole('button', { name: /^Save draft/ }).click();
    await page.getByText('Draft saved.').waitFor();

    const td = page.locator('td').filter({ has: cell });
    const notes = td.getByRole('list', { name: 'Copy checks' });
    await notes.getByText(/Error \(plural-categories\)/).waitFor({ timeout: 10000 });
    expect(await notes.innerText()).toMatch(/lacks "one"/);
    expect(await cell.getAttribute('aria-invalid')).toBe('true');
    // The finding is tied to the field for a screen reader, not only shown beside it.
    expect(await cell.getAttribute('aria-describedby')).toContain(await notes.getAttribute('id'));

    await page.getByLabel('Has findings').check();
    // Every key with findings (the seed copy's too), as an editor triaging them sees the table.
    await page.getByLabel('Search texts').fill('');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: 'tests/e2e/readme/admin-copy-findings.png' });
    await expectAxeClean(page);

    await td.getByRole('button', { name: /Add the missing cases/ }).click();
    await page.getByText('Draft saved.').waitFor();
    await expect.poll(() => td.getByText(/Error \(plural-categories\)/).count()).toBe(0);
    const fixed = (await api<TextSet>(page, 'GET', '/documents/text-set/en-IN')).body.draft!.content.texts[PROMISE]!;
    expect(fixed).toMatch(/one \{# working days\} other \{# working days\}/);
    // Fixed: the key leaves the "has findings" view; all keys shown again, the cell holds the saved fix.
    await expect.poll(() => cell.count()).toBe(0);
    await page.getByLabel('Has findings').uncheck();
    expect(await cell.inputValue()).toBe(fixed);

    await page.goto(`${h.url}/admin#/review`);
    await page.getByLabel('Note').fill('Review promise counts days with a plural');
    const publish = page.getByRole('button', { name: /^Publish \d+ document/ });
    await publish.click();
    const done = page.getByText(/^Published \d+ document\(s\)\.$/);
    const dialog = page.getByRole('dialog', { name: /copy warning/ });
    await done.or(dialog).first().waitFor({ timeout: 15000 });
    if (await dialog.isVisible()) {
      await dialog.getByLabel(/Why publish anyway/).fill('Warnings reviewed: wording agreed with ops');
      await dialog.getByRole('button', { name: 'Publish with warnings' }).click();
      await done.waitFor({ timeout: 15000 });
    }
    const live = (await api<TextSet>(page, 'GET', '/documents/text-set/en-IN')).body;
    expect(live.draft).toBeNull();
    expect(live.published.content.texts[PROMISE]).toBe(fixed);
    expect(pageErrors).toEqual([]);
  });

  it('an id-ID label too long for its button is flagged, and the 320 px preview shows the overflow', async () => {
    const { page, pageErrors } = await loginConsole(h, 'ops');
    await page.goto(`${h.url}/admin#/copy`);
    await page.getByLabel('Search texts').fill('^common.send$');
    const cell = page.getByLabel('common.send (id-ID)', { exact: true });
    await cell.fill(LONG_LABEL);
    await page.getByRole('button', { name: /^Save draft/ }).click();
    await page.getByText('Draft saved.').waitFor();
    const td = page.locator('td').filter({ has: cell });
    await td.getByText(/Warning \(length\)/).waitFor({ timeout: 10000 });
    expect(await td.innerText()).toMatch(/41 characters.*allows 32/s);

    await page.goto(`${h.url}/admin#/doc/screen/complain-page-next`);
    // The page's draft preview sits beside the JSON view (the screen editor has its own canvas).
    await page.getByRole('tab', { name: 'JSON' }).click();
    const frame = page.frameLocator('iframe[title="Draft preview"]');
    // Coming from the copy table the preview stays folded, as it was there.
    const show = page.getByRole('button', { name: 'Show preview' });
    await show.or(page.locator('iframe[title="Draft preview"]')).first().waitFor();
    if (await show.isVisible()) await show.click();
    await frame.getByRole('button', { name: LONG_LABEL }).waitFor({ timeout: 15000 });
    await page.getByRole('button', { name: '320 px' }).click();
    expect(await page.locator('iframe[title="Draft preview"]').getAttribute('width')).toBe('320');
    const list = page.getByRole('list', { name: 'Texts overflowing at 320 px' });
    await list.getByText(LONG_LABEL).waitFor({ timeout: 15000 });
    expect(await list.innerText()).toMatch(/px too wide.*common\.send/s);
    // Outlined in the frame, where the editor sees it.
    const sent = frame.locator('[data-console-overflow]').filter({ hasText: LONG_LABEL });
    expect(await sent.count()).toBe(1);
    const box = await sent.evaluate((el) => ({ sw: el.scrollWidth, cw: el.clientWidth }));
    expect(box.sw).toBeGreaterThan(box.cw);
    await sent.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'tests/e2e/readme/admin-preview-overflow.png' });

    // A new warning publishes only after a confirmation; its reason is kept in the audit log.
    await page.goto(`${h.url}/admin#/review`);
    await page
      .getByRole('list', { name: 'Findings for common.send' })
      .getByText(/id-ID: Warning \(length\)/)
      .waitFor();
    await page.getByLabel('Note').fill('Longer send label for the complaint form');
    await page.getByRole('button', { name: /^Publish \d+ document/ }).click();
    const dialog = page.getByRole('dialog', { name: /Publish with 1 copy warning/ });
    await dialog.waitFor();
    expect(await dialog.innerText()).toMatch(/common\.send \(id-ID\), check length/);
    await expectAxeClean(page);
    const reason = 'Agreed with legal: the full wording is required';
    await dialog.getByLabel(/Why publish anyway/).fill(reason);
    await dialog.getByRole('button', { name: 'Publish with warnings' }).click();
    await page.getByText(/^Published \d+ document\(s\)\.$/).waitFor({ timeout: 15000 });
    const audit = await api(page, 'GET', '/audit?kind=text-set&id=id-ID');
    expect(JSON.stringify(audit.body)).toContain(reason);
    expect(pageErrors).toEqual([]);
  });
});
