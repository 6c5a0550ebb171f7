/**
 * The screen editor, played by an ops editor who never opens the JSON view, on the complaint entry screen:
 * 1 adds an image (uploaded through the media route) above the order card (and indents it by keyboard, then undoes
 * that), 2 gives it a new copy key in both locales,
 * 3 moves "Keluhan saya" below the problem types with the keyboard, 4 changes where a problem type navigates to
 * from the route picker of its `navigate` step, 5 previews both markets, 6 sees the review's before/after pictures,
 * 7 publishes to 10 %. A borrower in the candidate sees the change and goes where the new target says; a borrower on
 * the base does not. Also writes the console guide's pictures (tests/e2e/readme/admin-editor-*.png, 1280×800).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAxeClean, loginConsole, openDocument, openSection, startConsoleHarness } from './admin-helpers';
import { PNG, routeOf, type Harness } from './harness';

const ALT_KEY = 'complaint.helpBanner';
const ALT_ID = 'Kami siap membantu';
const ALT_EN = 'We are here to help';

let h: Harness;
beforeAll(async () => {
  h = await startConsoleHarness();
});
afterAll(async () => h?.close());

const shot = (page: Page, name: string) => page.screenshot({ path: `tests/e2e/readme/admin-editor-${name}.png` });

/** A device the release serves `arm` of complaint-entry (by the screen's X-Config-Release header). */
async function deviceIn(arm: 'candidate' | 'base'): Promise<string> {
  for (let i = 0; i < 400; i++) {
    const deviceId = `editor-${arm}-${i}`;
    const r = await fetch(`${h.url}/config/v1/screens/complaint-entry?market=ID&deviceId=${deviceId}`);
    await r.arrayBuffer();
    if ((r.headers.get('x-config-release') ?? '').endsWith(`=${arm}`)) return deviceId;
  }
  throw new Error(`no device in the ${arm} arm among 400`);
}

describe('screen editor: an ops editor changes complaint entry without JSON', () => {
  it('adds, names, moves, retargets, previews, reviews and publishes to 10 %', async () => {
    const { page, pageErrors } = await loginConsole(h, 'ops');
    await openDocument(page, 'screen', 'complaint-entry');
    await expect.poll(() => page.getByRole('tab', { name: 'Editor' }).getAttribute('aria-selected')).toBe('true');
    const tree = page.getByRole('tree', { name: 'Outline' });
    const props = page.locator('.screen-editor__properties');
    const frame = page.frameLocator('.screen-editor__canvas iframe');

    // 1. An image above the order card: inserted after it from the palette, moved up with the keyboard, uploaded.
    await tree.getByRole('treeitem', { name: /^card Pesanan yang dipilih/ }).click();
    await page.getByLabel('Where').selectOption({ label: 'after this card in the "children" of stack' });
    await page.getByRole('list', { name: 'node types' }).getByRole('button', { name: 'image', exact: true }).click();
    const image = tree.getByRole('treeitem', { name: /^image/, selected: true });
    await image.focus();
    await page.keyboard.press('Alt+ArrowUp');
    /** The rows at the stack's level (3), by their accessible names, top to bottom. */
    const order = async () =>
      [...(await tree.ariaSnapshot()).matchAll(/treeitem "([^"]*)"[^\n]*\[level=3\]/g)].map((m) => m[1]!);
    expect((await order()).findIndex((t) => t.startsWith('image'))).toBe(
      (await order()).findIndex((t) => t.startsWith('card')) - 1,
    );
    // Indent by keyboard (into the row above, a level deeper), then undo it.
    const level = () => tree.getByRole('treeitem', { selected: true }).getAttribute('aria-level');
    await page.keyboard.press('Alt+ArrowRight');
    await expect.poll(level).toBe('4');
    await page.keyboard.press('Control+z');
    await expect.poll(level).toBe('3');
    const chooser = page.waitForEvent('filechooser');
    await props.getByRole('button', { name: 'Upload an image' }).click();
    await (await chooser).setFiles({ name: 'help.png', mimeType: 'image/png', buffer: PNG });
    await expect.poll(() => props.getByRole('textbox', { name: 'Src*' }).inputValue()).toMatch(/^\/media\//);
    await props.getByRole('textbox', { name: 'Width' }).fill('320');
    await props.getByRole('textbox', { name: 'Height' }).fill('80');

    // 2. Its alternative text: a new key with both locales, checked before it is taken.
    await props.getByRole('button', { name: 'New key' }).first().click();
    const form = props.getByRole('group', { name: 'New text key' });
    await form.getByRole('textbox', { name: 'New key' }).fill(ALT_KEY);
    await form.getByRole('textbox', { name: 'Copy (id-ID)' }).fill(ALT_ID);
    await form.getByRole('textbox', { name: 'Copy (en-IN)' }).fill(ALT_EN);
    await form.getByRole('button', { name: 'Create and check' }).click();
    await expect.poll(() => props.getByRole('textbox', { name: 'Alt' }).inputValue()).toBe(ALT_KEY);
    await frame.getByRole('img', { name: ALT_ID }).waitFor({ timeout: 15_000 });
    await shot(page, 'image');

    // 3. "Keluhan saya" (its row) below the problem types, by keyboard only.
    const linkRow = tree.getByRole('treeitem', { name: 'row', exact: true }).first();
    await linkRow.click();
    const before = await order();
    const types = before.findIndex((t) => t.startsWith('choice-list Pilih jenis masalah'));
    for (let i = 0; i < types; i++) await page.keyboard.press('Alt+ArrowDown');
    const after = await order();
    expect(after.indexOf('row')).toBe(after.findIndex((t) => t.startsWith('choice-list Pilih jenis masalah')) + 1);

    // 4. Where a problem type goes: the navigate step's target, from the route map.
    await tree.getByRole('treeitem', { name: /^choice-list Pilih jenis masalah/ }).click();
    const step = props.getByRole('listitem', { name: 'Else step 1: navigate' });
    await step.getByRole('combobox', { name: 'To' }).selectOption('/complainNewPage');
    await shot(page, 'action');

    // 5. Both markets in the canvas: the draft's image and the moved link, in each market's copy.
    await frame.getByRole('img', { name: ALT_ID }).waitFor();
    await page.getByRole('group', { name: 'Market' }).getByRole('button', { name: 'IN' }).click();
    await frame.getByRole('img', { name: ALT_EN }).waitFor({ timeout: 15_000 });
    await page.getByRole('group', { name: 'Market' }).getByRole('button', { name: 'ID' }).click();
    await frame.getByRole('img', { name: ALT_ID }).waitFor({ timeout: 15_000 });
    await expectAxeClean(page);
    await shot(page, 'canvas');

    // Save the draft (the copy key's text sets were saved when the key was created).
    await page.getByRole('button', { name: /Save draft/ }).click();
    await page.getByText('Draft saved.').waitFor();

    // 6. Review: the screen's change as before/after pictures beside its structural diff.
    await openSection(page, /Review/);
    const pictures = page.getByRole('group', { name: /^Pictures of screen complaint-entry/ });
    await pictures.waitFor();
    const after6 = pictures.frameLocator('iframe[title^="Draft"]');
    const before6 = pictures.frameLocator('iframe[title^="Published"]');
    await after6.getByRole('img', { name: ALT_ID }).waitFor({ timeout: 20_000 });
    await before6.getByRole('link', { name: 'Keluhan saya' }).waitFor({ timeout: 20_000 });
    expect(await before6.getByRole('img', { name: ALT_ID }).count()).toBe(0);
    await pictures.scrollIntoViewIfNeeded();
    await shot(page, 'review');

    // 7. Publish to 10 %.
    await page.getByLabel('Note').fill('Help banner on complaint entry, to 10 % first');
    await page.getByRole('button', { name: 'Publish to 10 %' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /Published \d+ document\(s\) to 10 % of borrowers as release \S+ \(rolling\)\./ })
      .waitFor();
    expect(pageErrors).toEqual([]);

    // The candidate borrower sees the image and the link below the types, and a type now leads to the new page.
    const candidate = await h.openScreen('/complaint', { query: { deviceId: await deviceIn('candidate') } });
    await candidate.page.getByRole('img', { name: ALT_ID }).waitFor();
    // The types come with the screen's call, after the image: measured before them, the link sits where they will be.
    await candidate.page.getByRole('radio', { name: 'Repayment' }).waitFor();
    const y = async (p: Page, role: 'link' | 'radio', name: string) =>
      (await p.getByRole(role, { name }).boundingBox())!.y;
    expect(await y(candidate.page, 'link', 'Keluhan saya')).toBeGreaterThan(
      await y(candidate.page, 'radio', 'Repayment'),
    );
    await candidate.page.getByRole('radio', { name: 'Repayment' }).click();
    await expect.poll(() => routeOf(candidate.page).path).toBe('/complainNewPage');

    // The base borrower: as before.
    const base = await h.openScreen('/complaint', { query: { deviceId: await deviceIn('base') } });
    await base.page.getByRole('radio', { name: 'Repayment' }).waitFor();
    expect(await base.page.getByRole('img', { name: ALT_ID }).count()).toBe(0);
    expect(await y(base.page, 'link', 'Keluhan saya')).toBeLessThan(await y(base.page, 'radio', 'Repayment'));
    await base.page.getByRole('radio', { name: 'Repayment' }).click();
    await expect.poll(() => routeOf(base.page).path).toBe('/complainPageNext');
  }, 180_000);
});
