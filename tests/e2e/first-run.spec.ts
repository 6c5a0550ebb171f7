/**
 * The first minutes on a fresh store: /admin with no account explains the one command that creates the
 * first (instead of a login form that cannot succeed), and shows the login once that command has run.
 */
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_ACCOUNT_COMMAND } from '../../config-server/admin/first-account';
import { axeViolations, describeViolations } from './axe';
import { startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ env: {}, log: () => {} });
});
afterAll(async () => h?.close());

describe('empty console', () => {
  it('explains how to create the first account, then logs in once it exists', async () => {
    const { page, pageErrors } = await h.openPage('/admin', { viewport: { width: 1280, height: 800 } });
    await page.getByRole('heading', { name: 'Ops console: create the first account' }).waitFor();
    expect(await page.getByText(FIRST_ACCOUNT_COMMAND).isVisible()).toBe(true);
    expect(await page.getByLabel('Password').count()).toBe(0);
    expect(describeViolations(await axeViolations(page))).toBe('');
    await page.screenshot({ path: 'tests/e2e/readme/admin-first-account.png' });

    // The documented command, against this store (DATA_DIR), with a password of our own.
    const run = spawnSync('npx', ['tsx', 'config-server/cli/create-user.ts', '--user', 'ops', '--role', 'publisher'], {
      env: { ...process.env, DATA_DIR: h.dataDir, ADMIN_PASSWORD: 'correct horse battery' },
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
    await page.getByRole('button', { name: 'I have created it: check again' }).click();
    await page.getByLabel('User name').fill('ops');
    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('ops (publisher)').waitFor();
    expect(pageErrors).toEqual([]);
    await page.context().close();
  });
});
