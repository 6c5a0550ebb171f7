import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { passwordHashes, type HashQueue } from './hash-queue.js';

export interface ScryptParams {
  /** CPU/memory cost, a power of two. */
  N: number;
  r: number;
  p: number;
}

/**
 * OWASP's Password Storage Cheat Sheet minimum for scrypt: N=2^17, r=8, p=1 (128 MiB and ~0.7 s of one core
 * on a 2-core test box per hash). Every hash made and every login checked uses these unless a caller passes
 * others explicitly (tests, to stay fast); nothing lowers them by default.
 */
export const OWASP_SCRYPT: ScryptParams = { N: 2 ** 17, r: 8, p: 1 };
/** The parameters hashes had before OWASP's were adopted (kept to test the upgrade at login). */
export const LEGACY_SCRYPT: ScryptParams = { N: 2 ** 14, r: 8, p: 1 };
const KEY_LEN = 64;

/** Memory scrypt needs is 128·N·r bytes (plus 128·r·p): allow twice that, so raising N needs no other change. */
const maxmemFor = (o: ScryptParams) => 2 * 128 * o.N * o.r + 128 * o.r * o.p + 1024 * 1024;

/** Every hash waits its turn in `queue` (hash-queue.ts): at most 2 at once per process, so serving keeps its threads. */
function derive(password: string, salt: Buffer, opts: ScryptParams, queue: HashQueue): Promise<Buffer> {
  return queue.run(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scrypt(password.normalize('NFKC'), salt, KEY_LEN, { ...opts, maxmem: maxmemFor(opts) }, (err, key) =>
          err ? reject(err) : resolve(key),
        ),
      ),
  );
}

/**
 * `scrypt$N$r$p$salt$key` (base64url): each hash carries its own parameters, so they can be raised later. What a new
 * password must be is `password-policy.ts`'s, checked where one is chosen: a re-hash at login takes the password as it is.
 */
export async function hashPassword(
  password: string,
  params: ScryptParams = OWASP_SCRYPT,
  queue: HashQueue = passwordHashes,
): Promise<string> {
  if (!password) throw new Error('An empty password cannot be hashed');
  const salt = randomBytes(16);
  const key = await derive(password, salt, params, queue);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** The parameters a stored hash was made with (undefined: not one of ours). */
export function paramsOf(stored: string): ScryptParams | undefined {
  const [algo, N, r, p, salt, key] = stored.split('$');
  const params = { N: Number(N), r: Number(r), p: Number(p) };
  const sane =
    Number.isInteger(params.N) &&
    params.N > 1 &&
    (params.N & (params.N - 1)) === 0 &&
    params.N <= 2 ** 22 &&
    params.r >= 1 &&
    params.r <= 32 &&
    params.p >= 1 &&
    params.p <= 16;
  return algo === 'scrypt' && salt && key && sane ? params : undefined;
}

/** Whether a stored hash is weaker than `target` in any parameter: re-hash it at the next successful login. */
export function needsRehash(stored: string, target: ScryptParams = OWASP_SCRYPT): boolean {
  const p = paramsOf(stored);
  return !p || p.N < target.N || p.r < target.r || p.p < target.p;
}

// Verifying against a made-up hash when the user does not exist keeps response time from revealing user names.
const dummyFor = (o: ScryptParams) =>
  `scrypt$${o.N}$${o.r}$${o.p}$AAAAAAAAAAAAAAAAAAAAAA$${Buffer.alloc(KEY_LEN).toString('base64url')}`;

/**
 * Checks `password` against a stored hash, at that hash's own parameters. With no stored hash (no such user)
 * it spends the same time on a dummy at `target`'s parameters and answers false. Throws `HashQueueFull` when too many
 * hashes are running and waiting already.
 */
export async function verifyPassword(
  password: string,
  stored: string | undefined,
  target: ScryptParams = OWASP_SCRYPT,
  queue: HashQueue = passwordHashes,
): Promise<boolean> {
  const hash = stored ?? dummyFor(target);
  const params = paramsOf(hash);
  if (!params) return false;
  const [, , , , salt, key] = hash.split('$');
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), params, queue);
  return stored !== undefined && actual.length === expected.length && timingSafeEqual(actual, expected);
}
