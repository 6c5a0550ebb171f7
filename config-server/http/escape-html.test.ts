import { describe, expect, it } from 'vitest';
import { escapeHtml } from './escape-html.js';

describe('escapeHtml', () => {
  it('leaves no markup, entity or attribute break in text, in HTML and in SVG alike', () => {
    const hostile = `</title><script>alert(1)</script>&amp;" onload='x'`;
    const out = escapeHtml(hostile);
    expect(out).toBe('&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;&amp;amp;&quot; onload=&#39;x&#39;');
    expect(out).not.toMatch(/[<>"']/);
    expect(escapeHtml('Rp 1.000 · ümlaut')).toBe('Rp 1.000 · ümlaut');
  });
});
