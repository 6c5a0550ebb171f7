import { describe, expect, it } from 'vitest';
import { pageFingerprint } from './confirm-kept-page';
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
