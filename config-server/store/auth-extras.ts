/**
 * The auth store's newer parts, each in its own table and file per database: the sessions page's listing, roles per
 * market and sign-ins with the identity provider. Both auth stores extend this, so the passing-on is written once.
 */
import type { Grant, MarketRole, MarketRoles } from './market-role-records.js';
import type { OidcLogin, OidcLogins } from './oidc-login-records.js';
import type { SessionList, SessionStart } from './session-list-records.js';

export interface AuthExtraParts {
  sessionList: SessionList;
  marketRoles: MarketRoles;
  oidcLogins: OidcLogins;
}

export abstract class AuthExtras implements SessionList, MarketRoles, OidcLogins {
  constructor(private readonly parts: AuthExtraParts) {}

  recordOidcLogin(tokenHash: string, login: OidcLogin) {
    return this.parts.oidcLogins.recordOidcLogin(tokenHash, login);
  }
  oidcLoginOf(tokenHash: string) {
    return this.parts.oidcLogins.oidcLoginOf(tokenHash);
  }

  marketRolesOf(user: string) {
    return this.parts.marketRoles.marketRolesOf(user);
  }
  setMarketRoles(user: string, roles: MarketRole[]) {
    return this.parts.marketRoles.setMarketRoles(user, roles);
  }
  listGrants(): Promise<Grant[]> {
    return this.parts.marketRoles.listGrants();
  }

  recordSessionStart(tokenHash: string, start: SessionStart) {
    return this.parts.sessionList.recordSessionStart(tokenHash, start);
  }
  listSessions(user: string | undefined, now: number) {
    return this.parts.sessionList.listSessions(user, now);
  }
  endSession(id: string, user: string | undefined) {
    return this.parts.sessionList.endSession(id, user);
  }
}
