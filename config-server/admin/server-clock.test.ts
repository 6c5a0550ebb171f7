/**
 * The console's time is the server's clock, the one sessions and login counts are made with: the sessions page lists
 * a session that works and not one past the idle timeout, and a blocked login is told the wait left in its window,
 * whatever the machine's own time says.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../clock.js';
import { login, startTestServer, type TestServer } from '../testing/test-helpers.js';

describe('console sessions on the server clock', () => {
  // Far from the machine's time on purpose: a part reading Date itself sees every session as long expired.
  const clock = fixedClock(Date.now() - 30 * 24 * 3_600_000);
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ clock });
  }, 60_000);
  afterAll(() => s?.stop());

  it('lists the session in use, and leaves out one idle past the timeout', async () => {
    const idle = await login(s.url, 'ed');
    clock.advance(2 * 3_600_000);
    const ed = await login(s.url, 'ed');
    const r = await ed.req('GET', '/admin/api/sessions');
    expect(r.status).toBe(200);
    const { sessions } = (await r.json()) as { sessions: { current: boolean }[] };
    expect(sessions.map((x) => x.current)).toEqual([true]);
    expect((await idle.req('GET', '/admin/api/sessions')).status).toBe(401);
  });
});

describe('login throttling on the server clock', () => {
  const clock = fixedClock(Date.now() - 30 * 24 * 3_600_000);
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({
      clock,
      loginLimit: { windowMs: 15 * 60_000, limit: 30, perPair: 2, delayMs: 1, maxDelayMs: 1 },
    });
  }, 60_000);
  afterAll(() => s?.stop());

  it('tells a blocked login to wait what is left of the window, not a second', async () => {
    const attempt = () =>
      fetch(`${s.url}/admin/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ user: 'ed', password: 'not the password' }),
      });
    let r = await attempt();
    for (let i = 0; i < 3 && r.status !== 429; i++) r = await attempt();
    expect(r.status).toBe(429);
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    expect((await r.json()).error.message).toMatch(/try again in 15 minutes/);
  });
});
