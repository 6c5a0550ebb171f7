import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * Whether a secret sent equals the one expected, in a time that tells neither its content nor its length: both are
 * hashed first, so the constant-time compare always sees two 32-byte values (comparing lengths first told a caller how
 * long the secret is).
 */
export function sameSecret(sent: string, expected: string): boolean {
  return timingSafeEqual(digest(sent), digest(expected));
}
