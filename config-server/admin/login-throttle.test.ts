/**
 * Failed logins throttle the attacker, not the owner: the pair (address, account) and the address slow down and then
 * block; the account alone only slows down, so the owner's right password from their own address still works.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkedFetch as fetch } from '../openapi/check.js';
import { PASSWORD, startTestServer, type TestServer } from '../testing/test-helpers.js';

const from = (s: TestServer, address: string, user: string, password: string) =>
  fetch(`${s.url}/admin/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ user, password }),
  });

const timed = async <T>(f: () => Promise<T>) => {
  const t0 = performance.now();
  const value = await f();
  return { value, ms: performance.now() - t0 };
};

describe('login throttling', () => {
  let s: TestServer;
  const lines: string[] = [];
  beforeAll(async () => {
    s = await startTestServer({
      env: { TRUST_PROXY: 'loopback' },
      log: (m: string) => void lines.push(m),
      loginLimit: { windowMs: 60_000, limit: 12, perPair: 4, perAccount: 6, delayMs: 60, maxDelayMs: 400 },
    });
  }, 60_000);
  afterAll(() => s?.stop());

  it("lets the owner in from their own address after ten failures against the account from the attacker's", async () => {
    for (let i = 0; i < 10; i++) {
      const r = await from(s, '10.9.0.1', 'pat', 'wrong password!');
      expect([401, 429]).toContain(r.status);
    }
    const owner = await from(s, '10.9.0.2', 'pat', PASSWORD);
    expect(owner.status).toBe(200);
  });

  it('slows the pair after two failures, then blocks it (even with the right password), with Retry-After', async () => {
    const quick = await timed(() => from(s, '10.8.0.1', 'ed', 'wrong password!'));
    expect(quick.value.status).toBe(401);
    await from(s, '10.8.0.1', 'ed', 'wrong password!');
    const slowed = await timed(() => from(s, '10.8.0.1', 'ed', 'wrong password!'));
    expect(slowed.value.status).toBe(401);
    expect(slowed.ms).toBeGreaterThanOrEqual(55);
    expect((await from(s, '10.8.0.1', 'ed', 'wrong password!')).status).toBe(401);
    const blocked = await from(s, '10.8.0.1', 'ed', PASSWORD);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await blocked.json()).error.message).toMatch(/for this account from your address/);
    expect(lines).toContainEqual(expect.stringMatching(/^login: account "ed" blocked from 10\.8\.0\.1 after 4/));
    // The same account from another address, and another account from the same address, still log in.
    expect((await from(s, '10.8.0.2', 'ed', PASSWORD)).status).toBe(200);
    expect((await from(s, '10.8.0.1', 'vera', PASSWORD)).status).toBe(200);
  });

  it('blocks an address spraying many accounts, whatever account it tries next', async () => {
    for (let i = 0; i < 12; i++) expect((await from(s, '10.7.0.1', `nobody${i}`, 'wrong password!')).status).toBe(401);
    const blocked = await from(s, '10.7.0.1', 'vera', PASSWORD);
    expect(blocked.status).toBe(429);
    expect((await blocked.json()).error.message).toMatch(/from your address/);
    expect((await from(s, '10.7.0.2', 'vera', PASSWORD)).status).toBe(200);
  });

  it('only slows an account guessed from many addresses: never a 429, the owner waits at most maxDelayMs', async () => {
    for (let i = 1; i <= 20; i++) {
      const r = await from(s, `10.6.0.${i}`, 'paula', 'wrong password!');
      expect(r.status).toBe(401);
    }
    const owner = await timed(() => from(s, '10.6.1.1', 'paula', PASSWORD));
    expect(owner.value.status).toBe(200);
    expect(owner.ms).toBeGreaterThanOrEqual(350);
    expect(owner.ms).toBeLessThan(3000);
  });
});
