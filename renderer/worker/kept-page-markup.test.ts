import { describe, expect, it } from 'vitest';
import { keptMarkup } from './kept-page-markup';
import { BOOT_DATA_ID } from '../boot/boot-types';
import { keptPageAt } from './kept-page-gate';

/** A drawn page as the config server writes it: hints and the entry in the head, data after the markup. */
const drawn =
  '<!doctype html><html><head><meta charset="UTF-8" />' +
  '<script type="module" crossorigin src="/assets/index-a.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/react-b.js">' +
  '<style>.x{color:red}</style><script>window.__sduiCapture=1</script>' +
  '<link rel="preload" as="fetch" crossorigin href="/config/v1/bundle?market=ID">' +
  '<link rel="modulepreload" crossorigin href="/assets/engine-c.js">' +
  '</head><body><div id="root" data-ssr=""><p>Keluhan 001: dana belum masuk</p></div>' +
  '<script type="application/json" id="sdui-boot">{"bundleEtag":"\\"b1\\""}</script></body></html>';

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');

describe('a drawn page kept for a repeat visit', () => {
  it('is marked with the time it was drawn, for the app', () => {
    expect(keptPageAt(parse(keptMarkup(drawn, 1_700_000_000_000)))).toBe(1_700_000_000_000);
  });

  it('is not painted before the element after its drawn markup, its boot data, is parsed', () => {
    const doc = parse(keptMarkup(drawn, 1));
    const expectLink = doc.head.querySelector('link[rel="expect"]');
    expect(expectLink?.getAttribute('blocking')).toBe('render');
    expect(expectLink?.getAttribute('href')).toBe(`#${BOOT_DATA_ID}`);
    const root = doc.getElementById('root')!;
    expect(root.compareDocumentPosition(doc.getElementById(BOOT_DATA_ID)!)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(root.textContent).toBe('Keluhan 001: dana belum masuk');
  });

  it('leaves out the code hints only: the same entry, styles, early-input script, data and text', () => {
    const kept = parse(keptMarkup(drawn, 1));
    const network = parse(drawn);
    expect(kept.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(0);
    const same = (d: Document) => ({
      scripts: [...d.scripts].map((s) => s.outerHTML),
      styles: [...d.querySelectorAll('style')].map((s) => s.textContent),
      preloads: [...d.querySelectorAll('link[rel="preload"]')].map((l) => l.outerHTML),
      body: d.body.innerHTML,
    });
    expect(same(kept)).toEqual(same(network));
  });
});
