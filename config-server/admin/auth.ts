import { createHash, randomBytes } from 'node:crypto';
import { sameSecret } from '../http/same-secret.js';
import type { Request, RequestHandler, Response } from 'express';
import { HttpError } from '../http/http-error.js';
import { ROLES, type AuthStore, type Role } from '../store/config-store.js';
import type { MarketRole } from '../store/market-role-records.js';
import { highestRole } from './market-access.js';
import { checkOrigin } from './same-origin.js';
import { systemClock } from '../clock.js';

export const SESSION_COOKIE = 'sdui_admin';
export const CSRF_HEADER = 'x-csrf-token';
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
/** ADMIN_IDLE_TIMEOUT_MIN's default: a session unused this long ends (ASVS V3.3.2), besides the 12 h limit. */
export const DEFAULT_IDLE_TIMEOUT_MS = 30 * 60 * 1000;
/**
 * How stale a session's last-seen time may get before a request writes it again: a store write per minute per session
 * at most, not per request. The idle timeout is therefore exact to within this.
 */
export const TOUCH_EVERY_MS = 60 * 1000;

export interface AdminUser {
  name: string;
  /** The global role (every market, and the documents they share). */
  role: Role;
  /** Roles for one market each, above the global role (market-access.ts). */
  marketRoles: MarketRole[];
  via: 'session' | 'token';
  /** Session only: its cookie token hash (logout) and CSRF token. */
  sessionHash?: string;
  csrf?: string;
  /** Token only: the id of the API token used. */
  tokenId?: string;
}

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
export const newSecret = () => randomBytes(32).toString('base64url');

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A cookie's value; a value that is not valid percent-encoding (`%E0%A4%A`) counts as no cookie at all. */
export function readCookie(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** The logged-in user of this request (set by `authenticate`). */
export function currentUser(res: Response): AdminUser {
  const u = res.locals.adminUser as AdminUser | undefined;
  if (!u) throw new HttpError(401, 'Log in first');
  return u;
}

export interface SessionClock {
  /** A session not used for this long ends (ms; default 30 minutes). */
  idleTimeoutMs: number;
  /** The time (tests move it). */
  now?: () => number;
}

/**
 * Deny by default: mounted once before every admin route. A request passes with a bearer API
 * token (scripts) or a session cookie; cookie requests that change state must also echo the
 * session's CSRF token in `X-CSRF-Token` (SameSite=Strict alone does not cover every browser).
 * A session unused for `idleTimeoutMs` is deleted and answered 401; one in use slides (last-seen moves on).
 * State-changing requests must also come from the console's own origin (same-origin.ts): a foreign Origin or Referer is
 * 403 for everyone; neither header is fine with an API token, 403 with a session cookie.
 */
export function authenticate(
  auth: AuthStore,
  clock: SessionClock = { idleTimeoutMs: DEFAULT_IDLE_TIMEOUT_MS },
): RequestHandler {
  const now = clock.now ?? (() => systemClock.now());
  const idleMinutes = Math.round(clock.idleTimeoutMs / 60_000);
  return async (req, res, next) => {
    let user: AdminUser | undefined;
    // First, whoever it is: a request from another origin is refused before any credential is looked at.
    checkOrigin(req, 'allow');
    const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
    if (bearer) {
      const token = await auth.getApiToken(sha256(bearer));
      const u = token ? await auth.getUser(token.user) : undefined;
      if (!token || !u || u.disabledAt) throw new HttpError(401, 'Unknown, expired or revoked API token');
      // Never more than the user may do now: a token minted as publisher by a user since made a viewer acts as a viewer.
      const marketRoles = (await auth.marketRolesOf(u.name)).map((g) => ({
        ...g,
        role: lowerRole(token.role, g.role),
      }));
      user = { name: u.name, role: lowerRole(token.role, u.role), marketRoles, via: 'token', tokenId: token.id };
    } else {
      const cookie = readCookie(req, SESSION_COOKIE);
      const hash = cookie ? sha256(cookie) : undefined;
      const session = hash ? await auth.getSession(hash) : undefined;
      const u = session ? await auth.getUser(session.user) : undefined;
      if (!session || !u || u.disabledAt)
        throw new HttpError(401, 'Log in first (POST /admin/api/login), or send an API token as Authorization: Bearer');
      const t = now();
      if (t - session.lastSeenAt > clock.idleTimeoutMs) {
        // Gone, not just refused: the cookie cannot come back to life on another replica or after a clock change.
        await auth.deleteSession(hash!);
        throw new HttpError(401, `Your session ended after ${idleMinutes} minutes without activity: log in again`);
      }
      if (t - session.lastSeenAt >= TOUCH_EVERY_MS) await auth.touchSession(hash!, t);
      checkOrigin(req, 'refuse');
      // The console preview's sandbox (preview-routes.ts) is a stand-in loan backend for the framed renderer, which
      // sends no CSRF token: its calls change only sandbox state, never documents, so they need the session alone.
      if (!SAFE_METHODS.has(req.method) && !req.path.startsWith('/preview/sandbox/')) {
        const sent = req.get(CSRF_HEADER);
        if (!sent || !sameSecret(sent, session.csrf)) {
          throw new HttpError(
            403,
            `Missing or wrong CSRF token: send the csrfToken from GET /admin/api/me in the ${CSRF_HEADER} header`,
          );
        }
      }
      const marketRoles = await auth.marketRolesOf(u.name);
      user = { name: u.name, role: u.role, marketRoles, via: 'session', sessionHash: hash, csrf: session.csrf };
    }
    res.locals.adminUser = user;
    next();
  };
}

const WHAT: Record<Role, string> = {
  viewer: 'reading',
  editor: 'saving drafts',
  publisher: 'publishing and rolling back',
};

/**
 * Roles are ordered: a publisher can do what an editor can, an editor what a viewer can. The role may be held for one
 * market only: the route then checks each document against its market (market-access.ts).
 */
export function requireRole(role: Role): RequestHandler {
  return (_req, res, next) => {
    const u = currentUser(res);
    const has = highestRole(u);
    if (ROLES.indexOf(has) < ROLES.indexOf(role)) {
      throw new HttpError(403, `${u.name} has the ${has} role; ${WHAT[role]} needs the ${role} role`);
    }
    next();
  };
}

/** A role held globally (not for one market only): managing people and everyone's sessions. */
export function requireGlobalRole(role: Role): RequestHandler {
  return (_req, res, next) => {
    const u = currentUser(res);
    if (ROLES.indexOf(u.role) < ROLES.indexOf(role)) {
      throw new HttpError(403, `${u.name} has the ${u.role} role globally; this needs a global ${role} role`);
    }
    next();
  };
}

/** The lesser of two roles. */
export const lowerRole = (a: Role, b: Role): Role => (ROLES.indexOf(a) <= ROLES.indexOf(b) ? a : b);

export function isRole(v: unknown): v is Role {
  return typeof v === 'string' && (ROLES as readonly string[]).includes(v);
}
