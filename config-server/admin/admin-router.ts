import { Router } from 'express';
import { notFoundJson } from '../http/error-middleware.js';
import { jsonBody } from '../http/json-body.js';
import { rejectNulInTarget } from '../http/nul-characters.js';
import type { AuthStore, ConfigStore } from '../store/config-store.js';
import { approvalRouter } from './approval-routes.js';
import { authenticate } from './auth.js';
import { copyRouter } from './copy-routes.js';
import { documentsRouter } from './documents-routes.js';
import { mediaUploadRouter } from './media-routes.js';
import { publishRouter } from './publish-routes.js';
import type { ExperimentSettings } from '../experiments/experiment-settings.js';
import { releaseRouter, type ReleaseStats } from './release-routes.js';
import { previewRouter } from './preview-routes.js';
import { loginRouter, type LoginLimit } from './login-routes.js';
import { oidcNotSet, oidcRouter } from './oidc-routes.js';
import type { LocalLoginSettings, OidcSettings } from './oidc-settings.js';
import { sessionListRouter } from './session-list-routes.js';
import { sessionRouter } from './session-routes.js';
import { defaultSessionSettings, type SessionSettings } from './session-settings.js';
import type { ValidateLimit } from './publish-routes.js';
import type { ValidationSettings } from '../validation/validation-types.js';
import type { Clock } from '../clock.js';

export interface AdminOptions {
  store: ConfigStore;
  auth: AuthStore;
  /** Called after every publish or rollback (the public snapshot is rebuilt). */
  onPublished: () => Promise<void>;
  loginLimit?: LoginLimit;
  /** Where uploaded images are kept (`POST /media`); no uploads without it. */
  mediaDir?: string;
  mediaMaxBytes?: number;
  /** Makes the preview's sandbox (draft landing templates visible in the console preview); see preview-routes.ts. */
  previewSandbox?: (getTemplate: (templateId: string) => unknown) => Promise<Router | undefined>;
  /** Session cookie, API token lifetime, password hashing and the auth log (defaults: production's). */
  session?: Partial<SessionSettings>;
  /** Calls of POST /validate allowed per user and window (default 30 a minute). */
  validateLimit?: ValidateLimit;
  /** The arms' figures of each release (default zeros until the renderer's telemetry reports). */
  releaseStats?: ReleaseStats;
  /** What validate and every publish check with (the backend origins an API map may name); default none. */
  validation?: ValidationSettings;
  /** The server's clock (default the system's): sessions, tokens, schedules checked against now. */
  clock?: Clock;
  /** What experiments' results wait for (EXPERIMENT_MIN_DAYS and the engine's thresholds). */
  experimentSettings?: ExperimentSettings;
  /** Sign-in with the company's identity provider (OIDC_*); none when unset. */
  oidc?: OidcSettings;
  /** LOCAL_PASSWORDS and BREAK_GLASS_USERS (default: passwords on for everyone). */
  localLogin?: LocalLoginSettings;
}

/**
 * `/admin/api`. Deny by default: only POST /login and GET /setup come before the one `authenticate`
 * middleware; every route added below it, and every unknown path, needs a user.
 */
export function adminRouter(opts: AdminOptions) {
  const router = Router();
  router.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  // Before anything looks a name up: PostgreSQL cannot hold a NUL character, so `%00` would end as a 500 there.
  router.use(rejectNulInTarget);
  const session = { ...defaultSessionSettings(), ...(opts.clock && { clock: opts.clock }), ...opts.session };
  router.use(loginRouter(opts.auth, opts.store, opts.loginLimit, session, opts.localLogin, opts.oidc));
  const oidc = opts.oidc && oidcRouter(opts.auth, opts.store, opts.oidc, session);
  router.use(oidc ? oidc.signIn : oidcNotSet);
  router.use(authenticate(opts.auth, { idleTimeoutMs: session.idleTimeoutMs, now: () => session.clock.now() }));
  // A session started with the identity provider asks it again at most every 15 minutes (oidc-routes.ts).
  if (oidc) router.use(oidc.recheck);
  // Bodies are parsed only for users: anonymous requests are refused before any parsing.
  router.use(jsonBody());
  router.use(sessionRouter(opts.auth, opts.store, session));
  router.use(sessionListRouter(opts.auth, opts.store, session.idleTimeoutMs, session.clock));
  router.use(documentsRouter(opts.store));
  router.use(copyRouter(opts.store));
  const grants = () => opts.auth.listGrants();
  router.use(publishRouter(opts.store, opts.onPublished, opts.validateLimit, opts.validation, session.clock, grants));
  router.use(approvalRouter(opts.store));
  router.use(
    releaseRouter(
      opts.store,
      opts.onPublished,
      opts.releaseStats,
      opts.validation,
      opts.experimentSettings,
      grants,
      session.clock,
    ),
  );
  if (opts.mediaDir) router.use(mediaUploadRouter(opts.mediaDir, opts.mediaMaxBytes, opts.store));
  // The console's draft preview (admin UI engineer): read-only, behind the same authentication.
  router.use(previewRouter(opts.store, opts.previewSandbox));
  router.use(notFoundJson);
  return router;
}
