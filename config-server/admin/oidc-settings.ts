/**
 * Sign-in with the company's identity provider (OpenID Connect), read once at start. All of OIDC_ISSUER,
 * OIDC_CLIENT_ID, OIDC_CLIENT_SECRET and OIDC_REDIRECT_URI, or none; OIDC_GROUP_ROLES maps the provider's groups (the
 * `groups` claim) to console roles: `ops-id=publisher:ID,ops-in=editor:IN,ops-leads=publisher`. LOCAL_PASSWORDS=off
 * turns password logins off except for the break-glass accounts named in BREAK_GLASS_USERS (created from the command
 * line with `admin:create-user`). Anything malformed stops the start, naming the setting.
 */
import { intSetting } from '../http/int-setting.js';
import type { MarketRole } from '../store/market-role-records.js';
import type { Role } from '../store/roles.js';
import { parseRole } from './market-access.js';

export interface OidcSettings {
  issuer: URL;
  clientId: string;
  clientSecret: string;
  redirectUri: URL;
  /** Group name → the roles it gives (global when `market` is null). */
  groupRoles: Map<string, { role: Role; market: string | null }[]>;
  /** How often a session asks the provider again whether its person still has a role (ms; at most 15 minutes). */
  recheckMs: number;
}

export interface LocalLoginSettings {
  /** Password logins allowed for everyone (true), or only for `breakGlass`. */
  passwords: boolean;
  breakGlass: string[];
}

const NAMES = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_REDIRECT_URI'] as const;

function urlSetting(env: NodeJS.ProcessEnv, name: string): URL {
  const raw = String(env[name]).trim();
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${name}: '${raw.slice(0, 80)}' is not a URL (https://login.example.com/realms/ops)`);
  }
  if (url.protocol !== 'https:' && !['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname))
    throw new Error(`${name} must be https (plain http only on loopback, for tests): got '${raw.slice(0, 80)}'`);
  return url;
}

/** `ops-id=publisher:ID,ops-in=editor:IN,ops-leads=publisher` (a group may be named twice: its roles add up). */
export function parseGroupRoles(raw: string): OidcSettings['groupRoles'] {
  const map: OidcSettings['groupRoles'] = new Map();
  for (const part of raw
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const eq = part.lastIndexOf('=');
    const group = part.slice(0, eq).trim();
    const role = eq > 0 ? parseRole(part.slice(eq + 1)) : undefined;
    if (!group || !role)
      throw new Error(
        `OIDC_GROUP_ROLES: '${part.slice(0, 80)}' is not group=role, with role viewer, editor or publisher, optionally :ID or :IN (ops-id=publisher:ID)`,
      );
    map.set(group, [...(map.get(group) ?? []), role]);
  }
  return map;
}

export function oidcSettingsFromEnv(env: NodeJS.ProcessEnv): OidcSettings | undefined {
  const set = NAMES.filter((n) => (env[n] ?? '').trim());
  if (!set.length) return undefined;
  if (set.length < NAMES.length)
    throw new Error(
      `OpenID Connect needs all of ${NAMES.join(', ')}: missing ${NAMES.filter((n) => !set.includes(n)).join(', ')}`,
    );
  const groupRoles = parseGroupRoles(env.OIDC_GROUP_ROLES ?? '');
  if (!groupRoles.size)
    throw new Error('OIDC_GROUP_ROLES is empty: map at least one group to a role (ops-id=publisher:ID)');
  return {
    issuer: urlSetting(env, 'OIDC_ISSUER'),
    clientId: String(env.OIDC_CLIENT_ID).trim(),
    clientSecret: String(env.OIDC_CLIENT_SECRET).trim(),
    redirectUri: urlSetting(env, 'OIDC_REDIRECT_URI'),
    groupRoles,
    recheckMs: recheckSeconds(env) * 1000,
  };
}

/** `OIDC_RECHECK_SECONDS`: 900 (15 minutes) unless lowered (1-900). */
function recheckSeconds(env: NodeJS.ProcessEnv): number {
  return intSetting(env, 'OIDC_RECHECK_SECONDS', { fallback: 900, min: 1, max: 900, unit: 'seconds' });
}

export function localLoginFromEnv(env: NodeJS.ProcessEnv, oidc: OidcSettings | undefined): LocalLoginSettings {
  const v = (env.LOCAL_PASSWORDS ?? '').trim().toLowerCase();
  if (v && !['on', 'off'].includes(v))
    throw new Error(`LOCAL_PASSWORDS must be on or off (got '${env.LOCAL_PASSWORDS}')`);
  const breakGlass = (env.BREAK_GLASS_USERS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (v === 'off' && !oidc) throw new Error('LOCAL_PASSWORDS=off needs OpenID Connect (OIDC_ISSUER and the rest)');
  if (v === 'off' && !breakGlass.length)
    throw new Error('LOCAL_PASSWORDS=off needs BREAK_GLASS_USERS: the account(s) that still log in with a password');
  return { passwords: v !== 'off', breakGlass };
}

/**
 * The console roles a person's groups give: the highest global role, and per market the highest role above it.
 * Undefined when no group of theirs is mapped (no access).
 */
export function rolesFromGroups(
  groups: unknown,
  map: OidcSettings['groupRoles'],
): { role: Role; marketRoles: MarketRole[] } | undefined {
  const ranks: Role[] = ['viewer', 'editor', 'publisher'];
  const list = Array.isArray(groups) ? groups.filter((g): g is string => typeof g === 'string') : [];
  const grants = list.flatMap((g) => map.get(g) ?? []);
  if (!grants.length) return undefined;
  const top = (rs: Role[]) => rs.reduce((a, b) => (ranks.indexOf(b) > ranks.indexOf(a) ? b : a), 'viewer' as Role);
  const role = top(grants.filter((g) => g.market === null).map((g) => g.role));
  const markets = [...new Set(grants.flatMap((g) => (g.market === null ? [] : [g.market])))].sort();
  const marketRoles = markets
    .map((market) => ({ market, role: top(grants.filter((g) => g.market === market).map((g) => g.role)) }))
    .filter((g) => ranks.indexOf(g.role) > ranks.indexOf(role));
  return { role, marketRoles };
}
