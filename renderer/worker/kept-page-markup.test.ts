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
    expect(keptPageAt(parse(keptMarkup(drawn, 1_700_000_000_000).html))).toBe(1_700_000_000_000);
  });

  it('is not painted before the element after its drawn markup, its boot data, is parsed', () => {
    const doc = parse(keptMarkup(drawn, 1).html);
    const expectLink = doc.head.querySelector('link[rel="expect"]');
    expect(expectLink?.getAttribute('blocking')).toBe('render');
    expect(expectLink?.getAttribute('href')).toBe(`#${BOOT_DATA_ID}`);
    const root = doc.getElementById('root')!;
    expect(root.compareDocumentPosition(doc.getElementById(BOOT_DATA_ID)!)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(root.textContent).toBe('Keluhan 001: dana belum masuk');
  });

  it('leaves out the code and bundle hints, and imports the entry after the boot data: the rest as it was', () => {
    const { html, inlineEntry } = keptMarkup(drawn, 1);
    const kept = parse(html);
    const network = parse(drawn);
    expect(kept.querySelectorAll('link[rel="modulepreload"], link[rel="preload"]')).toHaveLength(0);
    // No script tag with a source, which the preload scanner would fetch before the first line is parsed.
    expect(kept.querySelectorAll('script[src]')).toHaveLength(0);
    const last = kept.body.lastElementChild!;
    expect(last.outerHTML).toBe('<script type="module">import "/assets/index-a.js";</script>');
    expect(last.textContent).toBe(inlineEntry);
    expect(last.previousElementSibling?.id).toBe(BOOT_DATA_ID);
    const same = (d: Document) => ({
      scripts: [...d.scripts].filter((s) => !s.src && s.type !== 'module').map((s) => s.outerHTML),
      styles: [...d.querySelectorAll('style')].map((s) => s.textContent),
      root: d.getElementById('root')!.outerHTML,
    });
    expect(same(kept)).toEqual(same(network));
  });

  it('keeps the entry tag where it was when asked to, or when its source is not a plain path of this origin', () => {
    const stays = (html: string, src: string) =>
      parse(html).head.querySelector(`script[type="module"][src="${src}"]`) !== null;
    const kept = keptMarkup(drawn, 1, false);
    expect(kept.inlineEntry).toBeUndefined();
    expect(stays(kept.html, '/assets/index-a.js')).toBe(true);
    for (const src of ['https://cdn.example/index.js', '/assets/a.js?x=</script>', '//evil.example/x.js']) {
      const odd = keptMarkup(drawn.replace('/assets/index-a.js', src), 1);
      expect(odd.inlineEntry).toBeUndefined();
      expect(odd.html).not.toContain('import "');
    }
  });
});
