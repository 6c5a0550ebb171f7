/**
 * The JSON editor (task 4b): undo/redo, Ctrl/Cmd+S saves the draft, schema errors at
 * their line, and the draft preview beside it.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, expectAxeClean, loginConsole, openDocument, PASSWORD } from './admin-helpers';
import { startHarness, type Harness } from './harness';

const NOT_FOUND = JSON.parse(fs.readFileSync('screens/pages/not-found.json', 'utf8'));
const pretty = (v: unknown) => JSON.stringify(v, null, 2) + '\n';

let h: Harness;

beforeAll(async () => {
  h = await startHarness({ env: { ADMIN_USER: 'ed', ADMIN_PASSWORD: PASSWORD, ADMIN_ROLE: 'editor' }, log: () => {} });
});
afterAll(async () => h?.close());

describe('JSON editor', () => {
  it('undoes and redoes, shows errors at their line, saves with Ctrl+S, previews beside', async () => {
    const { page, pageErrors } = await loginConsole(h, 'ed');
    await openDocument(page, 'screen', 'not-found');
    // Screens open in the screen editor; the JSON tab is the same draft as text.
    await page.getByRole('tab', { name: 'JSON' }).click();
    const editor = page.getByLabel('JSON of screen not-found');
    await editor.waitFor();
    await editor.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.insertText(pretty({ ...NOT_FOUND, description: 'first edit' }));
    expect(await editor.innerText()).toContain('first edit');

    await page.keyboard.press('Control+Z');
    await expect.poll(() => editor.innerText()).toContain(NOT_FOUND.description);
    expect(await editor.innerText()).not.toContain('first edit');
    await page.keyboard.press('Control+Shift+Z');
    await expect.poll(() => editor.innerText()).toContain('first edit');

    // A schema error is drawn at its line and listed with it.
    const broken = pretty({ ...NOT_FOUND, body: [{ ...NOT_FOUND.body[0], variant: 42 }, NOT_FOUND.body[1]] });
    const line = broken.split('\n').findIndex((l) => l.includes('"variant": 42')) + 1;
    await page.keyboard.press('Control+A');
    await page.keyboard.insertText(broken);
    const errors = page.getByRole('list', { name: 'Schema errors' });
    await errors.waitFor();
    expect(await errors.innerText()).toMatch(new RegExp(`line ${line}: /body/0/variant`));
    expect(await page.locator('.cm-lint-marker-error').count()).toBeGreaterThan(0);

    await page.keyboard.press('Control+A');
    await page.keyboard.insertText(pretty({ ...NOT_FOUND, description: 'saved with the keyboard' }));
    await page.keyboard.press('Control+S');
    await page.getByText('Draft saved.').waitFor();
    const rec = await api<{ draft: { content: { description: string } } }>(page, 'GET', '/documents/screen/not-found');
    expect(rec.body.draft.content.description).toBe('saved with the keyboard');

    // Ctrl+S also saves with the focus outside the editor (not the browser's "save page").
    await editor.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.insertText(pretty({ ...NOT_FOUND, description: 'saved from outside' }));
    await page.getByRole('button', { name: 'Check with all drafts' }).focus();
    await page.keyboard.press('Control+S');
    await expect
      .poll(
        async () =>
          (await api<{ draft: { content: { description: string } } }>(page, 'GET', '/documents/screen/not-found')).body
            .draft.content.description,
      )
      .toBe('saved from outside');

    // The preview runs beside the editor.
    const frame = page.locator('iframe[title="Draft preview"]');
    await frame.waitFor();
    // Measured once both are shown: under load the editor once had no box at this point (a CI run of 2026-11-29).
    await editor.waitFor();
    const [e, f] = [await editor.boundingBox(), await frame.boundingBox()];
    // Beside, not below: to the right of the editor and overlapping it vertically.
    expect(f!.x).toBeGreaterThan(e!.x);
    expect(f!.y).toBeLessThan(e!.y + e!.height);
    await expectAxeClean(page);
    expect(pageErrors).toEqual([]);
  });
});
