/**
 * Roles per market, applied to documents. A user's role is global or for one market (`publisher:ID`). A market's own
 * documents (the market, the text set it uses, its landing templates) need the role globally or for that market;
 * shared documents (screens, maps, a template for every market) need it globally. Refusals name the document, the
 * market and the role needed, and what the person has.
 */
import { HttpError } from '../http/http-error.js';
import { ROLES, type Role } from '../store/config-store.js';
import type { MarketRole } from '../store/market-role-records.js';

/** Who is asking: their global role and their roles per market. */
export interface RoleHolder {
  name: string;
  role: Role;
  marketRoles: MarketRole[];
}

const rank = (r: Role) => ROLES.indexOf(r);
const higher = (a: Role, b: Role) => (rank(a) >= rank(b) ? a : b);

/** `publisher:ID` or `publisher`; undefined when it is neither. */
export function parseRole(text: string): { role: Role; market: string | null } | undefined {
  const m = /^(viewer|editor|publisher)(?::([A-Z]{2}))?$/.exec(text.trim());
  return m ? { role: m[1] as Role, market: m[2] ?? null } : undefined;
}

/** The role `u` has on `market` (global or for it); `null`: their global role alone. */
export function roleOn(u: RoleHolder, market: string | null): Role {
  let r = u.role;
  if (market !== null) for (const g of u.marketRoles) if (g.market === market) r = higher(r, g.role);
  return r;
}

/** The highest role `u` has anywhere: what a route's first gate asks. */
export function highestRole(u: RoleHolder): Role {
  return u.marketRoles.reduce((r, g) => higher(r, g.role), u.role);
}

/** How a person's roles read in a refusal: `publisher for ID, viewer elsewhere`. */
export function describeRoles(u: RoleHolder): string {
  const per = u.marketRoles.filter((g) => rank(g.role) > rank(u.role)).map((g) => `${g.role} for ${g.market}`);
  return per.length ? `${per.join(', ')}, ${u.role} elsewhere` : `the ${u.role} role`;
}

type Doc = Record<string, unknown>;

/**
 * The markets a document belongs to, or `null` when every market shares it (screens, maps, a template without a
 * market): the market itself, the markets using a text set, a template's market.
 */
export function ownerMarkets(kind: string, content: unknown, markets: Doc[]): string[] | null {
  const d = (content ?? {}) as Doc;
  if (kind === 'market') return [String(d.id)];
  if (kind === 'text-set') {
    const users = markets.filter((m) => m.textSet === d.id).map((m) => String(m.id));
    return users.length ? users : null;
  }
  if (kind === 'landing-template' && typeof d.market === 'string') return [d.market];
  return null;
}

const VERB: Record<Role, string> = { viewer: 'reading', editor: 'saving', publisher: 'publishing' };

/**
 * Why `u` may not act as `role` on document `kind/id` whose sides are `contents` (undefined: they may). Both sides
 * count: a text set moved from India to Indonesia needs the role for both.
 */
export function documentRefusal(
  u: RoleHolder,
  role: Role,
  kind: string,
  id: string,
  contents: unknown[],
  markets: Doc[],
): string | undefined {
  const owners = new Set<string>();
  for (const c of contents) {
    const o = ownerMarkets(kind, c, markets);
    if (o === null) {
      if (rank(roleOn(u, null)) >= rank(role)) continue;
      return `${kind}/${id} is shared by every market: ${VERB[role]} it needs a global ${role} role; ${u.name} has ${describeRoles(u)}`;
    }
    o.forEach((m) => owners.add(m));
  }
  const missing = [...owners].filter((m) => rank(roleOn(u, m)) < rank(role)).sort();
  if (!missing.length) return undefined;
  return `${kind}/${id} belongs to market ${missing.join(', ')}: ${VERB[role]} it needs the ${role} role for ${missing.join(' and ')} (or a global one); ${u.name} has ${describeRoles(u)}`;
}

/** `documentRefusal` as a 403 naming the market and the role (details: the document, markets and role). */
export function requireDocumentRole(
  u: RoleHolder,
  role: Role,
  kind: string,
  id: string,
  contents: unknown[],
  markets: Doc[],
) {
  const why = documentRefusal(u, role, kind, id, contents, markets);
  if (why) throw new HttpError(403, why, { kind, id, role });
}
