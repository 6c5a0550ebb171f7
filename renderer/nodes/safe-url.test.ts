import { describe, expect, it } from 'vitest';
import { isSafeImageSrc, isSafeLinkUrl } from './safe-url';

describe('URL guards', () => {
  it('images: http(s), relative and data:image only', () => {
    for (const ok of [
      'https://cdn.example/a.png',
      'http://x/y.jpg',
      '/img/a.png',
      './a.png',
      'a.png',
      'data:image/png;base64,AAAA',
    ])
      expect(isSafeImageSrc(ok), ok).toBe(true);
    for (const bad of [
      'javascript:alert(1)',
      'data:text/html,<script>',
      '//evil.example/a.png',
      '',
      'vbscript:x',
      'JaVaScRiPt:alert(1)',
    ])
      expect(isSafeImageSrc(bad), bad).toBe(false);
  });
  it('links: http(s), tel, mailto and relative only', () => {
    for (const ok of ['https://a.example', 'tel:+62211234', 'mailto:cs@example.com', '/complaintList', '#/x'])
      expect(isSafeLinkUrl(ok), ok).toBe(true);
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', 'file:///etc/passwd', 'intent://x'])
      expect(isSafeLinkUrl(bad), bad).toBe(false);
  });
  it('never an address a browser would rewrite: tab, CR, LF or backslash anywhere in it', () => {
    // A browser drops tab/CR/LF and reads `\` as `/`: each of these leaves the site.
    for (const bad of [
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r/evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      'https://ok.example\\@evil.example',
      '/a\tb',
      'htt\tps://evil.example',
    ]) {
      expect(isSafeLinkUrl(bad), JSON.stringify(bad)).toBe(false);
      expect(isSafeImageSrc(bad), JSON.stringify(bad)).toBe(false);
    }
    expect(new URL('/\t/evil.example', 'https://app.example').host).toBe('evil.example');
  });
});
