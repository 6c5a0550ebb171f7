import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bridgeMessages, fieldsOf, isCall, stubIosBridge, startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ locale: 'id-ID' });
});
afterAll(async () => h?.close());

describe('customer service', () => {
  it('loads phone and mail with overall=30; the phone calls through the bridge, the mail is a mailto: link', async () => {
    let fields: Record<string, string> | undefined;
    const { page } = await h.openScreen('/customerService', {
      before: async (p) => {
        await stubIosBridge(p);
        p.on('request', (r) => {
          if (isCall('/v3/personal-center/contact-kf-info')(r))
            fields = { ...Object.fromEntries(new URL(r.url()).searchParams), ...fieldsOf(r) };
        });
      },
    });
    const mail = page.getByRole('link', { name: 'Kirim email ke support.id@sandbox.cashloan.dev' });
    await mail.waitFor();
    expect(fields?.overall).toBe('30');
    expect(await mail.getAttribute('href')).toBe('mailto:support.id@sandbox.cashloan.dev');
    await h.screenshot(page, 'customer-service');
    await page.getByRole('button', { name: 'Telepon 6281234567890' }).click();
    await expect.poll(async () => JSON.stringify(await bridgeMessages(page))).toContain('6281234567890');
    expect(JSON.stringify(await bridgeMessages(page))).toContain('callPhone');
    await page.context().close();
  });
});
