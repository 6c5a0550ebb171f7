/**
 * Review and publish (task 5), with two people in two browsers: ed drafts copy in both
 * locales, a market constant (switching four eyes on for Indonesia) and a screen change that breaks
 * the state; the review page shows each as a readable diff (key / field / pointer: before → after),
 * who drafted it, and the check of the whole would-be state with file + pointer per error. Ed may
 * not publish his own four-eyes documents (judged per document, so his en-IN copy, which needs no second
 * person, does not carry them); Pat may approve them, and publish, once the broken screen is left out, with a note.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DESKTOP,
  expectAxeClean,
  loginConsole,
  openSection,
  PASSWORD,
  saveDraft,
  startConsoleHarness,
} from './admin-helpers';
import type { Harness } from './harness';

const texts = (f: string) =>
  JSON.parse(fs.readFileSync(`screens/texts/${f}.json`, 'utf8')).texts as Record<string, string>;
const OLD_ID = texts('id-ID')['complaint.myComplaints'];
const OLD_EN = texts('en-IN')['complaint.myComplaints'];
const OLD_MAX = JSON.parse(fs.readFileSync('screens/markets/ID.json', 'utf8')).limits.complaintTextMax as number;

let h: Harness;

beforeAll(async () => {
  h = await startConsoleHarness();
  await h.addUser('ed', 'publisher', PASSWORD);
  await h.addUser('pat', 'publisher', PASSWORD);
  await h.addUser('vic', 'editor', PASSWORD);
});
afterAll(async () => h?.close());

describe('review and publish', () => {
  it('shows every draft as a readable diff with its drafter, checks the whole state, and enforces four eyes', async () => {
    const ed = await loginConsole(h, 'ed');
    await saveDraft(ed.page, 'text-set', 'id-ID', (d) => (d.texts['complaint.myComplaints'] = 'Pengaduan saya'));
    await saveDraft(ed.page, 'text-set', 'en-IN', (d) => (d.texts['complaint.myComplaints'] = 'My tickets'));
    await saveDraft(ed.page, 'market', 'ID', (d) => {
      d.limits.complaintTextMax = OLD_MAX + 100;
      d.fourEyes = true;
    });
    await saveDraft(ed.page, 'screen', 'not-found', (d) => (d.body[0].key = 'ops.noSuchKey'));

    // Pat reviews: one card per document, in the words of its kind.
    const pat = await loginConsole(h, 'pat');
    const page = pat.page;
    await openSection(page, /Publish|Review/);
    const idTexts = page.getByRole('table', { name: 'Changes in text-set id-ID' });
    await expect
      .poll(() => idTexts.getByRole('row').filter({ hasText: 'complaint.myComplaints' }).innerText())
      .toMatch(new RegExp(`${OLD_ID}[\\s\\S]*Pengaduan saya`));
    expect(await page.getByRole('table', { name: 'Changes in text-set en-IN' }).innerText()).toMatch(
      new RegExp(`${OLD_EN}[\\s\\S]*My tickets`),
    );
    const market = page.getByRole('table', { name: 'Changes in market ID' });
    expect(await market.getByRole('row').filter({ hasText: 'limits.complaintTextMax' }).innerText()).toMatch(
      new RegExp(`${OLD_MAX}\\s*→?\\s*${OLD_MAX + 100}`),
    );
    expect(await market.getByRole('row').filter({ hasText: 'fourEyes' }).innerText()).toMatch(/false[\s\S]*true/);
    const screen = page.getByRole('table', { name: 'Changes in screen not-found' });
    expect(await screen.getByRole('row').filter({ hasText: '/body/0/key' }).innerText()).toMatch(
      /common\.notFoundTitle[\s\S]*ops\.noSuchKey/,
    );
    expect(await page.getByRole('article').filter({ hasText: 'text-set id-ID' }).innerText()).toMatch(
      /drafted by\s+ed/,
    );

    // The whole would-be state is checked by itself: the broken key is named with file and pointer.
    const errors = page.getByRole('list', { name: 'Publish errors' });
    await errors.waitFor();
    expect(await errors.innerText()).toMatch(/not-found\.json[\s\S]*\/body\/0\/key[\s\S]*ops\.noSuchKey/);
    await page.getByLabel('Note').fill('Clearer complaint link, longer complaints, four eyes for Indonesia');
    const publishButton = page.getByRole('button', { name: /^Publish \d+ document/ });
    expect(await publishButton.isDisabled()).toBe(true);
    await page.setViewportSize(DESKTOP);
    // Diffs above, the check with its errors below, in one 1280×800 picture.
    await errors.evaluate((e) => e.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: 'tests/e2e/readme/admin-review.png' });
    await page.getByRole('checkbox', { name: 'screen not-found' }).uncheck();
    await page.getByRole('heading', { name: /no errors/ }).waitFor();
    // Four eyes: said, and Pat (not the drafter) may publish.
    expect(await page.getByRole('note').innerText()).toMatch(
      /Four eyes: market ID[\s\S]*Drafted by ed; you publish as pat/,
    );
    await expectAxeClean(page);

    // Ed, the only drafter, is told which of his documents need a second person (not en-IN: IN does not ask for it).
    await openSection(ed.page, /Publish|Review/);
    await ed.page.getByRole('checkbox', { name: 'screen not-found' }).uncheck();
    await ed.page.getByLabel('Note').fill('my own change');
    expect(await ed.page.getByRole('note').innerText()).toMatch(
      /You \(ed\) alone drafted market ID, text-set id-ID, so you cannot publish this set/,
    );
    expect(await ed.page.getByRole('button', { name: /^Publish \d+ document/ }).isDisabled()).toBe(true);
    expect(await ed.page.getByRole('button', { name: /^Approve / }).count()).toBe(0);

    // Pat can be Ed's second person: Approve on each of Ed's four-eyes documents (none on en-IN), the approval shown.
    expect(await page.getByRole('button', { name: 'Approve text-set en-IN' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Approve market ID' }).click();
    await page.getByText('Approved market ID as shown.').waitFor();
    await expect
      .poll(() => page.getByRole('article').filter({ hasText: 'screens/markets/ID.json' }).innerText())
      .toMatch(/approved by pat/);
    expect(await page.getByRole('button', { name: 'Approve market ID' }).count()).toBe(0);

    // An editor reviews but has no publish controls.
    const vic = await loginConsole(h, 'vic');
    await openSection(vic.page, /Publish|Review/);
    await vic.page.getByRole('table', { name: 'Changes in market ID' }).waitFor();
    expect(await vic.page.getByRole('button', { name: /^Publish/ }).count()).toBe(0);
    expect(await vic.page.getByLabel('Note').count()).toBe(0);
    await expectAxeClean(vic.page);

    // Ed changes a draft after Pat reviewed it: the publish is refused (412), the page shows the new change, the note stays.
    await saveDraft(ed.page, 'text-set', 'id-ID', (d) => (d.texts['complaint.myComplaints'] = 'Pengaduan saya (baru)'));
    await publishButton.click();
    await page.getByRole('alert').filter({ hasText: 'A draft changed after you reviewed it' }).waitFor();
    await expect.poll(() => idTexts.innerText()).toMatch(/Pengaduan saya \(baru\)/);
    expect(await page.getByLabel('Note').inputValue()).toMatch(/^Clearer complaint link/);
    expect(await page.getByRole('checkbox', { name: 'screen not-found' }).isChecked()).toBe(false);
    await page.getByRole('heading', { name: /no errors/ }).waitFor();
    await publishButton.click();
    await page.getByText('Published 3 document(s).').waitFor();
    // Only the broken screen is left in the change set.
    await page.getByRole('table', { name: 'Changes in screen not-found' }).waitFor();
    await expect.poll(() => page.getByRole('table', { name: 'Changes in market ID' }).count()).toBe(0);
    expect([...pat.pageErrors, ...ed.pageErrors, ...vic.pageErrors]).toEqual([]);
  });
});
