/**
 * Marketing in the ops console: a new campaign from an existing landing page, a colour change, publish,
 * the visitor sees it; then pause, publish, the visitor sees the promotion-ended page.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, commonParams, routeOf, startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ env: { ADMIN_USER: 'ops', ADMIN_PASSWORD: 'correct horse battery', ADMIN_ROLE: 'publisher' }, log: () => {} });
});
afterAll(async () => h?.close());

const visitorUrl = (templateId: string) => `${h.url}/register?${new URLSearchParams({ ...commonParams(`console-${Date.now()}`), templateId })}`;

describe('landing pages in the ops console', () => {
  it('duplicates a template, changes its title (both text sets) and button colour, publishes; the visitor sees it; paused, the visitor sees the ended page', async () => {
    const { page: admin, pageErrors } = await h.openPage('/admin', { viewport: { width: 1280, height: 800 } });
    await admin.getByLabel('User name').fill('ops');
    await admin.getByLabel('Password').fill('correct horse battery');
    await admin.getByRole('button', { name: 'Log in' }).click();
    await admin.getByText('ops (publisher)').waitFor();

    await admin.getByRole('tab', { name: 'Landing pages' }).click();
    await admin.getByLabel('Public link of default').waitFor();
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
    await admin.getByRole('button', { name: 'Save draft' }).click();
    await admin.getByText(/Draft saved/).waitFor();
    await h.screenshot(admin, 'landing-console');
    fs.copyFileSync(path.join(ARTIFACTS, 'landing-console.png'), 'tests/e2e/readme/landing-console.png');

    // Not public before publishing.
    const { page: visitor } = await h.openPage(visitorUrl('spring-fb').slice(h.url.length));
    await expect.poll(() => routeOf(visitor).path).toBe('/promotionEnded');

    await admin.getByRole('tab', { name: 'Publish' }).click();
    await admin.getByLabel('Note').fill('Spring campaign, Facebook');
    // The template and its title in both text sets, reviewed and published together.
    await admin.getByRole('button', { name: /^Publish 3 document/ }).click();
    await admin.getByText('Published 3 document(s).').waitFor();

    await visitor.goto(visitorUrl('spring-fb'));
    await visitor.getByRole('heading', { name: 'Promo musim semi', level: 1 }).waitFor();
    const apply = visitor.getByRole('button', { name: 'Ajukan sekarang' });
    await apply.waitFor();
    expect(await apply.evaluate((b) => getComputedStyle(b).backgroundColor)).toBe('rgb(106, 27, 154)');

    // Pause: a draft, published like any change; the visitor then sees the ended page.
    await admin.getByRole('tab', { name: 'Landing pages' }).click();
    await admin.getByRole('button', { name: 'Pause spring-fb' }).click();
    await admin.getByText(/Paused as a draft/).waitFor();
    await admin.getByRole('tab', { name: 'Publish' }).click();
    await admin.getByLabel('Note').fill('Pause spring campaign');
    await admin.getByRole('button', { name: /^Publish 1 document/ }).click();
    await admin.getByText('Published 1 document(s).').waitFor();
    await visitor.goto(visitorUrl('spring-fb'));
    await expect.poll(() => routeOf(visitor).path).toBe('/promotionEnded');
    await admin.getByRole('tab', { name: 'Landing pages' }).click();
    await admin.getByRole('row', { name: /spring-fb ID paused/ }).waitFor();
    expect(pageErrors).toEqual([]);
  });
});
