import { describe, expect, it } from 'vitest';
import { sameSecret } from './same-secret.js';

describe('sameSecret', () => {
  it('is true only for the very secret, whatever the lengths', () => {
    expect(sameSecret('s3cret-token', 's3cret-token')).toBe(true);
    expect(sameSecret('s3cret-toke', 's3cret-token')).toBe(false);
    expect(sameSecret('s3cret-token!', 's3cret-token')).toBe(false);
    expect(sameSecret('', 's3cret-token')).toBe(false);
    expect(sameSecret('S3cret-token', 's3cret-token')).toBe(false);
  });
});
