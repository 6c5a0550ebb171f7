/**
 * The official site's two contact forms (spec §5): every field is required ('Please provide complete
 * information!'), the phone takes digits only, and a complete form shows 'Submit successfully！' while no
 * request at all leaves the page (the spec's forms send nothing). Both markets, phone and desktop size.
 */
import fs from 'node:fs';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness';

const textsOf = (locale: string): Record<string, string> =>
  JSON.parse(fs.readFileSync(`screens/texts/${locale}.json`, 'utf8')).texts;
const marketOf = (id: string) => JSON.parse(fs.readFileSync(`screens/markets/${id}.json`, 'utf8'));

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ log: () => {} });
});
afterAll(async () => h?.close());

interface FormCase {
  route: string;
  form: string;
  /** Label key → value typed (the phone field last gets letters and dashes to drop). */
  fields: [string, string][];
  phoneKey: string;
}

const FORMS: FormCase[] = [
  {
    route: '/',
    form: '#site-contact-form',
    fields: [
      ['site.contact.firstName', 'Asha'],
      ['site.contact.email', 'asha@example.com'],
      ['site.contact.phone', '9876543210'],
      ['site.contact.message', 'When can I apply again?'],
    ],
    phoneKey: 'site.contact.phone',
  },
  {
    route: '/Contact',
    form: '#site-contact-page-form',
    fields: [
      ['site.contact.name', 'Budi Santoso'],
      ['site.contact.telephone', '81234567890'],
      ['site.contact.company', 'PT Contoh'],
      ['site.contact.message', 'Partnership enquiry'],
    ],
    phoneKey: 'site.contact.telephone',
  },
];

const sizes = [
  ['ID', { width: 375, height: 667 }],
  ['IN', { width: 1280, height: 800 }],
] as const;

async function fillAll(page: Page, texts: Record<string, string>, c: FormCase, skip?: string) {
  const form = page.locator(c.form);
  for (const [key, value] of c.fields) {
    const input = form.getByLabel(texts[key], { exact: true });
    await input.fill(key === skip ? '' : value);
  }
}

describe.each(sizes)('contact forms, market %s', (marketId, viewport) => {
  const texts = textsOf(marketOf(marketId).textSet);

  for (const c of FORMS) {
    it(`${c.route}: each missing field is refused with the message; a complete form succeeds and sends nothing`, async () => {
      // The page's clock is ours: a toast's few seconds on screen pass at once instead of in real time.
      const { page, pageErrors } = await h.openPage(`${c.route}?market=${marketId}`, {
        viewport,
        before: (p) => p.clock.install(),
      });
      await page.locator(c.form).waitFor();
      await page.waitForLoadState('networkidle');
      const requests: Request[] = [];
      page.on('request', (r) => requests.push(r));
      const submit = page.locator(c.form).getByRole('button', { name: texts['site.contact.submit'] });
      const toasts = page.locator('.sdui-toast');
      const toast = toasts.filter({ hasText: texts['official.completeInfo'] });

      // Phone: digits only.
      const phone = page.locator(c.form).getByLabel(texts[c.phoneKey], { exact: true });
      await phone.pressSequentially('98a7-6+5');
      expect((await phone.inputValue()).replace(/\s/g, '')).toBe('98765');

      for (const [missing] of c.fields) {
        await fillAll(page, texts, c, missing);
        await submit.click();
        await toast.first().waitFor();
        // The field itself says what is missing too.
        const field = page.locator(c.form).getByLabel(texts[missing], { exact: true });
        expect(await field.getAttribute('aria-invalid'), `${missing} marked invalid`).toBe('true');
        expect(await toasts.filter({ hasText: texts['official.submitted'] }).count(), `${missing} empty`).toBe(0);
        await page.clock.runFor(6000);
        await toast.first().waitFor({ state: 'detached', timeout: 6000 });
      }
      await fillAll(page, texts, c);
      await submit.click();
      await toasts.filter({ hasText: texts['official.submitted'] }).first().waitFor();
      // The form is cleared for the next message.
      expect(await page.locator(c.form).getByLabel(texts[c.fields[0][0]], { exact: true }).inputValue()).toBe('');
      // Whatever the page would do in the next seconds (its clock is ours) has its chance to send something.
      await page.clock.runFor(5000);
      await page.waitForTimeout(300);
      // Only the app's own background revalidation of its documents and code may load; nothing is posted anywhere.
      const own = (r: Request) => r.method() === 'GET' && /^\/(config\/v1|assets)\//.test(new URL(r.url()).pathname);
      expect(requests.filter((r) => !own(r)).map((r) => `${r.method()} ${r.url()}`)).toEqual([]);
      expect(pageErrors).toEqual([]);
      await page.context().close();
    });
  }
});
