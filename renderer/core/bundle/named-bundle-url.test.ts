import { describe, expect, it } from 'vitest';
import { namedBundleUrl } from './named-bundle-url';

describe('namedBundleUrl', () => {
  it('gives each bundle version its own URL: the ETag without quotes or W/, encoded', () => {
    expect(namedBundleUrl('ID', '"abc"')).toBe('/config/v1/bundle?market=ID&v=abc');
    expect(namedBundleUrl('IN', 'W/"a+b/c="')).toBe('/config/v1/bundle?market=IN&v=a%2Bb%2Fc%3D');
    expect(namedBundleUrl('ID', '"v1"')).not.toBe(namedBundleUrl('ID', '"v2"'));
  });
});
