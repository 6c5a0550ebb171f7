/**
 * Sign-in with the company's identity provider: OpenID Connect authorization code with PKCE, through `openid-client`
 * (which checks `state`, `nonce` and the ID token's signature, issuer, audience and expiry). `GET /oidc/start` keeps
 * the state, nonce and PKCE verifier in a short-lived signed cookie (any replica can finish the sign-in) and sends the
 * browser to the provider; `GET /oidc/callback` finishes it: the person's `groups` give their console roles
 * (OIDC_GROUP_ROLES), written to their account at every sign-in, and a console session starts as after a password
 * login. Anything refused is a plain page saying why, never a session.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { Router, type Request, type RequestHandler, type Response } from 'express';
import { HttpError } from '../http/http-error.js';
import { sameSecret } from '../http/same-secret.js';
import * as client from 'openid-client';
import { escapeHtml } from '../http/escape-html.js';
import type { AuthStore, ConfigStore } from '../store/config-store.js';
import { auditEvent } from './audit-event.js';
import { newSecret, SESSION_COOKIE, SESSION_TTL_MS, sha256, type AdminUser } from './auth.js';
import { rolesFromGroups, type OidcSettings } from './oidc-settings.js';
import { cookieOptions, type SessionSettings } from './session-settings.js';

const TX_COOKIE = 'sdui_oidc';
/** How long a sign-in may take at the provider. */
const TX_TTL_MS = 10 * 60_000;
/** The hash an account made by sign-in carries: no password matches it (password.ts reads no parameters in it). */
export const OIDC_PASSWORD_HASH = 'oidc:no-password';

/**
 * What an account made by sign-in carries instead, once bound to the person: no password matches it either, and it
 * names the provider's subject (`sub`, which never changes and is never reused), not the user name, which a person
 * may be able to change at the provider. Accounts made before carry OIDC_PASSWORD_HASH until their next sign-in.
 */
export const oidcPersonHash = (issuer: URL, sub: string) => `oidc:${sha256(`${issuer.href}\n${sub}`)}`;

interface Transaction {
  state: string;
  nonce: string;
  verifier: string;
  exp: number;
}

/** Without OIDC_ISSUER the sign-in routes still answer, with a 404 saying how to set them up. */
export const oidcNotSet = Router();
for (const path of ['/oidc/start', '/oidc/callback'])
  oidcNotSet.get(path, () => {
    throw new HttpError(404, 'Sign-in with an identity provider is not set up here: see OIDC_ISSUER in RUNNING.md');
  });

export function oidcRouter(auth: AuthStore, store: ConfigStore, oidc: OidcSettings, settings: SessionSettings) {
  const router = Router();
  // The session's clock throughout: the sessions this makes are judged by it (auth.ts), and tests move it.
  const now = () => settings.clock.now();
  // The key signing the sign-in cookie: the same on every replica, known only to them.
  const key = createHmac('sha256', oidc.clientSecret).update('sdui oidc transaction').digest();
  const sign = (body: string) => createHmac('sha256', key).update(body).digest('base64url');
  let config: Promise<client.Configuration> | undefined;
  const discovered = () =>
    (config ??= client
      .discovery(
        oidc.issuer,
        oidc.clientId,
        oidc.clientSecret,
        undefined,
        oidc.issuer.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : undefined,
      )
      .then((cfg) => {
        // openid-client trusts an ID token from the token endpoint by TLS alone unless told: verify its signature
        // against the provider's keys (JWKS) too, so a token altered on its way is refused.
        client.enableNonRepudiationChecks(cfg);
        return cfg;
      })
      .catch((e: unknown) => {
        config = undefined;
        throw e;
      }));

  const txCookie = (req: Request) => ({ ...cookieOptions(req, settings.cookieSecure), sameSite: 'lax' as const });
  const refuse = (res: Response, status: number, why: string) => {
    settings.log(`oidc: sign-in refused: ${why}`);
    res
      .status(status)
      .type('html')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign-in refused</title></head><body><main>` +
          `<h1>Sign-in refused</h1><p>${escapeHtml(why)}</p><p><a href="/admin">Back to the console</a></p></main></body></html>`,
      );
  };

  router.get('/oidc/start', async (req, res) => {
    let cfg: client.Configuration;
    try {
      cfg = await discovered();
    } catch (e) {
      return refuse(
        res,
        502,
        `The identity provider at ${oidc.issuer.href} could not be used: ${(e as Error).message}`,
      );
    }
    const tx: Transaction = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      verifier: client.randomPKCECodeVerifier(),
      exp: now() + TX_TTL_MS,
    };
    const body = Buffer.from(JSON.stringify(tx)).toString('base64url');
    res.cookie(TX_COOKIE, `${body}.${sign(body)}`, { ...txCookie(req), maxAge: TX_TTL_MS });
    const url = client.buildAuthorizationUrl(cfg, {
      redirect_uri: oidc.redirectUri.href,
      scope: 'openid profile email groups',
      code_challenge: await client.calculatePKCECodeChallenge(tx.verifier),
      code_challenge_method: 'S256',
      state: tx.state,
      nonce: tx.nonce,
    });
    res.setHeader('Cache-Control', 'no-store');
    res.redirect(303, url.href);
  });

  router.get('/oidc/callback', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    // Used once: whatever happens next, this sign-in's cookie is gone (a replayed callback finds none).
    const raw = /(?:^|;\s*)sdui_oidc=([^;]+)/.exec(req.headers.cookie ?? '')?.[1] ?? '';
    res.clearCookie(TX_COOKIE, txCookie(req));
    const [body = '', mac = ''] = raw.split('.');
    if (!mac || !sameSecret(mac, sign(body)))
      return refuse(
        res,
        400,
        'No sign-in is in progress in this browser (it was used already, or expired): start again.',
      );
    const tx = JSON.parse(Buffer.from(body, 'base64url').toString()) as Transaction;
    if (tx.exp < now()) return refuse(res, 400, 'The sign-in took longer than 10 minutes: start again.');
    let claims: client.IDToken;
    let refreshToken: string | undefined;
    try {
      const cfg = await discovered();
      const current = new URL(req.originalUrl, oidc.redirectUri);
      const tokens = await client.authorizationCodeGrant(cfg, current, {
        pkceCodeVerifier: tx.verifier,
        expectedState: tx.state,
        expectedNonce: tx.nonce,
        idTokenExpected: true,
      });
      claims = tokens.claims()!;
      refreshToken = tokens.refresh_token;
    } catch (e) {
      // openid-client's own words, with the check that failed (its cause: a bad signature, issuer, nonce, ...).
      const cause = (e as { cause?: { message?: unknown } }).cause?.message;
      const why = [(e as Error).message, typeof cause === 'string' ? cause : ''].filter(Boolean).join(': ');
      return refuse(res, 400, `The identity provider's answer was not accepted: ${why}`);
    }
    const name = String(claims.preferred_username ?? claims.email ?? claims.sub).slice(0, 64);
    const roles = rolesFromGroups(claims.groups, oidc.groupRoles);
    if (!roles)
      return refuse(res, 403, `${name} is in no group that OIDC_GROUP_ROLES maps to a console role: ask for access.`);
    const existing = await auth.getUser(name);
    const person = oidcPersonHash(oidc.issuer, claims.sub);
    if (existing && !existing.passwordHash.startsWith('oidc:'))
      return refuse(res, 409, `${name} is a local (password) account here: sign in with its password.`);
    // The user name is the provider's word and may change hands: the account stays with the person it was made for.
    if (existing && existing.passwordHash !== person && existing.passwordHash !== OIDC_PASSWORD_HASH)
      return refuse(
        res,
        409,
        `${name} is the account of someone else at the identity provider: ask an admin about your user name.`,
      );
    if (existing?.disabledAt) return refuse(res, 403, `${name} is disabled in the console.`);
    if (!existing || existing.role !== roles.role || existing.passwordHash !== person)
      await auth.upsertUser({ name, role: roles.role, passwordHash: person });
    await auth.setMarketRoles(name, roles.marketRoles);
    const token = newSecret();
    const at = now();
    await auth.createSession(sha256(token), {
      user: name,
      csrf: newSecret(),
      expiresAt: at + SESSION_TTL_MS,
      lastSeenAt: at,
    });
    await auth.recordSessionStart(sha256(token), {
      id: randomBytes(8).toString('hex'),
      user: name,
      startedAt: at,
      address: req.ip ?? '',
      device: (req.get('user-agent') ?? '').replace(/[\u0000-\u001f\u007f]/g, ' ').slice(0, 200),
    });
    // Without a refresh token the provider cannot be asked again: such a session ends at its first re-check.
    await auth.recordOidcLogin(sha256(token), { refreshToken: refreshToken ?? '', checkedAt: at });
    const given = [roles.role, ...roles.marketRoles.map((g) => `${g.role}:${g.market}`)].join(', ');
    await auditEvent(store, name, 'login', `with the identity provider from ${req.ip} (${given})`);
    res.cookie(SESSION_COOKIE, token, { ...cookieOptions(req, settings.cookieSecure), maxAge: SESSION_TTL_MS });
    res.redirect(303, '/admin');
  });
  // The sign-in routes come before the session check; the re-check after it (admin-router.ts).
  return { signIn: router, recheck: recheck(auth, store, oidc, discovered, settings.log, now) };
}

/**
 * After `authenticate`: a session started with the provider asks it again, through its refresh token, at most every
 * `recheckMs`; the person's groups then give their roles anew. No role any more (group removed, account gone, refresh
 * refused): every session and API token of theirs ends at this request, 401, audited.
 */
function recheck(
  auth: AuthStore,
  store: ConfigStore,
  oidc: OidcSettings,
  discovered: () => Promise<client.Configuration>,
  log: (m: string) => void,
  now: () => number,
): RequestHandler {
  return async (_req, res, next) => {
    const u = res.locals.adminUser as AdminUser | undefined;
    const login = u?.sessionHash ? await auth.oidcLoginOf(u.sessionHash) : undefined;
    if (!u || !login || now() - login.checkedAt < oidc.recheckMs) return next();
    let roles: ReturnType<typeof rolesFromGroups>;
    let refreshToken = login.refreshToken;
    try {
      if (!refreshToken) throw new Error('the provider gave no refresh token');
      const tokens = await client.refreshTokenGrant(await discovered(), refreshToken);
      refreshToken = tokens.refresh_token ?? refreshToken;
      const claims =
        tokens.claims() ??
        (await client.fetchUserInfo(await discovered(), tokens.access_token, client.skipSubjectCheck));
      roles = rolesFromGroups(claims.groups, oidc.groupRoles);
    } catch (e) {
      log(`oidc: re-check of ${u.name} failed: ${(e as Error).message}`);
      roles = undefined;
    }
    if (!roles) {
      // Every credential of theirs, not just this session: an API token or another session would otherwise keep acting
      // for someone the provider dropped. Same role and hash, so the account stays enabled for a later sign-in.
      const rec = await auth.getUser(u.name);
      if (rec && !rec.disabledAt)
        await auth.upsertUser({ name: rec.name, role: rec.role, passwordHash: rec.passwordHash });
      await auth.deleteSession(u.sessionHash!);
      await auditEvent(
        store,
        u.name,
        'session.end',
        'the identity provider no longer gives a console role: every session and API token of theirs ended',
      );
      throw new HttpError(401, 'Your access ended: the identity provider no longer gives you a console role');
    }
    await auth.setMarketRoles(u.name, roles.marketRoles);
    if (roles.role !== u.role) {
      const rec = await auth.getUser(u.name);
      if (rec) await auth.upsertUser({ name: u.name, role: roles.role, passwordHash: rec.passwordHash });
    }
    await auth.recordOidcLogin(u.sessionHash!, { refreshToken, checkedAt: now() });
    res.locals.adminUser = { ...u, role: roles.role, marketRoles: roles.marketRoles };
    next();
  };
}
