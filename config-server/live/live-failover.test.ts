/**
 * A replica killed with open streams ("Faults"): three replicas run as child processes on one real
 * PostgreSQL, pages hold streams through a tiny failover client (as a load balancer would: on a cut, the next replica,
 * with the last id seen), one replica gets SIGKILL — no shutdown, no stream ended cleanly, its sockets closed by the
 * kernel — and a publish lands on a fourth replica while its pages reconnect. Every page must be back on another
 * replica within 5 s and get that publish exactly once (Last-Event-ID). live-replicas.timing.test.ts covers the clean stop.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-helpers.js';
import { sharedTestPostgres } from '../testing/pg-test-server.js';
import { describePostgres } from '../testing/describe-postgres.js';
import { projectRoot } from '../project-root.js';
import { openReady, type SseClient, type SseEvent } from './testing/sse-client.js';
import { publishText } from './testing/live-fixtures.js';

interface Replica {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** The server's own entry (`main.ts`, through tsx: no build step) in a child process, so it can really be killed. */
async function spawnReplica(databaseUrl: string): Promise<Replica> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sdui-failover-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'config-server/main.ts'], {
    cwd: projectRoot,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      SANDBOX: 'on',
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      METRICS_TOKEN: '',
      METRICS_PORT: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    const url = /config server on (http:\/\/\S+)/.exec(out)?.[1];
    if (url) return { url, child, stop };
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`replica did not start:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A page's stream with failover: each connection it made (which replica, when it was ready) and every event. */
interface FailoverPage {
  connections: { replica: number; at: number }[];
  events(): SseEvent[];
  close(): void;
}

function openFailover(urls: string[], first: number, deviceId: string, pauseMs: number): Promise<FailoverPage> {
  const clients: SseClient[] = [];
  const connections: FailoverPage['connections'] = [];
  let closed = false;
  let lastId: string | undefined;
  let ready!: () => void;
  const opened = new Promise<void>((r) => (ready = r));
  void (async () => {
    let i = first;
    for (let attempt = 0; !closed && attempt < 50; attempt++) {
      try {
        const c = await openReady(
          `${urls[i]}/config/v1/live?market=ID&deviceId=${deviceId}`,
          lastId ? { 'last-event-id': lastId } : {},
        );
        if (c.status === 200) {
          clients.push(c);
          connections.push({ replica: i, at: Date.now() });
          ready();
          if (closed) c.close();
          await c.ended;
          lastId = c.lastId ?? lastId;
        } else c.close();
      } catch {
        // Refused (the replica is gone): the next one, as a load balancer would.
      }
      i = (i + 1) % urls.length;
      // A jittered pause, so pages cut together do not arrive together.
      await new Promise((r) => setTimeout(r, pauseMs + Math.random() * 150));
    }
  })();
  return opened.then(() => ({
    connections,
    events: () => clients.flatMap((c) => c.events),
    close: () => {
      closed = true;
      for (const c of clients) c.close();
    },
  }));
}

const changedOf = (e: SseEvent) => (JSON.parse(e.data) as { changed: Record<string, string> }).changed;

describePostgres('live streams: a replica killed with open streams', () => {
  let publisher: TestServer;
  let replicas: Replica[] = [];
  const pages: FailoverPage[] = [];
  beforeAll(async () => {
    const url = await (await sharedTestPostgres()).createDatabase();
    // The in-process replica migrates and imports first; the children then start on a ready database.
    publisher = await startTestServer({ databaseUrl: url, pollMs: 5000 });
    replicas = await Promise.all(Array.from({ length: 3 }, () => spawnReplica(url)));
  }, 120_000);
  afterAll(async () => {
    for (const p of pages) p.close();
    await Promise.all(replicas.map((r) => r.stop()));
    await publisher?.stop();
  });

  it('SIGKILL of a replica: its pages are on another within 5 s and get the publish made meanwhile exactly once', async () => {
    const urls = replicas.map((r) => r.url);
    // Six pages on A (replica 0), two on B as a control that was never cut. Three of A's pages come back at once
    // (racing the publish), three after 1 s, when the publish has surely reached B: only their Last-Event-ID can
    // bring it to them then.
    const devices = Array.from({ length: 8 }, (_, n) => `kill-${n}`);
    const pause = (n: number) => (n >= 3 && n < 6 ? 1000 : 50);
    pages.push(...(await Promise.all(devices.map((d, n) => openFailover(urls, n < 6 ? 0 : 1, d, pause(n))))));
    expect(pages.map((p) => p.connections[0].replica)).toEqual([0, 0, 0, 0, 0, 0, 1, 1]);
    const before = pages.map((p) => p.events().length);

    const killedAt = Date.now();
    replicas[0].child.kill('SIGKILL');
    // The publish is not awaited before the pages move: it races their reconnects, which is the point.
    await publishText(publisher, `while A was killed ${Date.now()}`);
    const etag = (await fetch(`${publisher.url}/config/v1/bundle?market=ID&deviceId=kill-0`)).headers.get('etag');

    const deadline = killedAt + 5000;
    const publishedSinceKill = (p: FailoverPage, n: number) =>
      p
        .events()
        .slice(before[n])
        .filter((e) => e.event === 'published');
    while (Date.now() < deadline && pages.some((p, n) => publishedSinceKill(p, n).length === 0))
      await new Promise((r) => setTimeout(r, 20));
    // Time for a duplicate (a live event after a catch-up, or the other way round) to show.
    await new Promise((r) => setTimeout(r, 500));

    const report = pages.map((p, n) => ({
      device: devices[n],
      replicas: p.connections.map((c) => c.replica),
      reconnectMs: p.connections[1] ? p.connections[1].at - killedAt : undefined,
      published: publishedSinceKill(p, n).map((e) => changedOf(e)['bundle:ID']),
    }));
    console.log(`after SIGKILL of A: ${JSON.stringify(report)}`);
    for (const r of report.slice(0, 6)) {
      expect(r.replicas).toHaveLength(2);
      expect(r.replicas[1]).not.toBe(0);
      expect(r.reconnectMs).toBeLessThan(5000);
      expect(r.published, r.device).toEqual([etag]);
    }
    for (const r of report.slice(6)) {
      expect(r.replicas).toEqual([1]);
      expect(r.published, r.device).toEqual([etag]);
    }
  }, 30_000);
});
