import { describe, expect, it } from 'vitest';
import { isAllowedUrl } from './url-policy';

describe('isAllowedUrl (openUrl, navigate to an address)', () => {
  it('allows http(s), tel: and mailto:', () => {
    for (const ok of ['https://a.example/x?y=1', 'http://a.example', 'tel:+62211234', 'mailto:cs@example.com'])
      expect(isAllowedUrl(ok), ok).toBe(true);
  });
  it('refuses an address a browser would rewrite: backslash, tab, CR or LF inside', () => {
    for (const bad of [
      'https://ok.example\\@evil.example',
      'https://ok.example\\\\evil.example',
      'https://ok.ex\tample',
      'https://ok.example/\n/x',
      'https://ok.example/\r/x',
      'javascript:alert(1)',
    ])
      expect(isAllowedUrl(bad), JSON.stringify(bad)).toBe(false);
    // What a browser makes of them: not the address the document shows.
    expect(new URL('https://ok.example\\@evil.example').pathname).toBe('/@evil.example');
  });
});
