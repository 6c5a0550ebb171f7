/**
 * Audit (task 7): filter by person, document and date range; the filters go to the
 * server (an entry older than the first page is found too).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAxeClean, loginConsole, openSection, PASSWORD, saveDraft, startConsoleHarness } from './admin-helpers';
import type { Harness } from './harness';

let h: Harness;

beforeAll(async () => {
  h = await startConsoleHarness();
  await h.addUser('ed', 'editor', PASSWORD);
  await h.addUser('eve', 'editor', PASSWORD);
});
afterAll(async () => h?.close());

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe('audit log', () => {
  it('filters by person, document and date on the server', async () => {
    const ed = await loginConsole(h, 'ed');
    const eve = await loginConsole(h, 'eve');
    await saveDraft(ed.page, 'screen', 'not-found', (d) => (d.description = 'ed was here'));
    // Bury ed's entry under more than a page (100) of eve's saves: only a server-side filter finds it.
    for (let i = 0; i < 105; i++)
      await saveDraft(eve.page, 'screen', 'not-available', (d) => (d.description = `eve ${i}`));

    const { page, pageErrors } = ed;
    await openSection(page, /Audit/);
    const table = page.getByRole('table', { name: 'Audit entries' });
    await table.getByRole('row').nth(1).waitFor();
    expect(await table.getByRole('cell', { name: 'ed', exact: true }).count()).toBe(0);

    await page.getByLabel('Person', { exact: true }).fill('ed');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect.poll(() => table.getByRole('cell', { name: 'ed', exact: true }).count()).toBeGreaterThan(0);
    expect(await table.getByRole('cell', { name: 'eve', exact: true }).count()).toBe(0);
    expect(await table.innerText()).toMatch(/draft\.save[\s\S]*screen not-found/);

    // Document: eve's saves of not-available only.
    await page.getByLabel('Person', { exact: true }).fill('');
    await page.getByLabel('Document', { exact: true }).selectOption('screen/not-found');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    // The person filter's answer (ed's save and ed's login) has no eve either: wait for the document filter's own
    // answer, in which ed's login (no document) is gone.
    await expect.poll(() => table.getByRole('cell', { name: 'ed', exact: true }).count()).toBe(1);
    expect(await table.getByRole('cell', { name: 'eve', exact: true }).count()).toBe(0);
    expect(await table.innerText()).not.toMatch(/\blogin\b/);

    // Dates: today finds it, a range that ended yesterday or starts tomorrow does not.
    await page.getByLabel('From (UTC)').fill(day(0));
    await page.getByLabel('To (UTC)').fill(day(0));
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect.poll(() => table.getByRole('cell', { name: 'ed', exact: true }).count()).toBe(1);
    await page.getByLabel('From (UTC)').fill(day(1));
    await page.getByLabel('To (UTC)').fill(day(2));
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect.poll(() => table.getByRole('row').count()).toBe(1);
    await page.getByLabel('From (UTC)').fill(day(-3));
    await page.getByLabel('To (UTC)').fill(day(-1));
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByRole('status').filter({ hasText: '0 entries matching the filters' }).waitFor();

    await page.getByRole('button', { name: 'Clear' }).click();
    await expect.poll(() => table.getByRole('row').count()).toBeGreaterThan(100);
    await page.getByRole('button', { name: 'Older entries' }).waitFor();
    await expectAxeClean(page);
    expect(pageErrors).toEqual([]);
  });
});
