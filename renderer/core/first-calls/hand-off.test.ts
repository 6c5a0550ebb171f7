import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HAND_OFF_ID, compactHandOff, readHandOff, scriptSafe, writeHandOff } from './hand-off';

const docWith = (html: string) => {
  const d = document.implementation.createHTMLDocument('');
  d.body.innerHTML = html;
  return d;
};

describe('hand-off', () => {
  it('round-trips through the page: what the server writes, the app reads', () => {
    const items = Array.from({ length: 3 }, (_, i) => ({ id: i, title: `item ${i} </script><!--` }));
    const data = {
      state: { tabs: items, note: 'x' },
      calls: [{ endpoint: 'problemList', key: 'k', result: { ok: true as const, code: 0, message: '', data: items } }],
    };
    const html = writeHandOff(data);
    expect(html).not.toContain('</script><!--');
    expect(html.split('item 2').length - 1).toBe(1); // the list once, in the call
    expect(readHandOff(docWith(html))).toEqual(data);
  });

  it('names the early call and the script that sends it; public/early-call.js reads the same element', () => {
    const early = { key: 'k', url: '/sandbox/a?x=1', method: 'POST', headers: {}, body: '' };
    const html = writeHandOff({ calls: [], early });
    expect(html).toContain('<script src="/early-call.js"></script>');
    expect(readHandOff(docWith(html))?.early).toEqual(early);
    expect(readFileSync('renderer/public/early-call.js', 'utf8')).toContain(`getElementById('${HAND_OFF_ID}')`);
  });

  it('refuses garbage: a reference to no call, a forbidden key, a malformed call', () => {
    const compact = compactHandOff({
      state: { tabs: [1] },
      calls: [{ endpoint: 'e', key: 'k', result: { ok: true, code: 0, message: '', data: [1] } }],
    });
    const page = (v: unknown) =>
      docWith(`<script type="application/json" id="${HAND_OFF_ID}">${scriptSafe(JSON.stringify(v))}</script>`);
    expect(readHandOff(page({ ...compact, stateFromCalls: { tabs: 3 } }))).toBeNull();
    expect(readHandOff(page({ ...compact, stateFromCalls: JSON.parse('{"__proto__": 0}') }))).toBeNull();
    expect(readHandOff(page({ calls: [{ key: 'k' }] }))).toBeNull();
    expect(readHandOff(page({ calls: [], early: { url: '/x' } }))).toBeNull();
    expect(readHandOff(docWith(''))).toBeNull();
  });
});
