import type { Request } from 'express';
import { apiTokenTtlDaysFromEnv, type CookieSecure } from '../http/security-settings.js';
import { DEFAULT_IDLE_TIMEOUT_MS } from './auth.js';
import { passwordHashes, type HashQueue } from './hash-queue.js';
import { OWASP_SCRYPT, type ScryptParams } from './password.js';
import { systemClock, type Clock } from '../clock.js';

/** How sessions and API tokens are made; every field has a production default (admin-router.ts). */
export interface SessionSettings {
  /** `Secure` on the session cookie: `auto` when the request came over HTTPS (through the trusted proxy). */
  cookieSecure: CookieSecure;
  /** Lifetime of a new API token unless its minting says otherwise. */
  tokenTtlDays: number;
  /** A session unused this long ends (ADMIN_IDLE_TIMEOUT_MIN); the 12 h limit holds besides. */
  idleTimeoutMs: number;
  /** Password hashing; OWASP's parameters unless a test lowers them explicitly. */
  scrypt: ScryptParams;
  /** Where hashes wait their turn (default the process's one queue: 2 at once, 8 waiting). */
  hashes: HashQueue;
  log: (message: string) => void;
  /** When sessions and API tokens start and end: the server's clock. */
  clock: Clock;
}

export const defaultSessionSettings = (): SessionSettings => ({
  cookieSecure: 'auto',
  tokenTtlDays: apiTokenTtlDaysFromEnv({}),
  idleTimeoutMs: DEFAULT_IDLE_TIMEOUT_MS,
  scrypt: OWASP_SCRYPT,
  hashes: passwordHashes,
  log: () => {},
  clock: systemClock,
});

/** The session cookie's attributes: set at login, cleared at logout with the same ones. */
export const cookieOptions = (req: Request, secure: CookieSecure) => ({
  httpOnly: true,
  sameSite: 'strict' as const,
  secure: secure === 'always' || (secure === 'auto' && req.secure),
  path: '/admin',
});
