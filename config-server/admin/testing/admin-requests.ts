/**
 * Raw admin requests the test client does not make: a call with a bearer token, a login with chosen headers (a
 * forwarded address or protocol), and a fresh session's cookie and CSRF token for a multipart request.
 */
import { checkedFetch as fetch } from '../../openapi/check.js';
import { PASSWORD } from '../../testing/test-helpers.js';

/** A fetch with a bearer token. */
export const bearer = (base: string, token: string, path = '/admin/api/me', init: RequestInit = {}) =>
  fetch(base + path, {
    ...init,
    headers: {
      authorization: `Bearer ${token}`,
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.headers as object),
    },
  });

export const loginRequest = (base: string, user: string, password: string, headers: Record<string, string> = {}) =>
  fetch(`${base}/admin/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ user, password }),
  });

/** A fresh session's cookie and CSRF token (for a multipart request, which the test client does not build). */
export async function rawSession(base: string, user: string) {
  const r = await loginRequest(base, user, PASSWORD);
  return {
    cookie: r.headers.get('set-cookie')!.split(';')[0],
    csrf: ((await r.json()) as { csrfToken: string }).csrfToken,
  };
}
