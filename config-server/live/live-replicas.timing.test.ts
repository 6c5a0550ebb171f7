/**
 * Live streams across three replicas on one real PostgreSQL: a publish on A is announced on B's and C's
 * streams within 1 s (LISTEN/NOTIFY; the periodic check is 5 s here, so it cannot be what makes it), and a replica that
 * goes away with open streams loses nothing: its pages reconnect to another with their Last-Event-ID and get what was
 * published meanwhile.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-helpers.js';
import { sharedTestPostgres } from '../testing/pg-test-server.js';
import { describePostgres } from '../testing/describe-postgres.js';
import { openReady, type SseClient } from './testing/sse-client.js';
import { publishText } from './testing/live-fixtures.js';

const changedOf = (e: { data: string }) => (JSON.parse(e.data) as { changed: Record<string, string> }).changed;

describePostgres('live streams on postgres replicas', () => {
  let replicas: TestServer[];
  const open: SseClient[] = [];
  const stream = async (s: TestServer, deviceId: string, lastId?: string) => {
    const c = await openReady(
      `${s.url}/config/v1/live?market=ID&deviceId=${deviceId}`,
      lastId ? { 'last-event-id': lastId } : {},
    );
    open.push(c);
    return c;
  };
  beforeAll(async () => {
    const url = await (await sharedTestPostgres()).createDatabase();
    replicas = await Promise.all(Array.from({ length: 3 }, () => startTestServer({ databaseUrl: url, pollMs: 5000 })));
  }, 60_000);
  afterAll(async () => {
    for (const c of open) c.close();
    await Promise.all(replicas?.map((r) => r.stop()) ?? []);
  });

  it("announces a publish on A on B's and C's streams within 1 s (measured)", async () => {
    const [a, b, c] = replicas;
    const onB = await stream(b, 'd-b');
    const onC = await stream(c, 'd-c');
    const t0 = performance.now();
    await publishText(a, `replicas ${Date.now()}`);
    const [eb, ec] = await Promise.all([onB, onC].map((s) => s.next((e) => e.event === 'published', 1000)));
    const ms = [eb, ec].map((e) => e.at - (t0 + performance.timeOrigin));
    console.log(`publish on A announced on B after ${ms[0].toFixed(0)} ms, on C after ${ms[1].toFixed(0)} ms`);
    expect(Math.max(...ms)).toBeLessThan(1000);
    const etag = (await fetch(`${a.url}/config/v1/bundle?market=ID&deviceId=d-b`)).headers.get('etag');
    expect(changedOf(eb)['bundle:ID']).toBe(etag);
    expect(changedOf(ec)['bundle:ID']).toBe(etag);
  });

  it('a replica gone with open streams: its pages resume on another and miss no publish', async () => {
    const [a, b, c] = replicas;
    const pages = await Promise.all(['p-1', 'p-2', 'p-3'].map((d) => stream(a, d)));
    const ids = pages.map((p) => p.lastId!);
    // A's streams end as its shutdown ends them (server.ts), and a publish lands on C before anyone reconnects.
    const t0 = Date.now();
    a.config.live.close();
    await Promise.all(pages.map((p) => p.ended));
    await publishText(c, `while A was gone ${Date.now()}`);
    const expected = (await fetch(`${c.url}/config/v1/bundle?market=ID&deviceId=p-1`)).headers.get('etag');
    const resumed = await Promise.all(pages.map((p, i) => stream(b, `p-${i + 1}`, ids[i])));
    const events = await Promise.all(resumed.map((r) => r.next((e) => e.event === 'published', 2000)));
    expect(Date.now() - t0).toBeLessThan(5000);
    for (const e of events) expect(changedOf(e)['bundle:ID']).toBe(expected);
    // Exactly once: B does not announce it again on the resumed streams.
    await new Promise((r) => setTimeout(r, 300));
    for (const r of resumed) expect(r.events.filter((e) => e.event === 'published')).toHaveLength(1);
  });
});
