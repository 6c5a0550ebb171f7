/**
 * Login limits per account and per address: a guessed account is blocked only from the guessing address, and the
 * address is the trusted proxy's, never a client's claim.
 */
import { describe, expect, it } from 'vitest';
import { PASSWORD, startTestServer } from '../testing/test-helpers.js';
import { loginRequest } from './testing/admin-requests.js';

describe('login limits per account and per address', () => {
  it('blocks user A from the address guessing it, while A from elsewhere and user B from there still log in', async () => {
    const s = await startTestServer({
      env: { TRUST_PROXY: 'loopback' },
      loginLimit: { windowMs: 60_000, limit: 20, perPair: 3, delayMs: 1, maxDelayMs: 5 },
    });
    try {
      for (let i = 1; i <= 3; i++)
        expect((await loginRequest(s.url, 'pat', 'wrong password!', { 'x-forwarded-for': '10.0.0.1' })).status).toBe(
          401,
        );
      // A from the guessing address: blocked, even with the right password.
      const locked = await loginRequest(s.url, 'pat', PASSWORD, { 'x-forwarded-for': '10.0.0.1' });
      expect(locked.status).toBe(429);
      expect((await locked.json()).error.message).toMatch(/for this account from your address/);
      expect((await loginRequest(s.url, 'pat', PASSWORD, { 'x-forwarded-for': '10.0.0.99' })).status).toBe(200);
      // B: from an address A used, and from a new one.
      expect((await loginRequest(s.url, 'ed', PASSWORD, { 'x-forwarded-for': '10.0.0.1' })).status).toBe(200);
      expect((await loginRequest(s.url, 'ed', PASSWORD, { 'x-forwarded-for': '10.0.0.50' })).status).toBe(200);
    } finally {
      await s.stop();
    }
  });

  it('counts per address as the trusted proxy reports it, and ignores X-Forwarded-For without TRUST_PROXY', async () => {
    const limit = { windowMs: 60_000, limit: 3, perAccount: 100 };
    const trusting = await startTestServer({ env: { TRUST_PROXY: '127.0.0.1' }, loginLimit: limit });
    const plain = await startTestServer({ loginLimit: limit });
    try {
      for (const s of [trusting, plain]) {
        for (let i = 0; i < 3; i++)
          expect(
            (await loginRequest(s.url, `nobody${i}`, 'wrong password!', { 'x-forwarded-for': '10.1.1.1' })).status,
          ).toBe(401);
      }
      // Behind the trusted proxy another client is another address; without TRUST_PROXY the header is a client's claim.
      expect((await loginRequest(trusting.url, 'ed', PASSWORD, { 'x-forwarded-for': '10.2.2.2' })).status).toBe(200);
      expect((await loginRequest(trusting.url, 'ed', PASSWORD, { 'x-forwarded-for': '10.1.1.1' })).status).toBe(429);
      expect((await loginRequest(plain.url, 'ed', PASSWORD, { 'x-forwarded-for': '10.2.2.2' })).status).toBe(429);
    } finally {
      await trusting.stop();
      await plain.stop();
    }
  });
});
