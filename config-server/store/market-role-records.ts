/**
 * Roles per market: besides a user's global role (`users.role`), a role that holds for one market only (`ID`, `IN`):
 * `publisher` for ID lets someone publish Indonesia's market, text set and landing templates, not India's and not the
 * documents every market shares. Kept in their own table (`market_roles`), so the user record stays as it was.
 */
import type { Role } from './roles.js';

export interface MarketRole {
  market: string;
  role: Role;
}

/** One grant of one active user: their global role (`market` null) or a role for one market. */
export interface Grant {
  user: string;
  role: Role;
  market: string | null;
}

/** What the auth stores add for roles per market (both dialects). */
export interface MarketRoles {
  marketRolesOf(user: string): Promise<MarketRole[]>;
  /** Replaces every market role of `user` (an empty list leaves only their global role). */
  setMarketRoles(user: string, roles: MarketRole[]): Promise<void>;
  /** Every grant of every user not disabled: the four-eyes check asks who has a role on a market. */
  listGrants(): Promise<Grant[]>;
}
