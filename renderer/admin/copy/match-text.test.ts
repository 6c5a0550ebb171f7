import { describe, expect, it } from 'vitest';
import { keysForText, textsAround } from './match-text';

const texts = { 'a.title': 'Keluhan saya', 'b.count': 'Ada {n} keluhan', 'c.same': 'Keluhan saya', 'd.empty': '' };

describe('match text', () => {
  it('matches exact copy and copy with filled placeholders', () => {
    expect(keysForText(' Keluhan  saya ', texts)).toEqual(['a.title', 'c.same']);
    expect(keysForText('Ada 3 keluhan', texts)).toEqual(['b.count']);
    expect(keysForText('Ada keluhan', texts)).toEqual([]);
    expect(keysForText('', texts)).toEqual([]);
  });

  it('puts preferred keys first', () => {
    expect(keysForText('Keluhan saya', texts, new Set(['c.same']))).toEqual(['c.same', 'a.title']);
  });

  it('collects labels and text from the element outwards', () => {
    document.body.innerHTML = '<a href="#"><span id="s">Keluhan saya</span></a><input id="i" placeholder="Tulis">';
    expect(textsAround(document.getElementById('s'))[0]).toBe('Keluhan saya');
    expect(textsAround(document.getElementById('i'))[0]).toBe('Tulis');
    expect(textsAround(null)).toEqual([]);
  });
});
