/**
 * Failed console logins, throttled so that the attacker is slowed and stopped, never the account's owner (OWASP ASVS
 * V2.2: anti-automation without lockout). Three counts, each in the auth store so every replica sees the same:
 * - the pair (client address, account): slows down after 2 failures, then blocks that pair (`perPair`);
 * - the client address, whatever the account: slows down, then blocks the address (`limit`);
 * - the account, from any address: past `perAccount` each attempt only waits longer (at most `maxDelayMs`). Blocking
 *   it would let anyone lock anyone out by guessing their name; the owner's right password from their own address
 *   still logs in, a few seconds late at worst.
 * An attempt is counted before its password is checked (so a burst in parallel cannot slip past the count) and taken
 * back when it succeeds or when no password was checked (hashes busy).
 */
import { HttpError } from '../http/http-error.js';
import type { AuthStore } from '../store/config-store.js';
import { sha256 } from './auth.js';
import { systemClock } from '../clock.js';

export interface LoginLimit {
  windowMs: number;
  /** Failed attempts per client address and window, any account, before the address gets 429. */
  limit: number;
  /** Failed attempts per client address and account before that pair gets 429 (default 5). */
  perPair?: number;
  /** Failed attempts per account, from any address, after which each attempt on it waits (default 10); never a 429. */
  perAccount?: number;
  /** The first wait (ms, default 250); each further failure doubles it. */
  delayMs?: number;
  /** The longest any attempt waits (ms, default 4000). */
  maxDelayMs?: number;
}

export const DEFAULT_LOGIN_LIMIT: Required<LoginLimit> = {
  windowMs: 15 * 60_000,
  limit: 30,
  perPair: 5,
  perAccount: 10,
  delayMs: 250,
  maxDelayMs: 4000,
};

/** One counted attempt: say how it ended so the counts keep only real failures. */
export interface LoginAttempt {
  /** The password was right: this attempt no longer counts, and the pair starts again from nothing. */
  succeeded(): Promise<void>;
  /** No password was checked (hashes busy): not a guess, counted nowhere. */
  uncounted(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Names are counted under a hash: a typed "name" is often a password in the wrong box, and must not be stored. */
const hashed = (s: string) => sha256(s).slice(0, 32);

export class LoginThrottle {
  private readonly l: Required<LoginLimit>;

  constructor(
    private readonly auth: AuthStore,
    limit: LoginLimit | undefined,
    private readonly log: (m: string) => void,
    /** The auth store's clock: it dates the counting windows, so the wait left is read on it. */
    private readonly now: () => number = () => systemClock.now(),
  ) {
    this.l = { ...DEFAULT_LOGIN_LIMIT, ...limit };
  }

  /** The wait after `failures` earlier failures, once `from` of them are allowed without one. */
  private wait(failures: number, from: number) {
    if (failures < from) return 0;
    return Math.min(this.l.maxDelayMs, this.l.delayMs * 2 ** Math.min(20, failures - from));
  }

  /**
   * Counts an attempt of `name` from `ip`: a 429 (with Retry-After) when the pair or the address is blocked, else
   * it waits as long as its counts ask and hands back the attempt to settle.
   */
  async admit(ip: string, name: string, describe: () => Promise<string>): Promise<LoginAttempt> {
    const keys = { addr: `addr:${ip}`, pair: `pair:${hashed(`${ip}\u0000${name}`)}`, user: `user:${hashed(name)}` };
    const [addr, pair, user] = await Promise.all(
      [keys.addr, keys.pair, keys.user].map((k) => this.auth.countLoginAttempt(k, this.l.windowMs)),
    );
    const forgive = () => Promise.all(Object.values(keys).map((k) => this.auth.forgiveLoginAttempt(k)));
    const blocked = (count: { hits: number; resetAt: number }, whose: string, line: () => Promise<string>) => {
      const seconds = Math.max(1, Math.ceil((count.resetAt - this.now()) / 1000));
      const minutes = Math.ceil(seconds / 60);
      return line().then((m) => {
        this.log(m);
        return new HttpError(
          429,
          `Too many failed logins ${whose}: try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
          undefined,
          { 'Retry-After': String(seconds) },
        );
      });
    };
    if (addr.hits > this.l.limit)
      throw await blocked(
        addr,
        'from your address',
        async () => `login: address ${ip} blocked after ${this.l.limit} failed logins`,
      );
    if (pair.hits > this.l.perPair)
      throw await blocked(
        pair,
        'for this account from your address',
        async () => `login: ${await describe()} blocked from ${ip} after ${this.l.perPair} failed logins`,
      );
    const ms = Math.max(
      this.wait(pair.hits - 1, 2),
      this.wait(addr.hits - 1, Math.ceil(this.l.limit / 2)),
      this.wait(user.hits - 1, this.l.perAccount),
    );
    if (user.hits - 1 === this.l.perAccount)
      this.log(`login: ${await describe()} slowed after ${this.l.perAccount} failed logins (latest from ${ip})`);
    if (ms) await sleep(ms);
    return {
      succeeded: async () => {
        await forgive();
        await this.auth.resetLoginAttempts(keys.pair);
      },
      uncounted: async () => void (await forgive()),
    };
  }
}
