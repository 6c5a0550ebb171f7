/**
 * The hash queue in front of scrypt: a third hash waits for one of two slots, a full wait list refuses at once, and
 * the login answers that refusal as 503 with Retry-After (password-flood.timing.test.ts times the effect on serving).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkedFetch as fetch } from '../openapi/check.js';
import { login, PASSWORD, startTestServer, type TestServer } from '../testing/test-helpers.js';
import { HashQueue, HashQueueFull, passwordHashes } from './hash-queue.js';
import { verifyPassword } from './password.js';

/** A hash the test finishes by hand. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  return { open, hash: () => opened.then(() => 'done') };
}

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('HashQueue', () => {
  it('runs two hashes at once; a third starts only when one of them ends, in arrival order', async () => {
    const q = new HashQueue(2, 8);
    const [a, b, c, d] = [gate(), gate(), gate(), gate()];
    const started: string[] = [];
    const track = (name: string, g: ReturnType<typeof gate>) => q.run(() => (started.push(name), g.hash()));
    const runs = [track('a', a), track('b', b), track('c', c), track('d', d)];
    await tick();
    expect(started).toEqual(['a', 'b']);
    expect([q.active, q.queued]).toEqual([2, 2]);
    b.open();
    await tick();
    expect(started).toEqual(['a', 'b', 'c']);
    expect([q.active, q.queued]).toEqual([2, 1]);
    a.open();
    c.open();
    d.open();
    expect(await Promise.all(runs)).toEqual(['done', 'done', 'done', 'done']);
    expect([q.active, q.queued]).toEqual([0, 0]);
  });

  it('refuses at once beyond the wait list, with a Retry-After in whole seconds; a failed hash frees its slot', async () => {
    const q = new HashQueue(2, 1);
    const gates = [gate(), gate(), gate()];
    const runs = gates.map((g) => q.run(g.hash));
    const t0 = performance.now();
    const refused = await q.run(async () => 'never').catch((e: unknown) => e);
    expect(performance.now() - t0).toBeLessThan(50);
    expect(refused).toBeInstanceOf(HashQueueFull);
    expect((refused as HashQueueFull).retryAfterS).toBeGreaterThanOrEqual(1);
    expect(Number.isInteger((refused as HashQueueFull).retryAfterS)).toBe(true);
    for (const g of gates) g.open();
    await Promise.all(runs);
    await expect(q.run(() => Promise.reject(new Error('scrypt failed')))).rejects.toThrow('scrypt failed');
    expect(q.active).toBe(0);
    expect(await q.run(async () => 'next')).toBe('next');
  });

  it('is what verifyPassword waits in', async () => {
    const q = new HashQueue(1, 0);
    const g = gate();
    const busy = q.run(g.hash);
    await expect(verifyPassword(PASSWORD, undefined, { N: 2 ** 10, r: 8, p: 1 }, q)).rejects.toBeInstanceOf(
      HashQueueFull,
    );
    g.open();
    await busy;
    expect(await verifyPassword(PASSWORD, undefined, { N: 2 ** 10, r: 8, p: 1 }, q)).toBe(false);
  });
});

describe("POST /admin/api/login while the process's hash queue is full", () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ loginLimit: { windowMs: 60_000, limit: 3, perPair: 2, perAccount: 2 } });
  });
  afterAll(() => s?.stop());

  it('answers 503 with Retry-After and a JSON reason, counts no failed attempt, and logs in once the queue drains', async () => {
    const gates = Array.from({ length: passwordHashes.concurrency + passwordHashes.maxWaiting }, gate);
    const held = gates.map((g) => passwordHashes.run(g.hash));
    try {
      // More attempts than either limit allows: none is a guess, so none locks the address or the account.
      for (let i = 0; i < 4; i++) {
        const r = await fetch(`${s.url}/admin/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ user: 'pat', password: PASSWORD }),
        });
        expect(r.status).toBe(503);
        expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
        expect((await r.json()).error).toMatchObject({
          status: 503,
          message: expect.stringMatching(/busy.*try again in \d+ s/),
        });
      }
    } finally {
      for (const g of gates) g.open();
      await Promise.all(held);
    }
    const c = await login(s.url, 'pat');
    expect((await c.req('GET', '/admin/api/me')).status).toBe(200);
  });
});
