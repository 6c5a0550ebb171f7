/**
 * The idle timeout (ASVS V3.3.2): a console session unused for ADMIN_IDLE_TIMEOUT_MIN (default 30) ends,
 * besides the 12 h limit; each use slides it, with at most one store write a minute. The server is given a clock the
 * test moves as a person would wait (timers and sockets stay real).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../clock.js';
import { adminIdleTimeoutMinFromEnv } from '../http/security-settings.js';
import { login, startTestServer, testStores, type Client, type TestServer } from '../testing/test-helpers.js';
import { SESSION_TTL_MS } from './auth.js';

const MIN = 60_000;

describe.each(testStores())('session idle timeout on %s', (store) => {
  let s: TestServer;
  let writes = 0;
  const clock = fixedClock(Date.now());
  beforeAll(async () => {
    s = await startTestServer({ store, clock });
    const touch = s.config.auth.touchSession.bind(s.config.auth);
    s.config.auth.touchSession = (hash, at) => (writes++, touch(hash, at));
  });
  afterAll(() => s?.stop());

  /** From now on the server's time stands still except when the test moves it. */
  const freeze = () => clock.set(Date.now());
  const wait = (ms: number) => clock.advance(ms);
  const me = (c: Client) => c.req('GET', '/admin/api/me');

  it('ends a session unused for 30 minutes: 401 saying so, and the session is gone from the store', async () => {
    freeze();
    const c = await login(s.url, 'vera');
    wait(29 * MIN);
    expect((await me(c)).status).toBe(200);
    wait(30 * MIN + 1000);
    const ended = await me(c);
    expect(ended.status).toBe(401);
    expect((await ended.json()).error.message).toBe(
      'Your session ended after 30 minutes without activity: log in again',
    );
    // Gone, not only refused: even with the clock set back it does not come back.
    wait(-60 * MIN);
    const after = await me(c);
    expect(after.status).toBe(401);
    expect((await after.json()).error.message).toMatch(/Log in first/);
  });

  it('slides with use (refreshed at most once a minute), while the 12 h limit still ends a busy session', async () => {
    freeze();
    const c = await login(s.url, 'ed');
    writes = 0;
    // Three requests within the first minute: no store write.
    for (let i = 0; i < 3; i++) {
      wait(15_000);
      expect((await me(c)).status).toBe(200);
    }
    expect(writes).toBe(0);
    // Used every 20 minutes for 11 hours: never idle, one write per use.
    for (let t = 0; t < 33; t++) {
      wait(20 * MIN);
      expect((await me(c)).status).toBe(200);
    }
    expect(writes).toBe(33);
    // A state change counts as use as well.
    wait(25 * MIN);
    expect((await c.req('POST', '/admin/api/tokens', { label: 'slides' })).status).toBe(201);
    // Past 12 h since login: over, however busy.
    wait(SESSION_TTL_MS - (45 * 1000 + 33 * 20 * MIN + 25 * MIN) + 1000);
    expect((await me(c)).status).toBe(401);
  });

  it('does not apply to API tokens (they expire instead)', async () => {
    freeze();
    const c = await login(s.url, 'pat');
    const { token } = await (await c.req('POST', '/admin/api/tokens', { label: 'script' })).json();
    wait(3 * 60 * MIN);
    expect((await fetch(`${s.url}/admin/api/me`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    expect((await me(c)).status).toBe(401);
  });
});

describe('ADMIN_IDLE_TIMEOUT_MIN', () => {
  it('defaults to 30, takes whole minutes from 1 to 720, and refuses anything else naming the setting', () => {
    expect(adminIdleTimeoutMinFromEnv({})).toBe(30);
    expect(adminIdleTimeoutMinFromEnv({ ADMIN_IDLE_TIMEOUT_MIN: '5' })).toBe(5);
    for (const bad of ['0', '1.5', 'ten', '721', '-3'])
      expect(() => adminIdleTimeoutMinFromEnv({ ADMIN_IDLE_TIMEOUT_MIN: bad })).toThrow(/ADMIN_IDLE_TIMEOUT_MIN/);
  });

  it("sets the server's idle timeout", async () => {
    const clock = fixedClock(Date.now());
    const s = await startTestServer({ env: { ADMIN_IDLE_TIMEOUT_MIN: '5' }, clock });
    try {
      const c = await login(s.url, 'vera');
      clock.advance(4 * MIN);
      expect((await c.req('GET', '/admin/api/me')).status).toBe(200);
      clock.advance(5 * MIN + 1000);
      const ended = await c.req('GET', '/admin/api/me');
      expect(ended.status).toBe(401);
      expect((await ended.json()).error.message).toMatch(/after 5 minutes without activity/);
    } finally {
      await s.stop();
    }
  });
});
