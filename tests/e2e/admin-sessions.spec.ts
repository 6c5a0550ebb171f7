/**
 * The sessions page: a person sees where they are logged in and ends another session (its cookie is then refused);
 * a publisher sees everyone's and ends one; the page is axe-clean.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAxeClean, loginConsole, openSection, PASSWORD, startConsoleHarness } from './admin-helpers';
import type { Harness, PageRecord } from './harness';

let h: Harness;

beforeAll(async () => {
  h = await startConsoleHarness();
  await h.addUser('ed', 'editor', PASSWORD);
});
afterAll(async () => h?.close());

const me = async (rec: PageRecord) => (await rec.page.request.get(`${h.url}/admin/api/me`)).status();

describe('sessions page', () => {
  it("lists my sessions and ends the other browser's: its cookie gets 401", async () => {
    const laptop = await loginConsole(h, 'ed');
    const phone = await loginConsole(h, 'ed');
    expect(await me(phone)).toBe(200);

    const { page, pageErrors } = laptop;
    await openSection(page, /^Sessions$/);
    const table = page.getByRole('table', { name: 'Your sessions' });
    await expect.poll(() => table.getByRole('row').count()).toBe(3);
    expect(await table.getByText('This browser').count()).toBe(1);
    expect(await table.innerText()).toMatch(/127\.0\.0\.1/);
    await expectAxeClean(page);
    await h.screenshot(page, 'admin-sessions-editor');

    await table.getByRole('button', { name: /End this session/ }).click();
    await expect.poll(() => page.getByRole('status').innerText()).toMatch(/^Ended your session started /);
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    expect(await me(phone)).toBe(401);
    expect(await me(laptop)).toBe(200);
    expect(pageErrors).toEqual([]);
  });

  it("shows a publisher everyone's sessions, and ends ed's", async () => {
    const ed = await loginConsole(h, 'ed');
    const { page } = await loginConsole(h, 'ops');
    await openSection(page, /^Sessions$/);
    const everyone = page.getByRole('table', { name: "Everyone else's sessions" });
    await everyone.getByRole('row').nth(1).waitFor();
    await expectAxeClean(page);
    await h.screenshot(page, 'admin-sessions-publisher');
    const before = await everyone.getByRole('button', { name: /End ed's session/ }).count();
    expect(before).toBeGreaterThan(0);
    for (let i = 0; i < before; i++) {
      await everyone
        .getByRole('button', { name: /End ed's session/ })
        .first()
        .click();
      await expect.poll(() => everyone.getByRole('button', { name: /End ed's session/ }).count()).toBe(before - i - 1);
    }
    expect(await me(ed)).toBe(401);
  });
});
