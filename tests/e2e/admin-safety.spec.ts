/**
 * Safety (task 8), in real Chromium with several people:
 * - leaving with unsaved edits asks first: switching console section, and closing the tab;
 * - a 412 (Pat saved meanwhile) shows both versions, merges mine on top of theirs, loses nothing;
 * - the session ending mid-edit opens a login dialog over the page; after logging in the save goes through;
 * - a viewer sees every section read-only, with no edit or publish controls.
 */
import fs from 'node:fs';
import type { Dialog, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  expectAxeClean,
  loginConsole,
  openDocument,
  openSection,
  PASSWORD,
  saveDraft,
  startConsoleHarness,
} from './admin-helpers';
import type { Harness } from './harness';

const NOT_FOUND = JSON.parse(fs.readFileSync('screens/pages/not-found.json', 'utf8'));
const pretty = (v: unknown) => JSON.stringify(v, null, 2) + '\n';

let h: Harness;

beforeAll(async () => {
  h = await startConsoleHarness();
  await h.addUser('ed', 'editor', PASSWORD);
  await h.addUser('pat', 'editor', PASSWORD);
  await h.addUser('vera', 'viewer', PASSWORD);
});
afterAll(async () => h?.close());

async function openScreenJson(page: Page, id: string) {
  await openDocument(page, 'screen', id);
  // Screens open in the screen editor; its JSON tab shows the same draft as text.
  await page.getByRole('tab', { name: 'JSON' }).click();
  const editor = page.getByLabel(`JSON of screen ${id}`);
  await editor.waitFor();
  return editor;
}

/** Replaces the editor's whole text, as typing would (one undoable change). */
async function replaceText(page: Page, editor: ReturnType<Page['getByLabel']>, text: string) {
  await editor.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.insertText(text);
}

const draftOf = async (page: Page, id: string) =>
  (await api<{ draft: { content: typeof NOT_FOUND } | null }>(page, 'GET', `/documents/screen/${id}`)).body.draft
    ?.content;

describe('console safety', () => {
  it('asks before leaving unsaved edits (console navigation and closing the tab)', async () => {
    const { page, pageErrors } = await loginConsole(h, 'ed');
    const editor = await openScreenJson(page, 'not-found');
    await replaceText(page, editor, pretty({ ...NOT_FOUND, description: 'unsaved words' }));
    const dialogs: Dialog[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d);
      void d.dismiss();
    });
    await openSection(page, /Audit/);
    await expect.poll(() => dialogs.length).toBe(1);
    expect(dialogs[0].type()).toBe('confirm');
    expect(dialogs[0].message()).toMatch(/unsaved changes[\s\S]*screen not-found/);
    expect(await editor.innerText()).toContain('unsaved words');

    await page.close({ runBeforeUnload: true });
    await expect.poll(() => dialogs.length).toBe(2);
    expect(dialogs[1].type()).toBe('beforeunload');
    expect(page.isClosed()).toBe(false);
    expect(await editor.innerText()).toContain('unsaved words');
    expect(pageErrors).toEqual([]);
  });

  it('on 412 shows their version against mine and merges mine on top of theirs', async () => {
    const ed = await loginConsole(h, 'ed');
    const pat = await loginConsole(h, 'pat');
    const editor = await openScreenJson(ed.page, 'not-available');
    const base = JSON.parse(
      await api<{ published: { content: unknown } }>(ed.page, 'GET', '/documents/screen/not-available').then((r) =>
        JSON.stringify(r.body.published.content),
      ),
    );
    const mine = structuredClone(base);
    mine.body[0].variant = mine.body[0].variant === 'title' ? 'body' : 'title';
    await replaceText(ed.page, editor, pretty(mine));

    await saveDraft(pat.page, 'screen', 'not-available', (d) => (d.description = 'Pat was here first'));

    await ed.page.getByRole('button', { name: 'Save draft' }).click();
    const conflict = ed.page.getByRole('region', { name: /pat saved screen not-available while you were editing/ });
    await conflict.waitFor();
    const diff = conflict.getByRole('table', { name: 'Their version → your text' });
    expect(await diff.innerText()).toMatch(/\/description[\s\S]*Pat was here first/);
    expect(await diff.innerText()).toMatch(/\/body\/0\/variant/);
    await h.screenshot(ed.page, 'admin-conflict');
    await expectAxeClean(ed.page);
    await conflict.getByRole('button', { name: 'Take mine on top of theirs' }).click();
    await ed.page.getByText('Your changes are now on top of theirs: check, then save.').waitFor();
    await ed.page.getByRole('button', { name: 'Save draft' }).click();
    await ed.page.getByText('Draft saved.').waitFor();
    const saved = await draftOf(ed.page, 'not-available');
    expect(saved.description).toBe('Pat was here first');
    expect(saved.body[0].variant).toBe(mine.body[0].variant);
    expect([...ed.pageErrors, ...pat.pageErrors]).toEqual([]);
  });

  it('keeps the typed text when the session ends: log in over the page, the save goes through', async () => {
    const { page, pageErrors } = await loginConsole(h, 'ed');
    const editor = await openScreenJson(page, 'not-found');
    await replaceText(page, editor, pretty({ ...NOT_FOUND, description: 'typed before the session ended' }));
    await page.context().clearCookies();
    // The editor's own background requests (validation, preview) may meet the ended session first: then the dialog is
    // already over the page, the click cannot land, and the editor saves after logging in.
    const save = page.getByRole('button', { name: 'Save draft' });
    const clicked = await save.click({ timeout: 3000 }).then(
      () => true,
      () => false,
    );
    const dialog = page.getByRole('dialog', { name: 'Your session has ended' });
    await dialog.waitFor();
    await expectAxeClean(page);
    await dialog.getByLabel('Password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Log in and continue' }).click();
    if (!clicked) await save.click();
    await page.getByText('Draft saved.').waitFor();
    expect(await dialog.isVisible()).toBe(false);
    expect((await draftOf(page, 'not-found')).description).toBe('typed before the session ended');
    expect(await editor.innerText()).toContain('typed before the session ended');
    expect(pageErrors).toEqual([]);
  });

  it('shows a viewer every section read-only, with no edit or publish controls', async () => {
    const ed = await loginConsole(h, 'ed');
    await saveDraft(ed.page, 'text-set', 'id-ID', (d) => (d.texts['common.retry'] = 'Ulangi'));
    const { page, pageErrors } = await loginConsole(h, 'vera');
    const forbidden = /^(Save|Publish|Roll back|Discard|New from|Pause|Resume|Delete|Take mine)/;
    // Every section: the tabs when the console has tabs, else the sections of its navigation.
    const tabs = (await page.getByRole('tab').allInnerTexts()).map((t) => new RegExp(`^${t}$`));
    for (const name of tabs.length ? tabs : [/Landing/, /Review|Publish/, /Audit/]) {
      await openSection(page, name);
      await page.waitForTimeout(400);
      expect(await page.getByRole('button', { name: forbidden }).count(), `section ${name}`).toBe(0);
      await expectAxeClean(page);
    }
    // Each kind of document: the JSON editor is read-only; the text table and the market form have no save.
    for (const doc of ['screen not-found', 'text-set id-ID', 'market ID', 'route-map default']) {
      const [kind, id] = doc.split(' ');
      await openDocument(page, kind, id);
      await page.waitForTimeout(400);
      expect(await page.getByRole('button', { name: forbidden }).count(), doc).toBe(0);
      // Every visible field that holds document content is read-only (search boxes and the preview's route are not content).
      for (const input of await page
        .locator('main input:not([type=search]):not([type=checkbox]):not([type=radio]), main textarea')
        .all()) {
        const name = await input.evaluate((e) =>
          ((e as HTMLInputElement).labels?.[0]?.textContent ?? e.getAttribute('aria-label') ?? '').trim(),
        );
        if (/^(Preview|Search|Filter)/.test(name) || !(await input.isVisible())) continue;
        expect(await input.isEditable(), `${doc}: ${name}`).toBe(false);
      }
    }
    const json = page.getByLabel('JSON of screen not-found');
    await openDocument(page, 'screen', 'not-found');
    await page.getByRole('tab', { name: 'JSON' }).click();
    expect(await json.getAttribute('contenteditable')).toBe('false');
    expect(pageErrors).toEqual([]);
  });
});
