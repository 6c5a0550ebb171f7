/**
 * Marketing in the ops console, two people: an editor makes a new campaign from an existing landing page
 * (title, colour), a publisher (own account, own browser context) publishes it, the visitor sees it; then the
 * editor pauses it, the publisher publishes that, the visitor sees the promotion-ended page.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAxeClean, loginConsole, openSection, PASSWORD, startConsoleHarness } from './admin-helpers';
import { ARTIFACTS, commonParams, routeOf, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startConsoleHarness();
  await h.addUser('mia', 'editor', PASSWORD);
});
afterAll(async () => h?.close());

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkaPhfDwAEhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const visitorUrl = (templateId: string) =>
  `${h.url}/register?${new URLSearchParams({ ...commonParams(`console-${Date.now()}`), templateId })}`;

describe('landing pages in the ops console', () => {
  it('an editor duplicates a template, changes its title (both text sets), button colour and banner, previews the draft; a publisher publishes; the visitor sees it; paused, the visitor sees the ended page', async () => {
    const { page: admin, pageErrors } = await loginConsole(h, 'mia');
    await admin.getByText('mia (editor)').waitFor();

    await openSection(admin, /^Landing pages/);
    await admin.getByLabel('Public link of default').waitFor();
    await expectAxeClean(admin);
    await h.screenshot(admin, 'landing-console-list');
    fs.copyFileSync(path.join(ARTIFACTS, 'landing-console-list.png'), 'tests/e2e/readme/landing-console-list.png');
    await admin.getByRole('button', { name: 'New from default' }).click();
    await admin.getByLabel('New templateId').fill('spring-fb');
    await admin.getByRole('button', { name: 'Create draft' }).click();
    await admin.getByText(/Draft spring-fb created/).waitFor();
    await admin.getByLabel('Title (id-ID)').fill('Promo musim semi');
    await admin.getByLabel('Title (en-IN)').fill('Spring offer');
    await admin.getByLabel('Button and accent colour').fill('#ffeb3b');
    await admin.getByRole('alert').filter({ hasText: 'Text on the button is hard to read' }).waitFor();
    await admin.getByLabel('Button and accent colour').fill('#6a1b9a');
    expect(await admin.getByRole('alert').count()).toBe(0);
    // A banner upload: a text file named .png is refused by its content; a real PNG is stored and used.
    const upload = admin.getByLabel(/Upload a banner image/);
    await upload.setInputFiles({
      name: 'banner.png',
      mimeType: 'image/png',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    });
    await admin
      .getByRole('alert')
      .filter({ hasText: /Banner image not uploaded: file: only PNG, JPEG or WebP/ })
      .waitFor();
    await upload.setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: PNG });
    await admin.getByRole('img', { name: 'Banner image preview' }).waitFor();
    const banner = await admin.getByLabel('Banner image URL').inputValue();
    expect(banner).toMatch(/^\/media\/[0-9a-f]{64}\.png$/);
    await admin.getByRole('button', { name: 'Save draft' }).click();
    await admin.getByText(/Draft saved/).waitFor();
    // The phone-frame preview shows the saved draft (not yet published) as a visitor would see it.
    const preview = admin.frameLocator('iframe[title="Draft preview"]');
    await preview.getByRole('heading', { name: 'Promo musim semi', level: 1 }).waitFor();
    await expect
      .poll(() =>
        preview.getByRole('button', { name: 'Ajukan sekarang' }).evaluate((b) => getComputedStyle(b).backgroundColor),
      )
      .toBe('rgb(106, 27, 154)');
    await expectAxeClean(admin);
    await h.screenshot(admin, 'landing-console');
    fs.copyFileSync(path.join(ARTIFACTS, 'landing-console.png'), 'tests/e2e/readme/landing-console.png');

    // Not public before publishing.
    const { page: visitor } = await h.openPage(visitorUrl('spring-fb').slice(h.url.length));
    await expect.poll(() => routeOf(visitor).path).toBe('/promotionEnded');

    // The editor cannot publish: a second person, the publisher, in their own browser context.
    const { page: publisher, pageErrors: publisherErrors } = await loginConsole(h, 'ops');
    await publisher.getByText('ops (publisher)').waitFor();
    await openSection(publisher, /Publish|Review/);
    await publisher.getByLabel('Note').fill('Spring campaign, Facebook');
    // The template and its title in both text sets, reviewed and published together.
    await publisher.getByRole('button', { name: /^Publish 3 document/ }).click();
    await publisher.getByText('Published 3 document(s).').waitFor();

    await visitor.goto(visitorUrl('spring-fb'));
    await visitor.getByRole('heading', { name: 'Promo musim semi', level: 1 }).waitFor();
    const apply = visitor.getByRole('button', { name: 'Ajukan sekarang' });
    await apply.waitFor();
    expect(await apply.evaluate((b) => getComputedStyle(b).backgroundColor)).toBe('rgb(106, 27, 154)');
    // The uploaded banner, same-origin, loaded.
    await expect
      .poll(() => visitor.locator(`img[src$="${banner}"]`).evaluate((i) => (i as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);

    // Pause: a draft, published like any change; the visitor then sees the ended page.
    await openSection(admin, /^Landing pages/);
    await admin.getByRole('button', { name: 'Pause spring-fb' }).click();
    await admin.getByText(/Paused as a draft/).waitFor();
    await openSection(publisher, /^Landing pages/);
    await openSection(publisher, /Publish|Review/);
    await publisher.getByLabel('Note').fill('Pause spring campaign');
    await publisher.getByRole('button', { name: /^Publish 1 document/ }).click();
    await publisher.getByText('Published 1 document(s).').waitFor();
    await visitor.goto(visitorUrl('spring-fb'));
    await expect.poll(() => routeOf(visitor).path).toBe('/promotionEnded');
    // The list opened after the publish shows the campaign paused.
    await openSection(publisher, /^Landing pages/);
    await publisher.getByRole('row', { name: /spring-fb ID paused/ }).waitFor();
    expect(pageErrors).toEqual([]);
    expect(publisherErrors).toEqual([]);
  });
});
