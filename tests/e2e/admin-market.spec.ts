/**
 * The market form (task 4a) at 1280×800: sections, each field's schema description shown
 * as its help text (and tied to the input), and a validation message right under the field it is
 * about as soon as the value is wrong, not only in a list.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAxeClean, loginConsole, startConsoleHarness } from './admin-helpers';
import type { Harness } from './harness';

const schema = JSON.parse(fs.readFileSync('schemas/documents/market.json', 'utf8'));

let h: Harness;

beforeAll(async () => {
  h = await startConsoleHarness();
});
afterAll(async () => h?.close());

describe('the market form', () => {
  it('shows help from the schema and a message next to an invalid field', async () => {
    const { page, pageErrors } = await loginConsole(h, 'ops');
    await page.goto(`${h.url}/admin#/doc/market/ID`);
    await page.getByRole('heading', { name: 'Market ID', exact: true }).waitFor();
    for (const section of [
      'Market',
      'Language and formats',
      'Lending figures',
      'Contact and embedding',
      'Limits (business constants)',
      'Legal terms',
    ]) {
      await page.getByRole('region', { name: section, exact: true }).waitFor();
    }
    const phone = page.getByLabel(/servicePhone/);
    // Help text: the schema's description, shown and announced with the field.
    const help = schema.properties.servicePhone.description as string;
    await page.getByText(help, { exact: true }).waitFor();
    const described = await phone.evaluate((el) =>
      (el.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' '),
    );
    expect(described).toContain(help);
    await expectAxeClean(page);

    await phone.fill('call us');
    const group = page.locator('.form-group').filter({ has: phone });
    await group.getByText(/must match pattern/).waitFor();
    // The message sits right under the field.
    const [fieldBox, msgBox] = await Promise.all([
      phone.boundingBox(),
      group
        .getByText(/must match pattern/)
        .first()
        .boundingBox(),
    ]);
    expect(msgBox!.y).toBeGreaterThan(fieldBox!.y);
    expect(msgBox!.y - (fieldBox!.y + fieldBox!.height)).toBeLessThan(60);
    await page.screenshot({ path: 'tests/e2e/readme/admin-market.png' });
    await expectAxeClean(page);
    expect(pageErrors).toEqual([]);
  });
});
