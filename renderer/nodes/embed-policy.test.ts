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
});
