/**
 * The ops console end to end, in real Chromium against the real server (temp store, first admin
 * from ADMIN_USER/ADMIN_PASSWORD): change the id-ID "My complaints" label of the complaint entry,
 * see it in the draft preview (and not yet on the borrower page), publish, see it on the
 * borrower page's next load, roll back, see the old text again.
 */
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDocument, openSection } from './admin-helpers';
import { startHarness, type Harness } from './harness';

const OLD = JSON.parse(fs.readFileSync('screens/texts/id-ID.json', 'utf8')).texts['complaint.myComplaints'] as string;
const NEW = 'Pengaduan saya (uji ops)';
const BORROWER = '/complaint?market=ID&deviceId=dev-e2e&token=admin-e2e&platform=ios';

let h: Harness;

beforeAll(async () => {
  h = await startHarness({
    env: { ADMIN_USER: 'ops', ADMIN_PASSWORD: 'correct horse battery', ADMIN_ROLE: 'publisher' },
    log: () => {},
  });
});

afterAll(async () => h?.close());

async function borrowerLink(page: Page, name: string) {
  await page.goto(h.url + BORROWER);
  return page.getByRole('link', { name, exact: true });
}

describe('ops console', () => {
  it('edits a label, previews the draft, publishes it, then rolls it back', async () => {
    const { page: borrower } = await h.newPage();
    await expect.poll(async () => (await borrowerLink(borrower, OLD)).isVisible(), { timeout: 15000 }).toBe(true);

    const { page: admin, pageErrors: errors } = await h.openPage('/admin', { viewport: { width: 1400, height: 1000 } });
    await admin.getByLabel('User name').fill('ops');
    await admin.getByLabel('Password').fill('wrong password');
    await admin.getByRole('button', { name: 'Log in' }).click();
    await admin.getByRole('alert').filter({ hasText: 'Wrong user name or password' }).waitFor();
    await admin.getByLabel('Password').fill('correct horse battery');
    await admin.getByRole('button', { name: 'Log in' }).click();
    await admin.getByText('ops (publisher)').waitFor();

    // Edit the id-ID cell in the side-by-side table and save the draft.
    await openDocument(admin, 'text-set', 'id-ID');
    await admin.getByLabel('Search texts').fill('complaint.myComplaints');
    const cell = admin.getByLabel('complaint.myComplaints (id-ID)', { exact: true });
    await expect.poll(() => cell.inputValue()).toBe(OLD);
    await cell.fill(NEW);
    await admin.getByRole('button', { name: /Save draft/ }).click();
    await admin.getByText('Draft saved.').waitFor();

    // The phone-sized preview runs the real renderer on the drafts.
    // The copy table keeps the preview folded for width; it opens beside the table.
    await admin.getByRole('button', { name: 'Show preview' }).click();
    await admin.getByLabel('Preview route').fill('/complaint');
    const frame = admin.frameLocator('iframe[title="Draft preview"]');
    await frame.getByRole('link', { name: NEW, exact: true }).waitFor({ timeout: 15000 });
    const box = await admin.locator('iframe[title="Draft preview"]').boundingBox();
    expect([Math.round(box!.width), Math.round(box!.height)]).toEqual([375 + 16, 667 + 16]);
    await h.screenshot(admin, 'admin-preview');

    // A draft is not public.
    expect(await (await borrowerLink(borrower, OLD)).isVisible()).toBe(true);

    // Publish with a note.
    await openSection(admin, /Publish|Review/);
    await admin
      .getByText(/complaint\.myComplaints/)
      .first()
      .waitFor();
    await admin.getByLabel('Note').fill('Clearer complaint link');
    await admin.getByRole('button', { name: /^Publish 1 document/ }).click();
    await admin.getByText('Published 1 document(s).').waitFor();

    const published = await borrowerLink(borrower, NEW);
    await published.waitFor({ timeout: 5000 });

    // Roll back from the document's history.
    await openDocument(admin, 'text-set', 'id-ID');
    await admin.getByRole('button', { name: 'Compare v1' }).click();
    await admin.getByRole('table', { name: 'Diff from v2 to v1' }).getByText(OLD).waitFor();
    await admin.getByLabel('Reason').fill('Back to the approved wording');
    await admin.getByRole('button', { name: 'Roll back to v1' }).click();
    await admin.getByText('Version 1 restored as a new published version.').waitFor();

    await (await borrowerLink(borrower, OLD)).waitFor({ timeout: 5000 });

    // The audit log tells who did what.
    await openSection(admin, /Audit/);
    await admin.getByRole('cell', { name: 'Back to the approved wording' }).waitFor();
    await admin.getByRole('cell', { name: 'Clearer complaint link' }).waitFor();
    expect(errors).toEqual([]);
  });
});
