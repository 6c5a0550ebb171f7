/**
 * The keys of `POST /config/v1/conversions`: `CONVERSION_KEYS`, comma-separated secrets of at least 32 characters. The
 * first signs (the backend, or the sandbox playing it, sends it as `Authorization: Bearer <key>`), every one verifies,
 * so a key rotates without a lost event: add the new key in front on every replica, move the backend to it, then drop
 * the old one. Unset with the sandbox on (dev, tests): one random key every replica shares through the store, which
 * only the sandbox knows. Unset with the sandbox off: no key, every call is a 401.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SharedSecrets } from './view-ticket.js';

const MIN_KEY_CHARS = 32;
/** Name of the store's shared secret used when CONVERSION_KEYS is unset and the sandbox is on. */
export const STORED_CONVERSION_KEY = 'conversion-key';

/** `CONVERSION_KEYS` as a list, undefined when unset; a malformed value stops the start, saying why. */
export function conversionKeysFromEnv(env: NodeJS.ProcessEnv): string[] | undefined {
  const raw = env.CONVERSION_KEYS;
  if (raw === undefined || raw.trim() === '') return undefined;
  const keys = raw.split(',').map((k) => k.trim());
  keys.forEach((k, i) => {
    if (k.length < MIN_KEY_CHARS)
      throw new Error(
        `CONVERSION_KEYS: key ${i + 1} of ${keys.length} has ${k.length} characters, at least ${MIN_KEY_CHARS} are needed (comma-separated secrets, the first signs; e.g. openssl rand -base64 33)`,
      );
    if (/\s/.test(k)) throw new Error(`CONVERSION_KEYS: key ${i + 1} of ${keys.length} contains white space`);
  });
  if (new Set(keys).size !== keys.length) throw new Error('CONVERSION_KEYS: a key is listed twice');
  return keys;
}

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

export class ConversionKeys {
  private readonly digests: Buffer[];

  /** `keys`: the first signs, every one verifies; none: nothing verifies. */
  constructor(readonly keys: readonly string[]) {
    this.digests = keys.map(digest);
  }

  /** The key a reporter sends (the first). */
  get signing(): string | undefined {
    return this.keys[0];
  }

  /**
   * Whether an `Authorization` header carries one of the keys. Compared as SHA-256 digests in constant time, every key
   * tried, so neither the time nor which key matched says anything about a secret.
   */
  verify(header: string | undefined): boolean {
    const m = /^Bearer ([!-~]{1,512})$/.exec(header ?? '');
    const given = digest(m ? m[1] : '');
    let ok = false;
    for (const d of this.digests) if (timingSafeEqual(d, given)) ok = true;
    return ok && !!m;
  }
}

/** The server's conversion keys: CONVERSION_KEYS, else the shared sandbox key when the sandbox is on, else none. */
export async function conversionKeysFor(
  env: NodeJS.ProcessEnv,
  secrets: SharedSecrets,
  sandboxOn: boolean,
): Promise<ConversionKeys> {
  const keys = conversionKeysFromEnv(env);
  if (keys) return new ConversionKeys(keys);
  if (!sandboxOn) return new ConversionKeys([]);
  return new ConversionKeys([
    await secrets.sharedSecret(STORED_CONVERSION_KEY, () => randomBytes(32).toString('base64url')),
  ]);
}
