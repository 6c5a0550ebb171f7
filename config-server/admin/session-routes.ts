import { randomBytes } from 'node:crypto';
import { Router, type Request, type RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import { HttpError } from '../http/http-error.js';
import { apiTokenTtlDaysFromEnv, type CookieSecure } from '../http/security-settings.js';
import { ROLES, type AuthStore, type ConfigStore } from '../store/config-store.js';
import { auditEvent } from './audit-event.js';
import { currentUser, DEFAULT_IDLE_TIMEOUT_MS, isRole, newSecret, SESSION_COOKIE, SESSION_TTL_MS, sha256 } from './auth.js';
import { hashPassword, needsRehash, OWASP_SCRYPT, verifyPassword, type ScryptParams } from './password.js';
import { HashQueueFull, passwordHashes, type HashQueue } from './hash-queue.js';
import { jsonBody } from '../http/json-body.js';
import { FIRST_ACCOUNT_COMMAND } from './first-account.js';
import { LoginAttemptsStore } from './login-attempts-store.js';
import { checkOrigin } from './same-origin.js';

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
}

export const defaultSessionSettings = (): SessionSettings => ({
  cookieSecure: 'auto',
  tokenTtlDays: apiTokenTtlDaysFromEnv({}),
  idleTimeoutMs: DEFAULT_IDLE_TIMEOUT_MS,
  scrypt: OWASP_SCRYPT,
  hashes: passwordHashes,
  log: () => {},
});

/** A full hash queue is the server being busy, not the client failing: 503 with when to come back. */
async function orBusy<T>(hash: () => Promise<T>): Promise<T> {
  try {
    return await hash();
  } catch (e) {
    if (e instanceof HashQueueFull) throw new HttpError(503, `${e.message}: too many logins at once`, undefined, { 'Retry-After': String(e.retryAfterS) });
    throw e;
  }
}

/** The user name as typed (body already parsed); never logged or stored as it is, it may be a password. */
const typedName = (req: Request) => String((req.body as { user?: unknown } | undefined)?.user ?? '').slice(0, 200);

/** At most this many live API tokens per user: revoke one to mint another. */
export const MAX_TOKENS_PER_USER = 20;
const DAY_MS = 86_400_000;

const cookieOptions = (req: Request, secure: CookieSecure) => ({
  httpOnly: true,
  sameSite: 'strict' as const,
  secure: secure === 'always' || (secure === 'auto' && req.secure),
  path: '/admin',
});

/**
 * POST /login and GET /setup: the only admin routes reachable without a session. Failed logins are limited per
 * client address (`req.ip`: the TCP peer, or what the trusted proxy says; see TRUST_PROXY) and per account.
 */
export function loginRouter(auth: AuthStore, store: ConfigStore, limit: LoginLimit = DEFAULT_LOGIN_LIMIT, settings: SessionSettings = defaultSessionSettings()) {
  const router = Router();
  const perAccount = limit.perAccount ?? DEFAULT_LOGIN_LIMIT.perAccount;
  const minutes = Math.ceil(limit.windowMs / 60_000);
  const common = {
    windowMs: limit.windowMs,
    skipSuccessfulRequests: true,
    // A 503 (hashes busy) checked no password: not a guess, so it counts against neither the address nor the account.
    requestWasSuccessful: (_req: Request, res: { statusCode: number }) => res.statusCode < 400 || res.statusCode === 503,
    standardHeaders: 'draft-8' as const,
    legacyHeaders: false,
  };
  const byAddress = rateLimit({
    ...common,
    limit: limit.limit,
    // In the database: every replica counts the same failures.
    store: new LoginAttemptsStore(auth, limit.windowMs, 'addr:'),
    handler: (_req, _res, next) => next(new HttpError(429, `Too many failed logins from your address: try again in ${minutes} minutes`)),
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
        settings.log(`login: ${account ? `account ${JSON.stringify(account.name)}` : 'unknown account'} locked after ${perAccount} failed logins (from ${req.ip})`);
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
    const now = Date.now();
    await auth.createSession(sha256(token), { user: u.name, csrf, expiresAt: now + SESSION_TTL_MS, lastSeenAt: now });
    await auditEvent(store, u.name, 'login', `from ${req.ip}`);
    res.cookie(SESSION_COOKIE, token, { ...cookieOptions(req, settings.cookieSecure), maxAge: SESSION_TTL_MS });
    res.json({ user: u.name, role: u.role, csrfToken: csrf });
  });
  return router;
}

const tokenView = (t: { id: string; label: string; role: string; createdAt: string; expiresAt: number }) => ({
  id: t.id,
  label: t.label,
  role: t.role,
  createdAt: t.createdAt,
  expiresAt: new Date(t.expiresAt).toISOString(),
});

/** Routes about the caller's own session and API tokens; mounted after `authenticate`. */
export function sessionRouter(auth: AuthStore, store: ConfigStore, settings: SessionSettings = defaultSessionSettings()) {
  const router = Router();
  const maxDays = Math.max(365, settings.tokenTtlDays);
  router.get('/me', (_req, res) => {
    const u = currentUser(res);
    res.setHeader('Cache-Control', 'no-store');
    res.json({ user: u.name, role: u.role, via: u.via, csrfToken: u.csrf ?? null });
  });
  router.post('/logout', async (req, res) => {
    const u = currentUser(res);
    if (u.sessionHash) {
      await auth.deleteSession(u.sessionHash);
      await auditEvent(store, u.name, 'logout', `from ${req.ip}`);
    }
    res.clearCookie(SESSION_COOKIE, cookieOptions(req, settings.cookieSecure));
    res.status(204).end();
  });
  /**
   * A personal API token for scripts; shown once, stored only as a hash. Minted from a logged-in session only
   * (a token cannot renew itself forever), at most the user's own role, for a limited time.
   */
  router.post('/tokens', async (req, res) => {
    const u = currentUser(res);
    if (u.via !== 'session') throw new HttpError(403, 'API tokens are minted from a logged-in session (the console), not with another token');
    const body = (req.body ?? {}) as { label?: unknown; expiresInDays?: unknown; role?: unknown };
    const label = typeof body.label === 'string' && body.label.trim() ? body.label.trim().slice(0, 100) : 'api token';
    const days = body.expiresInDays ?? settings.tokenTtlDays;
    if (!Number.isInteger(days) || (days as number) < 1 || (days as number) > maxDays) {
      throw new HttpError(400, `expiresInDays must be a whole number of days from 1 to ${maxDays}`);
    }
    const role = body.role ?? u.role;
    if (!isRole(role)) throw new HttpError(400, `role must be one of ${ROLES.join(', ')}`);
    if (ROLES.indexOf(role) > ROLES.indexOf(u.role)) throw new HttpError(403, `${u.name} has the ${u.role} role: a token cannot have more (asked for ${role})`);
    if ((await auth.listApiTokens(u.name)).length >= MAX_TOKENS_PER_USER) {
      throw new HttpError(409, `${u.name} already has ${MAX_TOKENS_PER_USER} live API tokens: revoke one (DELETE /admin/api/tokens/{id}) before minting another`);
    }
    const token = newSecret();
    const id = randomBytes(8).toString('hex');
    const expiresAt = Date.now() + (days as number) * DAY_MS;
    await auth.createApiToken(sha256(token), { id, user: u.name, label, role, expiresAt });
    await auditEvent(store, u.name, 'token.create', `${id} '${label}' (${role}, expires ${new Date(expiresAt).toISOString()})`);
    res.status(201).json({ token, id, user: u.name, role, label, expiresAt: new Date(expiresAt).toISOString() });
  });
  router.get('/tokens', async (_req, res) => {
    const u = currentUser(res);
    res.json({ tokens: (await auth.listApiTokens(u.name)).map(tokenView) });
  });
  router.delete('/tokens/:id', async (req, res) => {
    const u = currentUser(res);
    const revoked = await auth.revokeApiToken(u.name, String(req.params.id));
    if (!revoked) throw new HttpError(404, `${u.name} has no API token ${String(req.params.id).slice(0, 40)}`);
    await auditEvent(store, u.name, 'token.revoke', `${revoked.id} '${revoked.label}'`);
    res.status(204).end();
  });
  return router;
}
