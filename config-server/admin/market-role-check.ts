/**
 * Roles per market at publish, rollback and release time: every document of the change needs the role on the
 * markets it belongs to (both sides of the change), or a global role when every market shares it. One document
 * refused refuses the whole write, naming each with its market and the role needed (403).
 */
import { HttpError } from '../http/http-error.js';
import type { NewDocument, PublishCheck, PublishCheckInput, Role } from '../store/config-store.js';
import type { Grant } from '../store/market-role-records.js';
import { documentRefusal, roleOn, type RoleHolder } from './market-access.js';

const marketDocs = (docs: NewDocument[]) =>
  docs.filter((d) => d.kind === 'market').map((d) => d.content as Record<string, unknown>);

export function marketRoleCheck(u: RoleHolder, role: Role, current: NewDocument[], action = 'published'): PublishCheck {
  return ({ wouldBe, changes }: PublishCheckInput) => {
    const markets = [...marketDocs(current), ...marketDocs(wouldBe)];
    const refused = changes.flatMap((c) => documentRefusal(u, role, c.kind, c.id, [c.before, c.after], markets) ?? []);
    if (refused.length)
      throw new HttpError(403, `Nothing was ${action}: ${refused.join('; ')}`, {
        documents: changes.map((c) => ({ kind: c.kind, id: c.id })),
        role,
      });
  };
}

/**
 * Four eyes counts only people with a role on the market (global or for it): `onMarket(person, market)` over every
 * active user's grants, for publish-checks.ts.
 */
export function rolesOnMarkets(grants: Grant[]): (person: string, market: string) => boolean {
  const byUser = new Map<string, RoleHolder>();
  for (const g of grants) {
    const h = byUser.get(g.user) ?? { name: g.user, role: 'viewer' as Role, marketRoles: [] };
    if (g.market === null) h.role = g.role;
    else h.marketRoles.push({ market: g.market, role: g.role });
    byUser.set(g.user, h);
  }
  return (person, market) => {
    const h = byUser.get(person);
    return !!h && roleOn(h, market) !== 'viewer';
  };
}
