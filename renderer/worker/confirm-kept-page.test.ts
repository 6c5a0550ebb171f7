import { afterEach, describe, expect, it, vi } from 'vitest';
import { confirmKeptPage, pageFingerprint } from './confirm-kept-page';
import { writeHandOff } from '../core/first-calls/hand-off';

/** A drawn page's data elements as the server writes them. */
function page(boot: Record<string, unknown>, answer: unknown) {
  const doc = document.implementation.createHTMLDocument('p');
  doc.body.innerHTML =
    `<div id="root" data-ssr></div><script type="application/json" id="sdui-boot">${JSON.stringify(boot)}</script>` +
    writeHandOff({
      state: { list: answer },
      calls: [{ endpoint: 'problemList', key: 'k1', result: { ok: true, code: '00', message: '', data: answer } }],
    });
  return doc;
}
const boot = { bundle: null, bundleEtag: '"b1"', screen: null, screenEtag: '"s1"' };

describe('a kept page against the server’s', () => {
  it('the same versions and answers are the same page, whatever else differs (a view ticket)', () => {
    expect(pageFingerprint(page({ ...boot, viewTicket: 'a' }, [1, 2]))).toBe(
      pageFingerprint(page({ ...boot, viewTicket: 'b' }, [1, 2])),
    );
  });

  it('another answer, another bundle, screen or release is another page', () => {
    const kept = pageFingerprint(page(boot, [1, 2]));
    expect(pageFingerprint(page(boot, [1, 2, 3]))).not.toBe(kept);
    expect(pageFingerprint(page({ ...boot, bundleEtag: '"b2"' }, [1, 2]))).not.toBe(kept);
    expect(pageFingerprint(page({ ...boot, screenEtag: '"s2"' }, [1, 2]))).not.toBe(kept);
    expect(pageFingerprint(page({ ...boot, release: 'r1=base' }, [1, 2]))).not.toBe(kept);
  });
});

describe('confirming a kept page on a flaky connection', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a captive portal answering 200 with its login page leaves the kept page on show and on the phone', async () => {
    const portal = '<!doctype html><html><head><title>Wi-Fi login</title></head><body><form><input name="voucher">';
    vi.stubGlobal('fetch', () => Promise.resolve(new Response(portal, { headers: { 'Content-Type': 'text/html' } })));
    const dropped = vi.fn(() => Promise.resolve(true));
    vi.stubGlobal('caches', { open: () => Promise.resolve({ delete: dropped }) });
    const shown = pageFingerprint(page(boot, [1, 2]));
    const here = window.location.href.split('#')[0];
    // Not "changed": that drops the borrower's kept page and reloads into the portal's form.
    expect(await confirmKeptPage(here, shown, Date.now() - 60_000, () => {})).toBe('unavailable');
    expect(dropped).not.toHaveBeenCalled();
  });

  it('the app’s own page with other figures is still a changed page', async () => {
    const fresh = page(boot, [1, 2, 3]).documentElement.outerHTML;
    vi.stubGlobal('fetch', () => Promise.resolve(new Response(fresh, { headers: { 'Content-Type': 'text/html' } })));
    const dropped = vi.fn(() => Promise.resolve(true));
    vi.stubGlobal('caches', { open: () => Promise.resolve({ delete: dropped }) });
    const shown = pageFingerprint(page(boot, [1, 2]));
    expect(await confirmKeptPage('https://example.test/other', shown, Date.now(), () => {})).toBe('changed');
    expect(dropped).toHaveBeenCalledWith('https://example.test/other');
  });
});
