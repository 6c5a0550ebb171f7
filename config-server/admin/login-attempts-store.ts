import type { ClientRateLimitInfo, Store } from 'express-rate-limit';
import type { AuthStore } from '../store/config-store.js';

/**
 * express-rate-limit's counter kept in the auth store instead of process memory: with several replicas
 * behind a load balancer, a client's failed logins add up across all of them.
 */
export class LoginAttemptsStore implements Store {
  /** Counts are shared with other processes. */
  readonly localKeys = false;

  /**
   * @param prefix keeps the counts of different limits apart in the one table (`addr:` per client address,
   *   `user:` per account).
   */
  constructor(
    private readonly auth: AuthStore,
    private readonly windowMs: number,
    readonly prefix = '',
  ) {}

  async increment(key: string): Promise<ClientRateLimitInfo> {
    const { hits, resetAt } = await this.auth.countLoginAttempt(this.prefix + key, this.windowMs);
    return { totalHits: hits, resetTime: new Date(resetAt) };
  }

  decrement(key: string) {
    return this.auth.forgiveLoginAttempt(this.prefix + key);
  }

  resetKey(key: string) {
    return this.auth.resetLoginAttempts(this.prefix + key);
  }
}
