/**
 * A real OpenID Connect provider for browser tests (oidc-provider 9, its own development login and consent pages), on
 * 127.0.0.1: one confidential client for the console, and people in groups (`groups` claim, `groups` scope).
 * Test support only: never imported by the server.
 */
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import Provider from 'oidc-provider';

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who is in which group now; a change applies to the next token the provider issues. */
  groups: Map<string, string[]>;
  /** The user name a login gives itself at the provider (`preferred_username`; its login otherwise). */
  usernames: Map<string, string>;
  close(): Promise<void>;
}

/** A free port on loopback (so two parties can know each other's address before either starts). */
export async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as AddressInfo;
  await new Promise((r) => s.close(r));
  return port;
}

export async function startTestProvider(
  port: number,
  redirectUri: string,
  groups: Record<string, string[]>,
  /** The address the provider calls itself by (default its own): a proxy in front of it, for tests of tampering. */
  issuer = `http://127.0.0.1:${port}`,
): Promise<TestProvider> {
  const clientId = 'ops-console';
  const clientSecret = 'a-long-test-client-secret-for-the-console-0123456789';
  const members = new Map(Object.entries(groups));
  const usernames = new Map<string, string>();
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
      },
    ],
    scopes: ['openid', 'profile', 'email', 'groups'],
    claims: { openid: ['sub'], profile: ['preferred_username', 'name'], email: ['email'], groups: ['groups'] },
    // The claims of the scopes asked for go into the ID token itself (the console reads groups from it).
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    // Like most company providers with a confidential client: a refresh token without asking for offline access.
    issueRefreshToken: async () => true,
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx: unknown, id: string) {
      return {
        accountId: id,
        claims: async () => ({
          sub: id,
          preferred_username: usernames.get(id) ?? id,
          name: id,
          groups: members.get(id) ?? [],
        }),
      };
    },
  });
  const server: Server = provider.listen(port);
  await new Promise<void>((r) => (server.listening ? r() : server.once('listening', () => r())));
  return {
    issuer,
    clientId,
    clientSecret,
    groups: members,
    usernames,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
