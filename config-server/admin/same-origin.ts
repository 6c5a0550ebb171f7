/**
 * State-changing console requests (POST, PUT, PATCH, DELETE under /admin/api) must come from the console's own origin
 * (ASVS V4.2.2 / V13.2.3, a second line behind the CSRF token and SameSite=Strict): the browser's `Origin`, or when a
 * browser sent none, the origin of its `Referer`. Another origin, `Origin: null` (sandboxed frames, file pages) or an
 * unreadable `Referer` is 403 naming the header.
 *
 * Neither header at all: browsers send `Origin` on every such request (our `Referrer-Policy` is
 * strict-origin-when-cross-origin), so this is a script. Allowed with an API token (a browser never attaches one on
 * its own, so a forged request cannot carry it) and for the login itself (it carries the password, and its answer is
 * a new session for the caller); refused for a session cookie, which a browser attaches by itself.
 *
 * The console's own origin is the scheme and host this request reached: `req.protocol` and `req.host`, which follow
 * `X-Forwarded-Proto` / `X-Forwarded-Host` only from proxies TRUST_PROXY trusts. Behind a TLS proxy without
 * TRUST_PROXY the server sees http while browsers say https: every write is then refused, with both origins named.
 */
import type { Request } from 'express';
import { HttpError } from '../http/http-error.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const changesState = (req: Request) => !SAFE_METHODS.has(req.method);

/** `scheme://host[:port]` as this server was reached (default ports dropped), or undefined when the Host is unusable. */
export function ownOrigin(req: Request): string | undefined {
  if (!req.host) return undefined;
  try {
    return new URL(`${req.protocol}://${req.host}`).origin;
  } catch {
    return undefined;
  }
}

/** Where the browser says the request comes from: its Origin, else its Referer's origin ('null' when unreadable). */
export function claimedOrigin(req: Request): { header: 'Origin' | 'Referer'; origin: string } | undefined {
  const origin = req.get('origin');
  if (origin !== undefined && origin !== '') return { header: 'Origin', origin };
  const referer = req.get('referer');
  if (referer === undefined || referer === '') return undefined;
  try {
    return { header: 'Referer', origin: new URL(referer).origin };
  } catch {
    return { header: 'Referer', origin: 'null' };
  }
}

/**
 * Throws 403 when a state-changing request names an origin other than ours; `absent` says what happens when it
 * names none: `allow` (API tokens, the login) or `refuse` (session cookies).
 */
export function checkOrigin(req: Request, absent: 'allow' | 'refuse'): void {
  if (!changesState(req)) return;
  const claimed = claimedOrigin(req);
  if (!claimed) {
    if (absent === 'allow') return;
    throw new HttpError(
      403,
      'Missing Origin header: a console session changes things only from the console itself (browsers send Origin; scripts use an API token)',
    );
  }
  const own = ownOrigin(req);
  if (own && claimed.origin === own) return;
  const shown = claimed.origin.slice(0, 100);
  throw new HttpError(
    403,
    `${claimed.header} ${JSON.stringify(shown)} is not this console's origin (${own ?? 'unknown'}): changes are accepted only from the console itself`,
  );
}
