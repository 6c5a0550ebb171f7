/**
 * History and rollback (task 6): a document's versions with author, time and note; a diff
 * between any two versions picked as from/to; a rollback that would break the published state is
 * refused with its errors listed, and a valid one creates a new version.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  consoleLoaded,
  expectAxeClean,
  loginConsole,
  openDocument,
  PASSWORD,
  publish,
  saveDraft,
  startConsoleHarness,
} from './admin-helpers';
import type { Harness } from './harness';

const OLD = JSON.parse(fs.readFileSync('screens/texts/id-ID.json', 'utf8')).texts['common.retry'] as string;

let h: Harness;

beforeAll(async () => {
  h = await startConsoleHarness();
  await h.addUser('pat', 'publisher', PASSWORD);
});
afterAll(async () => h?.close());

describe('history and rollback', () => {
  it('lists versions, diffs any two, refuses a rollback that breaks the state and performs a valid one', async () => {
    const ops = await loginConsole(h, 'ops');
    // v2: a new key in both text sets, used by a screen. v3: a reworded button.
    for (const ts of ['id-ID', 'en-IN'])
      await saveDraft(
        ops.page,
        'text-set',
        ts,
        (d) => (d.texts['ops.notFoundHint'] = ts === 'id-ID' ? 'Coba alamat lain' : 'Try another address'),
      );
    await saveDraft(ops.page, 'screen', 'not-found', (d) =>
      d.body.push({ type: 'text', key: 'ops.notFoundHint', variant: 'body' }),
    );
    await publish(
      ops.page,
      [
        { kind: 'text-set', id: 'id-ID' },
        { kind: 'text-set', id: 'en-IN' },
        { kind: 'screen', id: 'not-found' },
      ],
      'Hint on the not-found page',
    );
    const pat = await loginConsole(h, 'pat');
    await saveDraft(pat.page, 'text-set', 'id-ID', (d) => (d.texts['common.retry'] = 'Ulangi'));
    await publish(ops.page, [{ kind: 'text-set', id: 'id-ID' }], 'Shorter retry label');

    const page = ops.page;
    await page.reload();
    await consoleLoaded(page);
    await openDocument(page, 'text-set', 'id-ID');
    const versions = page.getByRole('table', { name: 'Versions of text-set id-ID' });
    await versions.getByRole('row').filter({ hasText: 'v3' }).waitFor();
    expect(await versions.getByRole('row').filter({ hasText: 'v3' }).innerText()).toMatch(
      /live[\s\S]*ops[\s\S]*Shorter retry label/,
    );
    expect(await versions.getByRole('row').filter({ hasText: 'v2' }).innerText()).toMatch(
      /ops[\s\S]*Hint on the not-found page/,
    );

    // Any two versions: v1 → v3 holds both changes, v2 → v3 only the reworded label.
    await page.getByLabel('From', { exact: true }).selectOption('1');
    await page.getByLabel('To', { exact: true }).selectOption('3');
    const diff13 = page.getByRole('table', { name: 'Diff from v1 to v3' });
    await diff13.waitFor();
    expect(await diff13.innerText()).toMatch(new RegExp(`common\\.retry[\\s\\S]*${OLD}[\\s\\S]*Ulangi`));
    expect(await diff13.innerText()).toMatch(/ops\.notFoundHint[\s\S]*added[\s\S]*Coba alamat lain/);
    await page.getByLabel('From', { exact: true }).selectOption('2');
    const diff23 = page.getByRole('table', { name: 'Diff from v2 to v3' });
    await diff23.waitFor();
    expect(await diff23.getByRole('row').count()).toBe(2); // header + common.retry
    await page.getByLabel('From', { exact: true }).selectOption('1');
    await page.getByRole('heading', { name: /History of text-set id-ID/ }).evaluate((e) => e.scrollIntoView());
    await page.screenshot({ path: 'tests/e2e/readme/admin-history.png' });
    await expectAxeClean(page);

    // Back to v1 would drop a key the live screen uses: refused, with the error, nothing changed.
    await page.getByLabel('To', { exact: true }).selectOption('1');
    await page.getByLabel('Reason').fill('Back to the launch copy');
    await page.getByRole('button', { name: 'Roll back to v1' }).click();
    await page.getByRole('alert').filter({ hasText: 'Rollback to v1 refused' }).waitFor();
    expect(await page.getByRole('list', { name: 'Rollback errors' }).innerText()).toMatch(
      /not-found[\s\S]*ops\.notFoundHint/,
    );
    expect(
      (await api<{ published: { version: number } }>(page, 'GET', '/documents/text-set/id-ID')).body.published.version,
    ).toBe(3);

    // Back to v2 is fine: a new version v4 restoring v2.
    await page.getByLabel('To', { exact: true }).selectOption('2');
    await page.getByLabel('Reason').fill('Keep the old retry label');
    await page.getByRole('button', { name: 'Roll back to v2' }).click();
    await page.getByText('Version 2 restored as a new published version.').waitFor();
    await versions.getByRole('row').filter({ hasText: 'v4' }).filter({ hasText: 'restores v2' }).waitFor();
    const bundle = await (await fetch(`${h.url}/config/v1/bundle?market=ID`)).json();
    expect(bundle.textSet.texts['common.retry']).toBe(OLD);
    expect([...ops.pageErrors, ...pat.pageErrors]).toEqual([]);
  });
});
