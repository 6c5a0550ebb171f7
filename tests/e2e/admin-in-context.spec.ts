/**
 * Editing copy in context (task 3): in the phone-frame preview of a screen, "Edit text"
 * mode turns a click on a piece of text into its key's copy in a field beside the frame (the frame's
 * own DOM is not edited); saving writes the text-set draft and the preview reloads with the change.
 * The borrower page stays as published.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, expectAxeClean, loginConsole, startConsoleHarness } from './admin-helpers';
import type { Harness } from './harness';

const OLD = JSON.parse(fs.readFileSync('screens/texts/id-ID.json', 'utf8')).texts['complaint.myComplaints'] as string;
const NEW = 'Pengaduan saya (langsung)';

let h: Harness;

beforeAll(async () => {
  h = await startConsoleHarness();
});
afterAll(async () => h?.close());

describe('editing copy in the preview', () => {
  it('picks a text on the previewed screen, edits its key, saves and sees the new copy', async () => {
    const { page, pageErrors } = await loginConsole(h, 'ops');
    await page.goto(`${h.url}/admin#/doc/screen/complaint-entry`);
    // The page's draft preview sits beside the JSON view (the screen editor has its own canvas).
    await page.getByRole('tab', { name: 'JSON' }).click();
    const frame = page.frameLocator('iframe[title="Draft preview"]');
    await frame.getByRole('link', { name: OLD, exact: true }).waitFor({ timeout: 15000 });

    await page.getByRole('button', { name: 'Edit text' }).click();
    expect(await page.getByRole('button', { name: 'Edit text' }).getAttribute('aria-pressed')).toBe('true');
    const url = page.url();
    await frame.getByRole('link', { name: OLD, exact: true }).click();
    const editor = page.getByRole('group', { name: 'Edit text in context' });
    await editor.waitFor();
    // The key the screen uses comes first when other keys share the same copy.
    const key = editor.getByLabel('Text key').or(editor.getByText('complaint.myComplaints'));
    expect(await key.first().evaluate((el) => (el instanceof HTMLSelectElement ? el.value : el.textContent))).toBe(
      'complaint.myComplaints',
    );
    // The click did not follow the link inside the frame.
    await frame.getByRole('link', { name: OLD, exact: true }).waitFor();
    expect(page.url()).toBe(url);

    const field = editor.getByLabel('Copy (id-ID)');
    expect(await field.inputValue()).toBe(OLD);
    await field.fill(NEW);
    await page.screenshot({ path: 'tests/e2e/readme/admin-in-context.png' });
    await expectAxeClean(page);
    await editor.getByRole('button', { name: 'Save text draft' }).click();
    await page.getByText('Saved complaint.myComplaints (id-ID) as a draft.').waitFor();
    await frame.getByRole('link', { name: NEW, exact: true }).waitFor({ timeout: 15000 });

    const got = await api<{ draft: { content: { texts: Record<string, string> } } }>(
      page,
      'GET',
      '/documents/text-set/id-ID',
    );
    expect(got.body.draft.content.texts['complaint.myComplaints']).toBe(NEW);
    // Edit mode survives the reload: another click picks again.
    await frame.getByRole('link', { name: NEW, exact: true }).click();
    await editor.waitFor();
    expect(await editor.getByLabel('Copy (id-ID)').inputValue()).toBe(NEW);
    expect(pageErrors).toEqual([]);
  });
});
