/**
 * Console sessions started with the identity provider: the provider's refresh token, so the server can ask again
 * (at most every 15 minutes) whether the person still has a console role. Their own table beside `sessions`.
 */
export interface OidcLogin {
  refreshToken: string;
  /** Epoch ms of the last check with the provider. */
  checkedAt: number;
}

export interface OidcLogins {
  recordOidcLogin(tokenHash: string, login: OidcLogin): Promise<void>;
  oidcLoginOf(tokenHash: string): Promise<OidcLogin | undefined>;
}
