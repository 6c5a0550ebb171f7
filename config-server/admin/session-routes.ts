import { Router, type Request } from 'express';
import { rateLimit } from 'express-rate-limit';
import { HttpError } from '../http-error.js';
import type { AuthStore } from '../store/config-store.js';
import { currentUser, newSecret, SESSION_COOKIE, SESSION_TTL_MS, sha256 } from './auth.js';
import { verifyPassword } from './password.js';
import { jsonBody } from '../json-body.js';
import { FIRST_ACCOUNT_COMMAND } from './first-account.js';
import { LoginAttemptsStore } from './login-attempts-store.js';

export interface LoginLimit {
  windowMs: number;
  /** Failed attempts allowed per client address and window (successful logins are not counted). */
  limit: number;
}

const cookieOptions = (req: Request) => ({
  httpOnly: true,
  sameSite: 'strict' as const,
  secure: req.secure,
  path: '/admin',
});

/** POST /login and GET /setup: the only admin routes reachable without a session. */
export function loginRouter(auth: AuthStore, limit: LoginLimit = { windowMs: 15 * 60_000, limit: 10 }) {
  const router = Router();
  const limiter = rateLimit({
    windowMs: limit.windowMs,
    limit: limit.limit,
    skipSuccessfulRequests: true,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    // In the database: every replica counts the same failures.
    store: new LoginAttemptsStore(auth, limit.windowMs),
    handler: (_req, _res, next, opts) =>
      next(new HttpError(429, `Too many failed logins: try again in ${Math.ceil(opts.windowMs / 60_000)} minutes`)),
  });
  // Before any account exists the console cannot be used: say how to create the first one. Once one exists
  // this says nothing more than that (no names, no count).
  router.get('/setup', async (_req, res) => {
    const users = await auth.countUsers();
    res.json(users > 0 ? { firstAccountNeeded: false } : { firstAccountNeeded: true, command: FIRST_ACCOUNT_COMMAND });
  });
  router.post('/login', limiter, jsonBody(), async (req, res) => {
    const { user, password } = (req.body ?? {}) as { user?: unknown; password?: unknown };
    if (typeof user !== 'string' || typeof password !== 'string' || !user || !password) {
      throw new HttpError(400, 'Send {"user": "...", "password": "..."} as JSON');
    }
    const u = await auth.getUser(user);
    const ok = await verifyPassword(password, u?.passwordHash);
    if (!u || !ok) throw new HttpError(401, 'Wrong user name or password');
    const token = newSecret();
    const csrf = newSecret();
    await auth.createSession(sha256(token), { user: u.name, csrf, expiresAt: Date.now() + SESSION_TTL_MS });
    res.cookie(SESSION_COOKIE, token, { ...cookieOptions(req), maxAge: SESSION_TTL_MS });
    res.json({ user: u.name, role: u.role, csrfToken: csrf });
  });
  return router;
}

/** Routes about the caller's own session; mounted after `authenticate`. */
export function sessionRouter(auth: AuthStore) {
  const router = Router();
  router.get('/me', (_req, res) => {
    const u = currentUser(res);
    res.setHeader('Cache-Control', 'no-store');
    res.json({ user: u.name, role: u.role, via: u.via, csrfToken: u.csrf ?? null });
  });
  router.post('/logout', async (req, res) => {
    const u = currentUser(res);
    if (u.sessionHash) await auth.deleteSession(u.sessionHash);
    res.clearCookie(SESSION_COOKIE, cookieOptions(req));
    res.status(204).end();
  });
  /** A personal API token for scripts; shown once, stored only as a hash. */
  router.post('/tokens', async (req, res) => {
    const u = currentUser(res);
    const label = typeof req.body?.label === 'string' ? req.body.label.slice(0, 100) : 'api token';
    const token = newSecret();
    await auth.createApiToken(sha256(token), u.name, label);
    res.status(201).json({ token, user: u.name, role: u.role, label });
  });
  return router;
}
