import { describe, expect, it } from 'vitest';
import { isAllowedEmbed } from './embed-policy';

describe('what a screen may frame', () => {
  it('an https page of an allowed origin only', () => {
    const origins = ['https://docs.example.com'];
    expect(isAllowedEmbed('https://docs.example.com/privacy', origins)).toBe(true);
    expect(isAllowedEmbed('http://docs.example.com/privacy', origins)).toBe(false);
    expect(isAllowedEmbed('https://docs.example.com.evil.io/x', origins)).toBe(false);
    expect(isAllowedEmbed('https://docs.example.com/x', undefined)).toBe(false);
  });

  it('an allowed origin written with capitals or the default port still frames its pages', () => {
    // The market document accepts `https://Docs.Example.com` and `https://docs.example.com:443`; a browser names
    // both origins `https://docs.example.com`, so the borrower must see the page, not the fallback text.
    for (const written of ['https://Docs.Example.com', 'https://docs.example.com:443', 'https://DOCS.example.com/'])
      expect(isAllowedEmbed('https://docs.example.com/privacy', [written]), written).toBe(true);
    expect(isAllowedEmbed('https://docs.example.com:8443/privacy', ['https://docs.example.com:443'])).toBe(false);
    expect(isAllowedEmbed('https://docs.example.com/x', ['https://docs.example.com.evil.io'])).toBe(false);
    expect(isAllowedEmbed('https://docs.example.com/x', ['not an origin', 42])).toBe(false);
  });
});
