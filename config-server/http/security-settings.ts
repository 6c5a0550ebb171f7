/**
 * The server's security settings read from the environment, each parsed once at start and refused loudly
 * when it makes no sense (a typo must not silently leave a production server open).
 */
import { intSetting } from './int-setting.js';

/** `trust proxy` as express takes it: false, a hop count, or addresses/subnets/names (`loopback`, `10.0.0.0/8`). */
export type TrustProxy = false | number | string;

/**
 * `TRUST_PROXY`: which proxies in front of this server may say who the client is (`X-Forwarded-For`) and how it
 * connected (`X-Forwarded-Proto`). Unset: none (the client address is the TCP peer's, HTTPS is only what this server
 * terminated itself). `1` (the one load balancer in front), a comma-separated list of its addresses or subnets, or
 * `loopback`/`uniquelocal`. `true` is refused: it trusts every hop, so express takes the leftmost `X-Forwarded-For`
 * entry, which any client writes itself (twelve made-up addresses could roll a healthy release back).
 */
export function trustProxyFromEnv(env: NodeJS.ProcessEnv): TrustProxy {
  const v = (env.TRUST_PROXY ?? '').trim();
  if (!v || /^(false|off|no|0)$/i.test(v)) return false;
  if (/^(true|on|yes)$/i.test(v))
    throw new Error(
      `TRUST_PROXY=${v} trusts every hop, so any client chooses its own address with X-Forwarded-For; ` +
        'use the hop count (1) of the proxies in front of this server, or their addresses or subnets (10.0.0.0/8, loopback)',
    );
  if (/^[0-9]+$/.test(v)) return Number(v);
  const names = new Set(['loopback', 'linklocal', 'uniquelocal']);
  for (const part of v.split(',').map((s) => s.trim())) {
    if (!names.has(part) && !/^[0-9a-fA-F.:]+(\/[0-9]{1,3})?$/.test(part)) {
      throw new Error(
        `TRUST_PROXY: '${part}' is not an address, a subnet (10.0.0.0/8), loopback, linklocal or uniquelocal; use a hop count (1) or addresses`,
      );
    }
  }
  return v;
}

export type CookieSecure = 'auto' | 'always' | 'never';

/**
 * `COOKIE_SECURE`: `on` always marks the session cookie `Secure`, `off` never; unset, it is `Secure` whenever the
 * request came over HTTPS (as the trusted proxy says), and always when `NODE_ENV=production`.
 */
export function cookieSecureFromEnv(env: NodeJS.ProcessEnv): CookieSecure {
  const v = (env.COOKIE_SECURE ?? '').trim().toLowerCase();
  if (v === 'on' || v === 'true' || v === 'always') return 'always';
  if (v === 'off' || v === 'false' || v === 'never') return 'never';
  if (v && v !== 'auto') throw new Error(`COOKIE_SECURE must be on, off or auto (got '${env.COOKIE_SECURE}')`);
  return env.NODE_ENV === 'production' ? 'always' : 'auto';
}

export const DEFAULT_API_TOKEN_TTL_DAYS = 90;

/** `API_TOKEN_TTL_DAYS`: how long a new API token lives unless its minting asks for less or more (default 90). */
export function apiTokenTtlDaysFromEnv(env: NodeJS.ProcessEnv): number {
  return intSetting(env, 'API_TOKEN_TTL_DAYS', {
    fallback: DEFAULT_API_TOKEN_TTL_DAYS,
    min: 1,
    max: 3650,
    unit: 'days',
  });
}

/**
 * `SANDBOX`: the stand-in loan backend at /sandbox (demo data, a fixed SMS code, forced failures). `on` or `off`
 * say so; unset, it is on for development and off when `NODE_ENV=production`, so a production start that forgets
 * the flag exposes nothing.
 */
export function sandboxFromEnv(env: NodeJS.ProcessEnv): boolean {
  const v = (env.SANDBOX ?? '').trim().toLowerCase();
  if (v === 'on' || v === 'true') return true;
  if (v === 'off' || v === 'false') return false;
  if (v) throw new Error(`SANDBOX must be on or off (got '${env.SANDBOX}')`);
  return env.NODE_ENV !== 'production';
}

/**
 * `DEV_PAGES`: the developer pages (screens under `screens/pages/developer/`: `/gallery`, `/testPreview`), which list
 * every widget with sample data and every flow's links with hand-typed device params. `on` or `off` say so; unset,
 * they are on for development and off when `NODE_ENV=production`, where they and their screen documents are 404.
 */
export function devPagesFromEnv(env: NodeJS.ProcessEnv): boolean {
  const v = (env.DEV_PAGES ?? '').trim().toLowerCase();
  if (v === 'on' || v === 'true') return true;
  if (v === 'off' || v === 'false') return false;
  if (v) throw new Error(`DEV_PAGES must be on or off (got '${env.DEV_PAGES}')`);
  return env.NODE_ENV !== 'production';
}

/**
 * `SSR_BACKEND_ORIGINS`: the backend origins (comma-separated, `https://api.example.com`) an API map may name and the
 * server may call while drawing a page; same-origin paths (`/sandbox`) are always allowed. One list for three uses:
 * validation refuses an API map naming another origin, the server never calls one, and the page's CSP
 * `connect-src` allows exactly these, so a published document can never send borrowers' tokens elsewhere.
 * Only the origin of each entry counts (a path is ignored); anything that is not an http(s) URL stops the start.
 */
export function backendOriginsFromEnv(env: NodeJS.ProcessEnv): string[] {
  const origins = new Set<string>();
  for (const part of (env.SSR_BACKEND_ORIGINS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    let url: URL | undefined;
    try {
      url = new URL(part);
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) {
      throw new Error(
        `SSR_BACKEND_ORIGINS: '${part.slice(0, 80)}' is not an http(s) origin such as https://api.example.com`,
      );
    }
    origins.add(url.origin);
  }
  return [...origins];
}

export const DEFAULT_ADMIN_IDLE_TIMEOUT_MIN = 30;

/**
 * `ADMIN_IDLE_TIMEOUT_MIN`: a console session unused for this many minutes ends (default 30; 1-720), besides the
 * 12 hours a session lasts at most. API tokens have no idle timeout (they expire, API_TOKEN_TTL_DAYS).
 */
export function adminIdleTimeoutMinFromEnv(env: NodeJS.ProcessEnv): number {
  return intSetting(env, 'ADMIN_IDLE_TIMEOUT_MIN', {
    fallback: DEFAULT_ADMIN_IDLE_TIMEOUT_MIN,
    min: 1,
    max: 720,
    unit: 'minutes',
  });
}
