/**
 * Password hashing at OWASP's parameters, and an old-parameter hash re-hashed at the next successful login.
 */
import { describe, expect, it } from 'vitest';
import { login, PASSWORD, startTestServer } from '../testing/test-helpers.js';
import { hashPassword, LEGACY_SCRYPT, OWASP_SCRYPT, paramsOf } from './password.js';
import { loginRequest } from './testing/admin-requests.js';

describe('password hashing', () => {
  it("hashes at OWASP's parameters by default, with the parameters in the hash", async () => {
    const h = await hashPassword(PASSWORD);
    expect(h).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(paramsOf(h)).toEqual(OWASP_SCRYPT);
  });

  it('re-hashes an old-parameter hash at the next successful login, not at a failed one, and leaves a current one alone', async () => {
    const s = await startTestServer({ scrypt: OWASP_SCRYPT });
    try {
      await s.config.auth.upsertUser({
        name: 'old',
        role: 'viewer',
        passwordHash: await hashPassword(PASSWORD, LEGACY_SCRYPT),
      });
      const hashOf = async () => (await s.config.auth.getUser('old'))!.passwordHash;
      const legacy = await hashOf();
      expect(paramsOf(legacy)).toEqual(LEGACY_SCRYPT);
      expect((await loginRequest(s.url, 'old', 'not the password')).status).toBe(401);
      expect(await hashOf()).toBe(legacy);
      const c = await login(s.url, 'old');
      const upgraded = await hashOf();
      expect(paramsOf(upgraded)).toEqual(OWASP_SCRYPT);
      // The session it logged in with, and the password, still work; a current hash is not rewritten.
      expect((await c.req('GET', '/admin/api/me')).status).toBe(200);
      await login(s.url, 'old');
      expect(await hashOf()).toBe(upgraded);
    } finally {
      await s.stop();
    }
  }, 30_000);
});
