import { describe, expect, it } from 'vitest';
import { findOverflows } from './overflow-check';

/** jsdom lays nothing out: give a box the widths a browser would measure. */
function size(el: Element, scrollWidth: number, clientWidth: number) {
  Object.defineProperty(el, 'scrollWidth', { configurable: true, value: scrollWidth });
  Object.defineProperty(el, 'clientWidth', { configurable: true, value: clientWidth });
}

/** The test window's own document: its window computes styles (an inline span stays inline). */
function page(html: string): Document {
  document.body.innerHTML = html;
  return document;
}

describe('findOverflows', () => {
  it('reports a button whose label (in an inline span) is wider than the button', () => {
    const doc = page('<button id="b"><span>Ajukan pinjaman sekarang juga</span></button><p id="p">Halo</p>');
    size(doc.getElementById('b')!, 340, 288);
    size(doc.getElementById('p')!, 288, 288);
    const found = findOverflows(doc);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ text: 'Ajukan pinjaman sekarang juga', excess: 52 });
    expect(found[0]!.element.id).toBe('b');
  });

  it('passes text that fits, and ignores sub-pixel rounding and boxes without text', () => {
    const doc = page('<div id="strip"><div id="t">Tab</div></div><button id="b">OK</button>');
    size(doc.getElementById('strip')!, 900, 320);
    size(doc.getElementById('t')!, 60, 60);
    size(doc.getElementById('b')!, 81, 80);
    expect(findOverflows(doc)).toEqual([]);
  });

  it('skips hidden boxes (no width) and script text', () => {
    const doc = page('<div id="h">hidden text</div><script>var x = "a very long string"</script>');
    size(doc.getElementById('h')!, 200, 0);
    expect(findOverflows(doc)).toEqual([]);
  });
});
