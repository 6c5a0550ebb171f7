/**
 * Marketing edits a landing page's sections in the console's screen editor, never opening the JSON view:
 * the registration form's required parts stay (the section cannot be deleted, unticking the captcha is refused with
 * a sentence), a paragraph with a new copy key in both locales goes above the form, a publisher publishes, and the
 * visitor's page, drawn by the server and hydrated by the app, shows the paragraph above the form.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAxeClean, loginConsole, openSection, PASSWORD, startConsoleHarness } from './admin-helpers';
import { ARTIFACTS, commonParams, holdAppScripts, screenVisible, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startConsoleHarness({ serverPrefetch: true });
  await h.addUser('mia', 'editor', PASSWORD);
});
afterAll(async () => h?.close());

const KEY = 'landing.default.promoNote';
const COPY = { 'id-ID': 'Bunga 0% untuk 7 hari pertama', 'en-IN': '0% interest for the first 7 days' };

describe('landing sections in the screen editor', () => {
  it('marketing adds a paragraph above the registration form and publishes it; the required parts stay', async () => {
    const { page: admin, pageErrors } = await loginConsole(h, 'mia');
    await openSection(admin, /^Landing pages/);
    await admin.getByRole('button', { name: 'Edit sections of default' }).click();
    const editorTab = admin.getByRole('tab', { name: 'Editor' });
    if ((await editorTab.getAttribute('aria-selected')) !== 'true') await editorTab.click();
    const tree = admin.getByRole('tree', { name: 'Outline' });
    const registration = tree.getByRole('treeitem').filter({ hasText: 'registration' });
    await registration.waitFor();
    expect(await tree.getByRole('treeitem').count()).toBe(1);

    // The registration section cannot be deleted: the dialog says why and offers no Delete.
    await registration.click();
    expect(await registration.textContent()).toMatch(/required: .*no registration section/);
    await admin.getByRole('toolbar', { name: 'Outline commands' }).getByRole('button', { name: 'Delete…' }).click();
    const dialog = admin.getByRole('alertdialog');
    await dialog.getByText(/It cannot be deleted/).waitFor();
    expect(await dialog.getByRole('button', { name: 'Delete', exact: true }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Unticking a required part (the captcha) is refused in words, and the draft cannot be saved so.
    const fields = admin.getByLabel('Fields');
    await fields.selectOption([{ label: 'mobile' }, { label: 'smsCode' }, { label: 'apply' }]);
    await admin
      .getByText(/the registration form's image captcha cannot be removed/)
      .first()
      .waitFor();
    await admin.getByRole('button', { name: 'Save draft' }).click();
    // Give a save that should not happen the time it would take.
    await admin.waitForTimeout(1000);
    const saved = await admin.evaluate(() =>
      fetch('/admin/api/documents/landing-template/default').then((r) => r.json()),
    );
    expect(saved.draft).toBeNull();
    await admin.getByRole('toolbar', { name: 'Editor' }).getByRole('button', { name: 'Undo' }).click();
    // The refused save's note may stay in the status line; the draft itself has no problem left.
    await admin.getByText('No schema problems').waitFor();
    expect(
      await admin
        .getByLabel('Fields')
        .evaluate((s) => [...(s as HTMLSelectElement).selectedOptions].map((o) => o.text)),
    ).toEqual(['mobile', 'captcha', 'smsCode', 'apply']);

    // A paragraph after the form, with a new copy key in both locales, then moved above the form.
    await registration.click();
    await admin.getByRole('list', { name: 'landing-section types' }).getByRole('button', { name: 'text' }).click();
    const added = tree.getByRole('treeitem').nth(1);
    await expect.poll(() => added.getAttribute('aria-selected')).toBe('true');
    await admin.getByRole('button', { name: 'New key' }).first().click();
    const newKey = admin.getByRole('group', { name: 'New text key' });
    await newKey.getByLabel('New key').fill(KEY);
    await newKey.getByLabel('Copy (id-ID)').fill(COPY['id-ID']);
    await newKey.getByLabel('Copy (en-IN)').fill(COPY['en-IN']);
    await newKey.getByRole('button', { name: 'Create and check' }).click();
    // The copy checks find nothing (same figures in both locales): the key is used at once.
    await newKey.waitFor({ state: 'detached' });
    await expect.poll(() => added.textContent()).toContain(COPY['id-ID']);
    await admin.getByRole('toolbar', { name: 'Outline commands' }).getByRole('button', { name: 'Move up' }).click();
    await expect.poll(() => tree.getByRole('treeitem').first().textContent()).toContain(COPY['id-ID']);
    await expectAxeClean(admin);
    await admin.getByRole('button', { name: 'Save draft' }).click();
    await expect
      .poll(async () => {
        const r = await admin.evaluate(() =>
          fetch('/admin/api/documents/landing-template/default').then((x) => x.json()),
        );
        return r.draft?.content.sections.map((s: { section: string }) => s.section);
      })
      .toEqual(['text', 'registration']);
    await h.screenshot(admin, 'landing-sections-editor');
    fs.copyFileSync(
      path.join(ARTIFACTS, 'landing-sections-editor.png'),
      'tests/e2e/readme/landing-sections-editor.png',
    );

    // A second person publishes: the template and the new key in both text sets.
    const { page: publisher, pageErrors: publisherErrors } = await loginConsole(h, 'ops');
    await openSection(publisher, /Publish|Review/);
    await publisher.getByRole('textbox', { name: 'Note' }).fill('Landing: promo note above the form');
    await publisher.getByRole('button', { name: /^Publish \d+ document/ }).click();
    // The same figures in both locales: copy QA has nothing to warn about.
    await publisher.getByText(/^Published \d+ document\(s\)\.$/).waitFor({ timeout: 15000 });

    // The visitor: the server draws the paragraph above the form before any script runs, and the app hydrates that
    // drawing (the same nodes, no mismatch) rather than drawing it again.
    const query = new URLSearchParams({ ...commonParams(`sections-${Date.now()}`), templateId: 'default' });
    const visitor = await h.newPage();
    const scripts = await holdAppScripts(visitor.page);
    await visitor.page.goto(`${h.url}/register?${query}`, { waitUntil: 'commit' });
    const note = visitor.page.getByText(COPY['id-ID'], { exact: true });
    const heading = visitor.page.getByRole('heading', { name: 'Pinjaman tunai cepat', level: 1 });
    await note.waitFor();
    const above = await note.evaluate(
      (n, h1) => !!(n.compareDocumentPosition(h1 as Node) & Node.DOCUMENT_POSITION_FOLLOWING),
      await heading.elementHandle(),
    );
    expect(above).toBe(true);
    await note.evaluate((n) => void ((n as unknown as { drawn: boolean }).drawn = true));
    scripts.release();
    await screenVisible(visitor.page);
    expect(await note.evaluate((n) => (n as unknown as { drawn?: boolean }).drawn)).toBe(true);
    await visitor.page.getByRole('button', { name: 'Ajukan sekarang' }).waitFor();
    expect(visitor.logs.filter((l) => /hydrat/i.test(l))).toEqual([]);
    expect(visitor.pageErrors).toEqual([]);
    expect(pageErrors).toEqual([]);
    expect(publisherErrors).toEqual([]);
  });
});
