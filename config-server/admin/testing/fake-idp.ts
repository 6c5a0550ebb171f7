/**
 * A stand-in OpenID Connect provider on 127.0.0.1 for sign-in tests: discovery, keys (RS256), an authorization endpoint
 * that signs in whoever the test names next, and a token endpoint checking the PKCE verifier. Not imported by
 * production code.
 */
import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeIdpPerson {
  sub: string;
  preferred_username?: string;
  groups: string[];
}

const b64 = (v: Buffer | string) => Buffer.from(v).toString('base64url');

export async function startFakeIdp(clientId: string) {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid: 'k1', use: 'sig', alg: 'RS256' };
  const codes = new Map<string, { person: FakeIdpPerson; nonce: string; challenge: string }>();
  let next: FakeIdpPerson | undefined;
  let issuer = '';

  const idToken = (person: FakeIdpPerson, nonce: string) => {
    const now = Math.floor(Date.now() / 1000);
    const head = b64(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid: 'k1' }));
    const body = b64(JSON.stringify({ iss: issuer, aud: clientId, iat: now, exp: now + 300, nonce, ...person }));
    return `${head}.${body}.${b64(sign('sha256', Buffer.from(`${head}.${body}`), privateKey))}`;
  };

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/.well-known/openid-configuration')
      return json(200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
      });
    if (url.pathname === '/jwks') return json(200, { keys: [jwk] });
    if (url.pathname === '/authorize') {
      if (!next) return json(400, { error: 'nobody to sign in' });
      const code = randomBytes(16).toString('hex');
      const q = url.searchParams;
      codes.set(code, { person: next, nonce: q.get('nonce') ?? '', challenge: q.get('code_challenge') ?? '' });
      const back = new URL(q.get('redirect_uri')!);
      back.searchParams.set('code', code);
      back.searchParams.set('state', q.get('state') ?? '');
      res.writeHead(303, { location: back.href });
      return res.end();
    }
    if (url.pathname === '/token') {
      let text = '';
      req.on('data', (c: Buffer) => (text += c));
      req.on('end', () => {
        const form = new URLSearchParams(text);
        const grant = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        const verifier = form.get('code_verifier') ?? '';
        if (!grant || b64(createHash('sha256').update(verifier).digest()) !== grant.challenge)
          return json(400, { error: 'invalid_grant' });
        json(200, {
          access_token: randomBytes(16).toString('hex'),
          token_type: 'Bearer',
          expires_in: 300,
          refresh_token: randomBytes(16).toString('hex'),
          id_token: idToken(grant.person, grant.nonce),
        });
      });
      return;
    }
    json(404, { error: 'not found' });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    /** Who the next visit of the authorization endpoint signs in. */
    signInNext(person: FakeIdpPerson) {
      next = person;
    },
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}
