/**
 * The ops console end to end, in real Chromium against the real server (temp store, first admin
 * from ADMIN_USER/ADMIN_PASSWORD): change the id-ID "My complaints" label of the complaint entry,
 * see it in the draft preview (and not yet on the borrower page), publish, see it on the
 * borrower page's next load, roll back, see the old text again.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../config-server/server';

const CHROMIUM = ['/usr/bin/chromium', '/usr/lib/chromium/chromium'].find((p) => fs.existsSync(p));
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const ARTIFACTS = path.resolve('tests/e2e/artifacts');
const OLD = JSON.parse(fs.readFileSync('screens/texts/id-ID.json', 'utf8')).texts['complaint.myComplaints'] as string;
const NEW = 'Pengaduan saya (uji ops)';
const BORROWER = '/complaint?market=ID&deviceId=dev-e2e&token=admin-e2e&platform=ios';

let dataDir: string;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  if (!CHROMIUM) throw new Error('Chromium is missing: run `apt-get install -y chromium` (browser tests never skip)');
  if (!fs.existsSync('dist/renderer/index.html')) throw new Error('dist/renderer is missing: run `npm run build` (npm run test:e2e does it)');
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sdui-admin-e2e-'));
  server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    pollMs: 0,
    env: { ADMIN_USER: 'ops', ADMIN_PASSWORD: 'correct horse battery', ADMIN_ROLE: 'publisher' },
    log: () => {},
  });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  fs.mkdirSync(ARTIFACTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function borrowerLink(page: Page, name: string) {
  await page.goto(server.url + BORROWER);
  return page.getByRole('link', { name, exact: true });
}

describe('ops console', () => {
  it('edits a label, previews the draft, publishes it, then rolls it back', async () => {
    const borrower = await (await browser.newContext({ viewport: { width: 375, height: 667 } })).newPage();
    await expect.poll(async () => (await borrowerLink(borrower, OLD)).isVisible(), { timeout: 15000 }).toBe(true);

    const admin = await (await browser.newContext({ viewport: { width: 1400, height: 1000 } })).newPage();
    const errors: string[] = [];
    admin.on('pageerror', (e) => errors.push(e.message));
    await admin.goto(`${server.url}/admin`);
    await admin.getByLabel('User name').fill('ops');
    await admin.getByLabel('Password').fill('wrong password');
    await admin.getByRole('button', { name: 'Log in' }).click();
    await admin.getByRole('alert').filter({ hasText: 'Wrong user name or password' }).waitFor();
    await admin.getByLabel('Password').fill('correct horse battery');
    await admin.getByRole('button', { name: 'Log in' }).click();
    await admin.getByText('ops (publisher)').waitFor();

    // Edit the id-ID cell in the side-by-side table and save the draft.
    await admin.getByRole('button', { name: 'text-set id-ID' }).click();
    await admin.getByLabel('Search texts').fill('complaint.myComplaints');
    const cell = admin.getByLabel('complaint.myComplaints (id-ID)', { exact: true });
    await expect.poll(() => cell.inputValue()).toBe(OLD);
    await cell.fill(NEW);
    await admin.getByRole('button', { name: /Save draft/ }).click();
    await admin.getByText('Draft saved.').waitFor();

    // The phone-sized preview runs the real renderer on the drafts.
    await admin.getByLabel('Preview route').fill('/complaint');
    const frame = admin.frameLocator('iframe[title="Draft preview"]');
    await frame.getByRole('link', { name: NEW, exact: true }).waitFor({ timeout: 15000 });
    const box = await admin.locator('iframe[title="Draft preview"]').boundingBox();
    expect([Math.round(box!.width), Math.round(box!.height)]).toEqual([375 + 16, 667 + 16]);
    await admin.screenshot({ path: path.join(ARTIFACTS, 'admin-preview.png') });

    // A draft is not public.
    expect(await (await borrowerLink(borrower, OLD)).isVisible()).toBe(true);

    // Publish with a note.
    await admin.getByRole('tab', { name: 'Publish' }).click();
    await admin.getByText(/complaint\.myComplaints/).first().waitFor();
    await admin.getByLabel('Note').fill('Clearer complaint link');
    await admin.getByRole('button', { name: /^Publish 1 document/ }).click();
    await admin.getByText('Published 1 document(s).').waitFor();

    const published = await borrowerLink(borrower, NEW);
    await published.waitFor({ timeout: 5000 });

    // Roll back from the document's history.
    await admin.getByRole('tab', { name: 'Documents' }).click();
    await admin.getByRole('button', { name: 'text-set id-ID' }).click();
    await admin.getByRole('button', { name: 'Compare v1' }).click();
    await admin.getByRole('list', { name: 'Diff to version 1' }).getByText(OLD).waitFor();
    await admin.getByLabel('Reason').fill('Back to the approved wording');
    await admin.getByRole('button', { name: 'Roll back to v1' }).click();
    await admin.getByText('Version 1 restored as a new published version.').waitFor();

    await (await borrowerLink(borrower, OLD)).waitFor({ timeout: 5000 });

    // The audit log tells who did what.
    await admin.getByRole('tab', { name: 'Audit log' }).click();
    await admin.getByRole('cell', { name: 'Back to the approved wording' }).waitFor();
    await admin.getByRole('cell', { name: 'Clearer complaint link' }).waitFor();
    expect(errors).toEqual([]);
  });
});
