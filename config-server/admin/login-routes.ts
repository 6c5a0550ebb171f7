import { randomBytes } from 'node:crypto';
import { Router, type RequestHandler } from 'express';
import { HttpError } from '../http/http-error.js';
import { jsonBody } from '../http/json-body.js';
import type { AuthStore, ConfigStore } from '../store/config-store.js';
import { auditEvent } from './audit-event.js';
import { newSecret, SESSION_COOKIE, SESSION_TTL_MS, sha256 } from './auth.js';
import { FIRST_ACCOUNT_COMMAND } from './first-account.js';
import { HashQueueFull } from './hash-queue.js';
import { LoginThrottle, type LoginLimit } from './login-throttle.js';
import type { LocalLoginSettings, OidcSettings } from './oidc-settings.js';
import { hashPassword, needsRehash, verifyPassword } from './password.js';
import { checkOrigin } from './same-origin.js';
import { cookieOptions, defaultSessionSettings, type SessionSettings } from './session-settings.js';

export { DEFAULT_LOGIN_LIMIT, type LoginLimit } from './login-throttle.js';

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

/**
 * POST /login and GET /setup: the only admin routes reachable without a session. Failed logins are throttled per
 * client address (`req.ip`: the TCP peer, or what the trusted proxy says; see TRUST_PROXY), per address and account,
 * and per account (login-throttle.ts).
 */
export function loginRouter(
  auth: AuthStore,
  store: ConfigStore,
  limit?: LoginLimit,
  settings: SessionSettings = defaultSessionSettings(),
  local: LocalLoginSettings = { passwords: true, breakGlass: [] },
  oidc?: OidcSettings,
) {
  const router = Router();
  const throttle = new LoginThrottle(auth, limit, settings.log, () => settings.clock.now());
  // Before any account exists the console cannot be used: say how to create the first one. Once one exists
  // this says nothing more than that (no names, no count).
  router.get('/setup', async (_req, res) => {
    const users = await auth.countUsers();
    const signIn = { signInWith: oidc ? oidc.issuer.host : null, passwords: local.passwords };
    res.json(
      users > 0
        ? { firstAccountNeeded: false, ...signIn }
        : { firstAccountNeeded: true, command: FIRST_ACCOUNT_COMMAND, ...signIn },
    );
  });
  // From another origin: 403 before any count or hash (login CSRF). No Origin at all: a script, allowed (same-origin.ts).
  const sameOrigin: RequestHandler = (req, _res, next) => next(checkOrigin(req, 'allow'));
  router.post('/login', sameOrigin, jsonBody(), async (req, res) => {
    const { user, password } = (req.body ?? {}) as { user?: unknown; password?: unknown };
    if (typeof user !== 'string' || typeof password !== 'string' || !user || !password) {
      throw new HttpError(400, 'Send {"user": "...", "password": "..."} as JSON');
    }
    const ip = req.ip ?? '';
    // LOCAL_PASSWORDS=off: only the break-glass accounts still log in with a password (before any count or hash).
    if (!local.passwords && !local.breakGlass.includes(user))
      throw new HttpError(403, `Password logins are off: sign in with ${oidc?.issuer.host ?? 'the identity provider'}`);
    // Only a real account's name is logged; anything else is "unknown account" (it may be a password).
    const describe = async () => {
      const account = await auth.getUser(user.slice(0, 200));
      return account ? `account ${JSON.stringify(account.name)}` : 'unknown account';
    };
    const attempt = await throttle.admit(ip, user.slice(0, 200), describe);
    const u = await auth.getUser(user);
    let ok: boolean;
    try {
      ok = await orBusy(() => verifyPassword(password, u?.passwordHash, settings.scrypt, settings.hashes));
    } catch (e) {
      if (e instanceof HttpError && e.status === 503) await attempt.uncounted();
      throw e;
    }
    if (!u || !ok || u.disabledAt) {
      // A name that is no account is not recorded: people type their password into the name field.
      const why = !u ? 'no such user' : !ok ? 'wrong password' : 'user disabled';
      const who = u ? u.name : '(unknown)';
      settings.log(`login failed: ${u ? u.name : 'unknown account'} from ${req.ip}: ${why}`);
      await auditEvent(store, who, 'login.failure', `from ${req.ip}: ${why}`);
      throw new HttpError(401, 'Wrong user name or password');
    }
    await attempt.succeeded();
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
    // For the sessions page: where and on what it started (the User-Agent is the browser's word, shown as text only).
    await auth.recordSessionStart(sha256(token), {
      id: randomBytes(8).toString('hex'),
      user: u.name,
      startedAt: now,
      address: ip,
      device: (req.get('user-agent') ?? '').replace(/[\u0000-\u001f\u007f]/g, ' ').slice(0, 200),
    });
    await auditEvent(store, u.name, 'login', `from ${req.ip}`);
    res.cookie(SESSION_COOKIE, token, { ...cookieOptions(req, settings.cookieSecure), maxAge: SESSION_TTL_MS });
    res.json({ user: u.name, role: u.role, csrfToken: csrf });
  });
  return router;
}
