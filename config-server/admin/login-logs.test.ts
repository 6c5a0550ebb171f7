/**
 * A typed user name that is no account (often a password typed into the wrong box) is never
 * written to the log, on a failed login or on a lockout; a real account's name is. The server logs through a captured
 * pino logger, as in production (app messages and access lines alike).
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkedFetch as fetch } from '../openapi/check.js';
import { createLogger } from '../ops/logger.js';
import { startTestServer, type TestServer } from '../testing/test-helpers.js';

/** What a person types into the name box by mistake. */
const TYPED_PASSWORD = 'Monsoon-Kettle-2024!';

describe('failed logins and lockouts in the log', () => {
  let s: TestServer;
  const lines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    const logger = createLogger({ destination: { write: (l: string) => void lines.push(JSON.parse(l)) } });
    s = await startTestServer({
      logger,
      log: undefined,
      loginLimit: { windowMs: 60_000, limit: 50, perPair: 2, delayMs: 1, maxDelayMs: 5 },
    });
  });
  afterAll(() => s?.stop());

  const attempt = (user: string) =>
    fetch(`${s.url}/admin/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user, password: 'not the right one' }),
    });
  const messages = () => lines.map((l) => String(l.msg));

  it('names a real account that is locked, and says "unknown account" for a name that is none', async () => {
    for (let i = 0; i < 2; i++) expect((await attempt(TYPED_PASSWORD)).status).toBe(401);
    expect((await attempt(TYPED_PASSWORD)).status).toBe(429);
    for (let i = 0; i < 2; i++) expect((await attempt('pat')).status).toBe(401);
    expect((await attempt('pat')).status).toBe(429);

    expect(messages()).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^login failed: unknown account from \S+: no such user$/),
        expect.stringMatching(/^login: unknown account blocked from \S+ after 2 failed logins$/),
        expect.stringMatching(/^login failed: pat from \S+: wrong password$/),
        expect.stringMatching(/^login: account "pat" blocked from \S+ after 2 failed logins$/),
      ]),
    );
    // Not in any line (app message, access line, or field), nor in any form a search would find.
    const all = JSON.stringify(lines);
    expect(all).not.toContain(TYPED_PASSWORD);
    expect(all.toLowerCase()).not.toContain('monsoon');
    // Nor kept in the failed-attempts table: counted under a hash of the name.
    const db = new Database(join(s.dataDir, 'config.sqlite'), { readonly: true });
    try {
      const keys = (db.prepare('SELECT key FROM login_attempts').all() as { key: string }[]).map((r) => r.key);
      expect(keys.length).toBeGreaterThanOrEqual(3);
      expect(keys.join('\n').toLowerCase()).not.toContain('monsoon');
      expect(keys.join('\n')).not.toMatch(/user:pat$/m);
    } finally {
      db.close();
    }
  });
});
