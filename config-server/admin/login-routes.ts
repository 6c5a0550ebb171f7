import { Router, type Request, type RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import { HttpError } from '../http/http-error.js';
import { jsonBody } from '../http/json-body.js';
import type { AuthStore, ConfigStore } from '../store/config-store.js';
import { auditEvent } from './audit-event.js';
import { newSecret, SESSION_COOKIE, SESSION_TTL_MS, sha256 } from './auth.js';
import { FIRST_ACCOUNT_COMMAND } from './first-account.js';
import { HashQueueFull } from './hash-queue.js';
import { LoginAttemptsStore } from './login-attempts-store.js';
import { hashPassword, needsRehash, verifyPassword } from './password.js';
import { checkOrigin } from './same-origin.js';
import { cookieOptions, defaultSessionSettings, type SessionSettings } from './session-settings.js';

export interface LoginLimit {
  windowMs: number;
  /** Failed attempts allowed per client address and window (successful logins are not counted). */
  limit: number;
  /**
   * Failed attempts allowed per account and window, from any number of addresses (default 10). Below the address
   * limit, so one client guessing one account locks that account only, never everyone behind the same address.
   */
  perAccount?: number;
}

export const DEFAULT_LOGIN_LIMIT: Required<LoginLimit> = { windowMs: 15 * 60_000, limit: 30, perAccount: 10 };

/** A full hash queue is the server being busy, not the client failing: 503 with when to come back. */
async function orBusy<T>(hash: () => Promise<T>): Promise<T> {
  try {
    return await hash();
  } catch (e) {
    if (e instanceof HashQueueFull)
      throw new HttpError(503, `${e.message}: too many logins at once`, undefined, {
        'Retry-After': String(e.retryAfterS),
      });
    throw e;
  }
}

/** The user name as typed (body already parsed); never logged or stored as it is, it may be a password. */
const typedName = (req: Request) => String((req.body as { user?: unknown } | undefined)?.user ?? '').slice(0, 200);

/**
 * POST /login and GET /setup: the only admin routes reachable without a session. Failed logins are limited per
 * client address (`req.ip`: the TCP peer, or what the trusted proxy says; see TRUST_PROXY) and per account.
 */
export function loginRouter(
  auth: AuthStore,
  store: ConfigStore,
  limit: LoginLimit = DEFAULT_LOGIN_LIMIT,
  settings: SessionSettings = defaultSessionSettings(),
) {
  const router = Router();
  const perAccount = limit.perAccount ?? DEFAULT_LOGIN_LIMIT.perAccount;
  const minutes = Math.ceil(limit.windowMs / 60_000);
  const common = {
    windowMs: limit.windowMs,
    skipSuccessfulRequests: true,
    // A 503 (hashes busy) checked no password: not a guess, so it counts against neither the address nor the account.
    requestWasSuccessful: (_req: Request, res: { statusCode: number }) =>
      res.statusCode < 400 || res.statusCode === 503,
    standardHeaders: 'draft-8' as const,
    legacyHeaders: false,
  };
  const byAddress = rateLimit({
    ...common,
    limit: limit.limit,
    // In the database: every replica counts the same failures.
    store: new LoginAttemptsStore(auth, limit.windowMs, 'addr:'),
    handler: (_req, _res, next) =>
      next(new HttpError(429, `Too many failed logins from your address: try again in ${minutes} minutes`)),
  });
  const byAccount = rateLimit({
    ...common,
    limit: perAccount,
    identifier: 'account',
    store: new LoginAttemptsStore(auth, limit.windowMs, 'user:'),
    // Counted under a hash of the typed name: a name that is no account is often a password typed into the wrong box,
    // and the attempts table must not keep it. Every name still has its own count, so a 429 tells no account apart.
    keyGenerator: (req) => sha256(typedName(req)).slice(0, 32),
    handler: async (req, _res, next) => {
      try {
        // Only a real account's name is logged; anything else is "unknown account" (see typedName).
        const account = await auth.getUser(typedName(req));
        settings.log(
          `login: ${account ? `account ${JSON.stringify(account.name)}` : 'unknown account'} locked after ${perAccount} failed logins (from ${req.ip})`,
        );
        next(new HttpError(429, `Too many failed logins for this account: try again in ${minutes} minutes`));
      } catch (e) {
        next(e);
      }
    },
  });
  // Before any account exists the console cannot be used: say how to create the first one. Once one exists
  // this says nothing more than that (no names, no count).
  router.get('/setup', async (_req, res) => {
    const users = await auth.countUsers();
    res.json(users > 0 ? { firstAccountNeeded: false } : { firstAccountNeeded: true, command: FIRST_ACCOUNT_COMMAND });
  });
  // From another origin: 403 before any count or hash (login CSRF). No Origin at all: a script, allowed (same-origin.ts).
  const sameOrigin: RequestHandler = (req, _res, next) => next(checkOrigin(req, 'allow'));
  router.post('/login', sameOrigin, byAddress, jsonBody(), byAccount, async (req, res) => {
    const { user, password } = (req.body ?? {}) as { user?: unknown; password?: unknown };
    if (typeof user !== 'string' || typeof password !== 'string' || !user || !password) {
      throw new HttpError(400, 'Send {"user": "...", "password": "..."} as JSON');
    }
    const u = await auth.getUser(user);
    const ok = await orBusy(() => verifyPassword(password, u?.passwordHash, settings.scrypt, settings.hashes));
    if (!u || !ok || u.disabledAt) {
      // A name that is no account is not recorded: people type their password into the name field.
      const why = !u ? 'no such user' : !ok ? 'wrong password' : 'user disabled';
      const who = u ? u.name : '(unknown)';
      settings.log(`login failed: ${u ? u.name : 'unknown account'} from ${req.ip}: ${why}`);
      await auditEvent(store, who, 'login.failure', `from ${req.ip}: ${why}`);
      throw new HttpError(401, 'Wrong user name or password');
    }
    if (needsRehash(u.passwordHash, settings.scrypt)) {
      // The password is known right now, and only now: store it at today's parameters. A password changed
      // meanwhile (the hash is no longer the one checked) wins.
      // Skipped when hashes are busy: the login stands, the next one upgrades.
      const upgraded = await hashPassword(password, settings.scrypt, settings.hashes).catch((e: unknown) => {
        if (e instanceof HashQueueFull) return undefined;
        throw e;
      });
      if (upgraded) await auth.rehashPassword(u.name, u.passwordHash, upgraded);
    }
    const token = newSecret();
    const csrf = newSecret();
    const now = settings.clock.now();
    await auth.createSession(sha256(token), { user: u.name, csrf, expiresAt: now + SESSION_TTL_MS, lastSeenAt: now });
    await auditEvent(store, u.name, 'login', `from ${req.ip}`);
    res.cookie(SESSION_COOKIE, token, { ...cookieOptions(req, settings.cookieSecure), maxAge: SESSION_TTL_MS });
    res.json({ user: u.name, role: u.role, csrfToken: csrf });
  });
  return router;
}
