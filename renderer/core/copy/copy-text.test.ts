import { describe, expect, it } from 'vitest';
import { bundleTexts, copyText } from './copy-text';
import { textMessages } from '../../../config-server/published/text-messages';

describe('copyText', () => {
  const source = {
    plain: 'Hi {name}',
    days: '{count, plural, one {# day} other {# days}}',
    broken: 'Hi {name',
  };

  it('a bundle with its parsed messages formats ICU copy and interpolates plain copy', () => {
    const messages = textMessages(source);
    // Plain copy is not shipped twice; a broken message ships as written.
    expect(Object.keys(messages)).toEqual(['days']);
    const texts = bundleTexts({ textSet: { locale: 'en-IN', texts: { ...source } }, messages });
    expect(copyText(texts, 'days', { count: 1 })).toBe('1 day');
    expect(copyText(texts, 'days', { count: 2 })).toBe('2 days');
    expect(copyText(texts, 'plain', { name: 'Sari' })).toBe('Hi Sari');
    expect(copyText(texts, 'broken', { name: 'Sari' })).toBe('Hi {name');
    expect(copyText(texts, 'nope')).toBeUndefined();
  });

  it('texts without parsed messages (an old stored bundle) still interpolate', () => {
    expect(copyText({ plain: 'Hi {name}' }, 'plain', { name: 'Sari' })).toBe('Hi Sari');
  });

  it("plain copy whose ICU quoting changes its text ships parsed, so '' reads as '", () => {
    const messages = textMessages({ q: "Don''t {x}" });
    const texts = bundleTexts({ textSet: { locale: 'en-IN', texts: { q: "Don''t {x}" } }, messages });
    expect(copyText(texts, 'q', { x: 'go' })).toBe("Don't go");
  });
});
