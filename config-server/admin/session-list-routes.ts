/**
 * The sessions page's API (OWASP ASVS V3.3.4: a user sees and ends their sessions). Everyone lists and ends their own
 * console sessions; an admin (a publisher) lists and ends anyone's, and disables an account, which ends its sessions
 * and API tokens at once. Every ending is audited with whose session it was and where it had started.
 */
import { Router } from 'express';
import { HttpError } from '../http/http-error.js';
import type { AuthStore, ConfigStore } from '../store/config-store.js';
import type { SessionListing } from '../store/session-list-records.js';
import { auditEvent } from './audit-event.js';
import { currentUser, requireGlobalRole, type AdminUser } from './auth.js';
import { systemClock, type Clock } from '../clock.js';

/** An admin: a publisher for every market (a global role), not for one market only. */
const isAdmin = (u: AdminUser) => u.role === 'publisher';

const view = (s: SessionListing, mine: string | undefined) => ({
  id: s.id,
  user: s.user,
  startedAt: new Date(s.startedAt).toISOString(),
  lastSeenAt: new Date(s.lastSeenAt).toISOString(),
  expiresAt: new Date(s.expiresAt).toISOString(),
  address: s.address,
  device: s.device,
  current: s.tokenHash === mine,
});

export function sessionListRouter(
  auth: AuthStore,
  store: ConfigStore,
  idleTimeoutMs: number,
  /** The clock sessions are made and touched with: expiry and idleness are judged by it. */
  clock: Clock = systemClock,
) {
  const router = Router();

  /** `GET /sessions`: the caller's own; `?all=true` everyone's (admins). Sessions past the idle timeout are left out. */
  router.get('/sessions', async (req, res) => {
    const u = currentUser(res);
    const all = req.query.all;
    if (all !== undefined && all !== 'true' && all !== 'false')
      throw new HttpError(400, 'Query parameter all must be true or false', { param: 'all' });
    if (all === 'true' && !isAdmin(u))
      throw new HttpError(403, `${u.name} has the ${u.role} role; everyone's sessions need the publisher role`);
    const now = clock.now();
    const list = await auth.listSessions(all === 'true' ? undefined : u.name, now);
    res.json({ sessions: list.filter((s) => now - s.lastSeenAt <= idleTimeoutMs).map((s) => view(s, u.sessionHash)) });
  });

  /** `DELETE /sessions/{id}`: ends one session at once (its cookie gets 401 at its next request). */
  router.delete('/sessions/:id', async (req, res) => {
    const u = currentUser(res);
    const id = String(req.params.id).slice(0, 64);
    const ended = await auth.endSession(id, isAdmin(u) ? undefined : u.name);
    if (!ended) throw new HttpError(404, `${u.name} has no session ${id}${isAdmin(u) ? '' : ' of their own'}`);
    const whose = ended.user === u.name ? 'own session' : `session of ${ended.user}`;
    await auditEvent(
      store,
      u.name,
      'session.end',
      `${whose} ${ended.id} (started ${new Date(ended.startedAt).toISOString()} from ${ended.address}), from ${req.ip}`,
    );
    res.status(204).end();
  });

  /** `POST /users/{name}/disable` (admins): the account can no longer log in; its sessions and tokens end now. */
  router.post('/users/:name/disable', requireGlobalRole('publisher'), async (req, res) => {
    const u = currentUser(res);
    const name = String(req.params.name).slice(0, 100);
    if (name === u.name) throw new HttpError(409, 'You cannot disable your own account: ask another admin');
    if (!(await auth.disableUser(name))) throw new HttpError(404, `No user ${name}`);
    await auditEvent(store, u.name, 'user.disable', `${name}: sessions and API tokens ended, from ${req.ip}`);
    res.status(204).end();
  });

  return router;
}
