import { randomBytes } from 'node:crypto';
import { Router } from 'express';
import { HttpError } from '../http/http-error.js';
import { ROLES, type AuthStore, type ConfigStore } from '../store/config-store.js';
import { auditEvent } from './audit-event.js';
import { currentUser, isRole, newSecret, SESSION_COOKIE, sha256 } from './auth.js';
import { highestRole } from './market-access.js';
import { cookieOptions, defaultSessionSettings, type SessionSettings } from './session-settings.js';

/** At most this many live API tokens per user: revoke one to mint another. */
export const MAX_TOKENS_PER_USER = 20;
const DAY_MS = 86_400_000;

const tokenView = (t: { id: string; label: string; role: string; createdAt: string; expiresAt: number }) => ({
  id: t.id,
  label: t.label,
  role: t.role,
  createdAt: t.createdAt,
  expiresAt: new Date(t.expiresAt).toISOString(),
});

/** Routes about the caller's own session and API tokens; mounted after `authenticate`. */
export function sessionRouter(
  auth: AuthStore,
  store: ConfigStore,
  settings: SessionSettings = defaultSessionSettings(),
) {
  const router = Router();
  const maxDays = Math.max(365, settings.tokenTtlDays);
  router.get('/me', (_req, res) => {
    const u = currentUser(res);
    res.setHeader('Cache-Control', 'no-store');
    res.json({ user: u.name, role: u.role, marketRoles: u.marketRoles, via: u.via, csrfToken: u.csrf ?? null });
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
    if (u.via !== 'session')
      throw new HttpError(403, 'API tokens are minted from a logged-in session (the console), not with another token');
    const body = (req.body ?? {}) as { label?: unknown; expiresInDays?: unknown; role?: unknown };
    const label = typeof body.label === 'string' && body.label.trim() ? body.label.trim().slice(0, 100) : 'api token';
    const days = body.expiresInDays ?? settings.tokenTtlDays;
    if (!Number.isInteger(days) || (days as number) < 1 || (days as number) > maxDays) {
      throw new HttpError(400, `expiresInDays must be a whole number of days from 1 to ${maxDays}`);
    }
    const role = body.role ?? u.role;
    if (!isRole(role)) throw new HttpError(400, `role must be one of ${ROLES.join(', ')}`);
    // Up to the highest role held anywhere; the token's role caps every market role as well (auth.ts).
    const top = highestRole(u);
    if (ROLES.indexOf(role) > ROLES.indexOf(top))
      throw new HttpError(403, `${u.name} has the ${top} role: a token cannot have more (asked for ${role})`);
    if ((await auth.listApiTokens(u.name)).length >= MAX_TOKENS_PER_USER) {
      throw new HttpError(
        409,
        `${u.name} already has ${MAX_TOKENS_PER_USER} live API tokens: revoke one (DELETE /admin/api/tokens/{id}) before minting another`,
      );
    }
    const token = newSecret();
    const id = randomBytes(8).toString('hex');
    const expiresAt = settings.clock.now() + (days as number) * DAY_MS;
    await auth.createApiToken(sha256(token), { id, user: u.name, label, role, expiresAt });
    await auditEvent(
      store,
      u.name,
      'token.create',
      `${id} '${label}' (${role}, expires ${new Date(expiresAt).toISOString()})`,
    );
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
